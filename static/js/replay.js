// The replay viewer: every step of a finished game with all its secrets, a slider, play/pause at
// a chosen speed, and landmarks to jump to. The board gets each step's view (every hand and
// loyalty card face up) and the log of every step so far, secrets included; a game's board may
// also say who put which card into a check, and which steps are landmarks (its `landmarks`
// export: kinds with their names, and marks {index, kind, label}).
//
// The server sends the first step's view whole and every later step as a JSON Patch from the
// step before. The page works out every step's view once, as soon as it has the replay: each
// view shares with the one before it everything the patch did not touch, so this is quick and
// small even for a long game, and moving the slider anywhere just shows a view already there.
import { patched } from "./patching.js";
import { loadBoardModule, el, sayLine } from "./render.js";
import { t, onLanguageChange } from "./i18n/index.js";
import { mountReplayChat } from "./chat.js";

const root = document.getElementById("replay");
const board = document.getElementById("board");
const slider = document.getElementById("step");
const stepLabel = document.getElementById("step-label");
const stepEvents = document.getElementById("step-events");
const playButton = document.getElementById("play");
const speedSelect = document.getElementById("speed");
const landmarkBox = document.getElementById("landmarks");
const kindSelect = document.getElementById("landmark-kind");
const landmarkSelect = document.getElementById("landmark");
const landmarkButtons = {
  prev: document.getElementById("prev-landmark"),
  next: document.getElementById("next-landmark"),
};
const buttons = {
  first: document.getElementById("first"),
  prev: document.getElementById("prev"),
  next: document.getElementById("next"),
  last: document.getElementById("last"),
};
stepLabel.textContent = t("replay.loading");
playButton.textContent = t("replay.play");
const boardModule = await loadBoardModule(root.dataset.board);
const render = boardModule.render;
const logText = boardModule.logText || sayLine;
// The seats' names in the board's messages at a step (the game's board may add the characters).
const namesAt = (step) => (boardModule.seatNames ? boardModule.seatNames(step.view, replay.players) : replay.players);

class Refused extends Error {
  constructor(said) {
    super(typeof said === "string" ? said : said?.key);
    this.said = said;
  }
}

async function fetchReplay() {
  const response = await fetch(`/api/games/${encodeURIComponent(root.dataset.gameId)}/replay`);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Refused(body.msg ?? body.detail ?? { key: "replay.failed", params: { status: response.status } });
  return body;
}

/** Every step's view: the first as sent, each later one patched from the one before (a step
 * that carries its whole view, as older servers sent every step, keeps it). */
function materialize(steps) {
  let view = null;
  steps.forEach((step, index) => {
    if (step.view === undefined || step.view === null) {
      if (index === 0) throw new Error("the replay's first step has no view");
      step.view = patched(view, step.patch || []);
    }
    view = step.view;
  });
}

let replay;
try {
  replay = await fetchReplay();
  materialize(replay.steps);
} catch (err) {
  stepLabel.textContent = "";
  const words = () => (err instanceof Refused ? sayLine(err.said) : err.message);
  board.replaceChildren(el("p", { class: "error", role: "alert" }, words()));
  onLanguageChange(() => { board.firstChild.textContent = words(); });
  throw err;
}
const steps = replay.steps;
const last = steps.length - 1;
slider.max = String(last);
// For the browser tests: the replay with every step's view as this page worked it out.
window.quorumReplay = replay;
let current = 0;
let timer = null;
const chat = mountReplayChat(document.getElementById("chat"), replay.chat || []);

// The log as a seat would have read it, but for everyone: public lines, and each secret line
// once with the seat it was for. Lines hidden from some seats (`not_to`) are the public shadows
// of a secret (e.g. "Ann drew 2 cards" for everyone but Ann), and so are lines shown to several
// seats (games stored before shadows were public), so the secret line stands for them.
function logEntry(step, event) {
  return { seq: step.seq, kind: event.kind, text: event.text, msg: event.msg, data: event.data,
    private: Boolean(event.to), for: event.to && event.to.length === 1 ? event.to[0] : null };
}
const logs = [];
{
  const all = [];
  for (const step of steps) {
    for (const event of step.events) {
      if (event.not_to || (event.to && event.to.length > 1)) continue;
      all.push(logEntry(step, event));
    }
    logs.push(all.length);
  }
  logs.all = all;
}

// Who put which card into each skill check, from the actions (only a replay knows this).
const plays = [];
{
  let running = [];
  let finished = [];
  for (const step of steps) {
    if (step.action && step.action.type === "add" && step.seat !== null) {
      running.push({ seat: step.seat, card: step.action.card });
    }
    if (step.events.some((e) => e.kind === "check_result")) {
      finished = running;
      running = [];
    }
    plays.push({ running: [...running], last: [...finished] });
  }
}

function who(step) {
  return step.seat === null || step.seat === undefined ? t("replay.setup") : replay.players[step.seat];
}

