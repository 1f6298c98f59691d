// The replay viewer: every step of a finished game with all its secrets, a slider and play/pause.
import { loadBoard, el } from "./render.js";

const root = document.getElementById("replay");
const board = document.getElementById("board");
const slider = document.getElementById("step");
const stepLabel = document.getElementById("step-label");
const stepEvents = document.getElementById("step-events");
const playButton = document.getElementById("play");
const render = await loadBoard(root.dataset.game);

const response = await fetch(`/api/games/${encodeURIComponent(root.dataset.gameId)}/replay`);
const replay = await response.json();
const steps = replay.steps;
slider.max = String(steps.length - 1);
let timer = null;

function show(index) {
  const step = steps[index];
  slider.value = String(index);
  const who = step.seat === null ? "Setup" : `${replay.players[step.seat]}`;
  stepLabel.textContent = `Step ${index} of ${steps.length - 1} · ${who}`;
  stepEvents.replaceChildren(el("ol", {}, step.events.map((e) => el("li", {}, e.text))));
  render(board, {
    game: replay.game, players: replay.players, seat: null, version: step.seq,
    status: index === steps.length - 1 ? replay.status : "active",
    result: index === steps.length - 1 ? replay.result : null,
    view: step.view, prompts: [], waiting: [], log: [],
  }, () => {});
}

function stop() {
  clearInterval(timer);
  timer = null;
  playButton.textContent = "Play";
}

slider.addEventListener("input", () => show(Number(slider.value)));
document.getElementById("prev").addEventListener("click", () => show(Math.max(0, Number(slider.value) - 1)));
document.getElementById("next").addEventListener("click", () => show(Math.min(steps.length - 1, Number(slider.value) + 1)));
playButton.addEventListener("click", () => {
  if (timer) return stop();
  playButton.textContent = "Pause";
  timer = setInterval(() => {
    const next = Number(slider.value) + 1;
    if (next >= steps.length) return stop();
    show(next);
  }, 700);
});
show(0);
