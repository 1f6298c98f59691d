// The replay viewer: every step of a finished game with all its secrets, a slider and play/pause.
import { loadBoard, el } from "./render.js";

const root = document.getElementById("replay");
const board = document.getElementById("board");
const slider = document.getElementById("step");
const stepLabel = document.getElementById("step-label");
const stepEvents = document.getElementById("step-events");
const playButton = document.getElementById("play");
const buttons = {
  first: document.getElementById("first"),
  prev: document.getElementById("prev"),
  next: document.getElementById("next"),
  last: document.getElementById("last"),
};
const render = await loadBoard(root.dataset.board);

async function fetchReplay() {
  const response = await fetch(`/api/games/${encodeURIComponent(root.dataset.gameId)}/replay`);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.detail || `The replay could not be loaded (${response.status}).`);
  return body;
}

let replay;
try {
  replay = await fetchReplay();
} catch (err) {
  stepLabel.textContent = "";
  board.replaceChildren(el("p", { class: "error", role: "alert" }, err.message));
  throw err;
}
const steps = replay.steps;
const last = steps.length - 1;
slider.max = String(last);
let current = 0;
let timer = null;

function show(index) {
  current = Math.max(0, Math.min(last, index));
  const step = steps[current];
  slider.value = String(current);
  root.dataset.step = String(current);
  const who = step.seat === null || step.seat === undefined ? "Setup" : replay.players[step.seat];
  stepLabel.replaceChildren(el("b", {}, `Step ${current} of ${last}`), ` · ${who}`);
  stepEvents.replaceChildren(step.events.length
    ? el("ol", { class: "events" }, step.events.map((e) =>
      el("li", { class: e.to ? "private" : null }, el("span", { class: "text" }, e.text),
        e.to ? el("span", { class: "badge", title: "Was secret while the game ran" }, "secret") : null)))
    : el("p", { class: "muted" }, current === 0 ? "The cards are dealt." : "Nothing to report."));
  buttons.first.disabled = buttons.prev.disabled = current === 0;
  buttons.next.disabled = buttons.last.disabled = current === last;
  const end = current === last;
  render(board, {
    game: replay.game, players: replay.players, seat: null, version: step.seq,
    status: end ? replay.status : "active", result: end ? replay.result : null,
    view: step.view, prompts: [], waiting: [], log: [],
  }, () => {}, { replay: true });
}

function stop() {
  clearInterval(timer);
  timer = null;
  playButton.textContent = "Play";
}

function go(index) {
  stop();
  show(index);
}

slider.addEventListener("input", () => go(Number(slider.value)));
buttons.first.addEventListener("click", () => go(0));
buttons.prev.addEventListener("click", () => go(current - 1));
buttons.next.addEventListener("click", () => go(current + 1));
buttons.last.addEventListener("click", () => go(last));
playButton.addEventListener("click", () => {
  if (timer) return stop();
  if (current === last) show(0);
  playButton.textContent = "Pause";
  timer = setInterval(() => {
    if (current >= last) return stop();
    show(current + 1);
  }, 800);
});
document.addEventListener("keydown", (ev) => {
  if (ev.target instanceof HTMLInputElement && ev.target !== slider) return;
  if (ev.target === slider) return; // the slider handles its own arrow keys
  const moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last };
  if (ev.key in moves) {
    ev.preventDefault();
    go(moves[ev.key]);
  }
});
show(0);