function show(index) {
  current = Math.max(0, Math.min(last, index));
  const step = steps[current];
  slider.value = String(current);
  root.dataset.step = String(current);
  stepLabel.replaceChildren(el("b", {}, t("replay.stepOf", { n: current, last })), ` · ${who(step)}`);
  stepEvents.replaceChildren(step.events.length
    ? el("ol", { class: "events" }, step.events.map((e) =>
      el("li", { class: e.to ? "private" : null },
        e.to && e.to.length === 1 ? el("b", { class: "for" }, `${replay.players[e.to[0]] ?? ""}: `) : null,
        el("span", { class: "text" }, logText({ kind: e.kind, text: e.text, msg: e.msg, data: e.data }, namesAt(step))),
        e.to ? el("span", { class: "badge", title: t("replay.secretTitle") }, t("replay.secret")) : null)))
    : el("p", { class: "muted" }, current === 0 ? t("replay.dealt") : t("replay.nothing")));
  buttons.first.disabled = buttons.prev.disabled = current === 0;
  buttons.next.disabled = buttons.last.disabled = current === last;
  markLandmark();
  const end = current === last;
  render(board, {
    game: replay.game, players: replay.players, seat: null, version: step.seq,
    status: end ? replay.status : "active", result: end ? replay.result : null,
    view: step.view, prompts: [], waiting: [], log: logs.all.slice(0, logs[current]),
    checkPlays: plays[current], action: step.action, actor: step.seat,
  }, () => {}, { replay: true });
  chat.show(step.seq, namesAt(step));
}

function stop() {
  clearInterval(timer);
  timer = null;
  playButton.textContent = t("replay.play");
}

function go(index) {
  stop();
  show(index);
}

// ---- play at a speed: milliseconds a step, kept for the next replay ------------------------

const SPEED = "quorum-replay-speed";
try {
  const kept = localStorage.getItem(SPEED);
  if (kept && [...speedSelect.options].some((o) => o.value === kept)) speedSelect.value = kept;
} catch { /* storage off: the default speed */ }

function play() {
  clearInterval(timer);
  playButton.textContent = t("replay.pause");
  timer = setInterval(() => {
    if (current >= last) return stop();
    show(current + 1);
  }, Number(speedSelect.value));
}

function togglePlay() {
  if (timer) return stop();
  if (current === last) show(0);
  play();
}

speedSelect.addEventListener("change", () => {
  try { localStorage.setItem(SPEED, speedSelect.value); } catch { /* storage off */ }
  if (timer) play();
});

// ---- landmarks: the game's board says which steps are worth jumping to ---------------------

let marks = { kinds: [], marks: [] };

function findLandmarks() {
  marks = boardModule.landmarks ? boardModule.landmarks(steps, replay.players) : { kinds: [], marks: [] };
}

/** The landmarks of the kind chosen (all of them when none is). */
function chosenMarks() {
  const kind = kindSelect.value;
  return kind ? marks.marks.filter((m) => m.kind === kind) : marks.marks;
}

function fillLandmarks() {
  landmarkBox.hidden = !marks.marks.length;
  const kind = kindSelect.value;
  const present = new Set(marks.marks.map((m) => m.kind));
  kindSelect.replaceChildren(el("option", { value: "" }, t("replay.allKinds")),
    ...marks.kinds.filter((k) => present.has(k.id)).map((k) => el("option", { value: k.id }, k.name)));
  kindSelect.value = [...kindSelect.options].some((o) => o.value === kind) ? kind : "";
  landmarkSelect.replaceChildren(el("option", { value: "", disabled: true, hidden: true }, "—"),
    ...chosenMarks().map((m) => el("option", { value: String(m.index), "data-kind": m.kind }, m.label)));
  markLandmark();
}

/** The landmark list shows the last landmark at or before the step shown. */
function markLandmark() {
  const list = chosenMarks();
  const at = list.filter((m) => m.index <= current).pop();
  landmarkSelect.value = at ? String(at.index) : "";
  landmarkButtons.prev.disabled = !list.some((m) => m.index < current);
  landmarkButtons.next.disabled = !list.some((m) => m.index > current);
}

function toLandmark(direction) {
  const list = chosenMarks();
  const to = direction < 0 ? list.filter((m) => m.index < current).pop() : list.find((m) => m.index > current);
  if (to) go(to.index);
}

kindSelect.addEventListener("change", fillLandmarks);
landmarkSelect.addEventListener("change", () => {
  if (landmarkSelect.value !== "") go(Number(landmarkSelect.value));
});
landmarkButtons.prev.addEventListener("click", () => toLandmark(-1));
landmarkButtons.next.addEventListener("click", () => toLandmark(1));

slider.addEventListener("input", () => go(Number(slider.value)));
buttons.first.addEventListener("click", () => go(0));
buttons.prev.addEventListener("click", () => go(current - 1));
buttons.next.addEventListener("click", () => go(current + 1));
buttons.last.addEventListener("click", () => go(last));
playButton.addEventListener("click", togglePlay);
// ← → a step, Shift+← → or PageUp/PageDown a landmark of the chosen kind, Home/End the ends,
// Space play/pause (the page says so). A list keeps its own keys; the slider its plain arrows.
document.addEventListener("keydown", (ev) => {
  if (ev.ctrlKey || ev.altKey || ev.metaKey) return;
  const target = ev.target;
  if (target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
  if (target instanceof HTMLInputElement && target !== slider) return;
  const landmark = { PageUp: -1, PageDown: 1 }[ev.key]
    ?? (ev.shiftKey ? { ArrowLeft: -1, ArrowRight: 1 }[ev.key] : undefined);
  if (landmark !== undefined) {
    ev.preventDefault();
    toLandmark(landmark);
    return;
  }
  if (target === slider) return; // the slider handles its own arrow keys
  if (ev.key === " " && !(target instanceof HTMLButtonElement)) {
    ev.preventDefault();
    togglePlay();
    return;
  }
  const moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last };
  if (ev.key in moves) {
    ev.preventDefault();
    go(moves[ev.key]);
  }
});
onLanguageChange(() => {
  playButton.textContent = timer ? t("replay.pause") : t("replay.play");
  findLandmarks();
  fillLandmarks();
  show(current);
});
findLandmarks();
fillLandmarks();
show(0);
