// The play and watch pages: connect, render every state, send choices, show the connection.
import { GameConnection } from "./connection.js";
import { loadBoardModule, el, sayLine } from "./render.js";
import { t, tOr, onLanguageChange } from "./i18n/index.js";
import { mountChat } from "./chat.js";
import { mountRematch } from "./rematch.js";
import { mountAlerts } from "./alerts.js";
import { mountStanding } from "./standing.js";
import { afterDrawing, initLayout, markSection } from "./layout.js";
import { refreshTip } from "./tips.js";
import { draftOverHttp, isReady, mountDrafts } from "./drafts.js";

const root = document.getElementById("game");
const board = document.getElementById("board");
const statusLine = document.getElementById("connection");
const messages = document.getElementById("messages");
const gameId = root.dataset.gameId;
const watching = root.dataset.mode === "watch";
initLayout();

// The seat's token rides in the link's fragment, which browsers never send to a server; the tab
// keeps it so that a reload without the fragment still finds the seat.
function tokenFromFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const key = `quorum-token-${gameId}`;
  const fromLink = params.get("token");
  if (fromLink) {
    try { sessionStorage.setItem(key, fromLink); } catch { /* storage may be disabled */ }
    return fromLink;
  }
  try { return sessionStorage.getItem(key); } catch { return null; }
}

// A message box: `message` is a server message ({key, params}), or words already said.
let shown = [];
function say(kind, message) {
  const text = el("span", {}, sayLine(message, names()));
  const box = el("p", { class: kind, role: kind === "error" ? "alert" : "status" },
    text,
    el("button", { type: "button", class: "dismiss", "aria-label": t("common.dismiss"),
      onclick: () => box.remove() }, "×"));
  for (const old of messages.querySelectorAll(`.${kind}`)) old.remove();
  messages.append(box);
  shown = shown.filter((s) => s.box.isConnected).concat({ box, text, message });
  setTimeout(() => box.remove(), 10000);
}

function sayAgain() {
  shown = shown.filter((s) => s.box.isConnected);
  for (const s of shown) s.text.textContent = sayLine(s.message, names());
}

function enableChoices() {
  for (const button of board.querySelectorAll("button.option, button.target")) button.disabled = false;
  board.classList.remove("sending");
}

const token = watching ? null : tokenFromFragment();
const boardModule = await loadBoardModule(root.dataset.board);
const render = boardModule.render;
const statusKeys = {
  connecting: "conn.connecting",
  connected: "",
  reconnecting: "conn.reconnecting",
  refused: "conn.refused",
};

function pageTitle() {
  const title = tOr(`${root.dataset.game}.title`, document.querySelector(".game-head h1")?.textContent || "");
  return t("page.game", { title });
}

let lastBody = null;
let lastStatus = { status: "connecting", reason: "" };
let act = () => {};
// This seat's decision behind the screen (drafts.js): the steps it tries, drawn as its own.
let drafts = null;
// Around the board: the chat, the rematch once the game is over, and the "your move" alerts.
let around = [];

/** The seats' names for messages, as the game's board names them (else the players' names). */
function names() {
  const players = lastBody?.players || [];
  return boardModule.seatNames && lastBody ? boardModule.seatNames(lastBody.view, players) : players;
}

function showStatus() {
  const { status, reason } = lastStatus;
  const key = statusKeys[status];
  let text = key ? t(key) : "";
  if (status === "refused" && reason) text = `${text} (${sayLine(reason, names())})`;
  statusLine.textContent = text;
}

let lastLogSeq = null;

function showBody(body) {
  // How long the board takes to draw, for the browser's performance tools (and the tests).
  const start = performance.now();
  render(board, drafts ? drafts.shown(body) : body, act);
  performance.clearMeasures("quorum:render");
  performance.measure("quorum:render", { start, end: performance.now() });
  afterDrawing(body);
  refreshTip();
  const log = body.log || [];
  const newest = log.length ? log[log.length - 1].seq : null;
  if (lastLogSeq !== null && newest !== null && newest !== lastLogSeq) markSection("talk");
  lastLogSeq = newest;
  root.dataset.version = String(body.version);
  if (root.dataset.status !== body.status) root.dataset.status = body.status;
  if (body.status === "finished") {
    document.getElementById("finished-note")?.removeAttribute("hidden");
    document.getElementById("watch-note")?.remove();
  }
  for (const part of around) part.update(body);
  // A seat that is ready waits for the others: it may take "ready" back, but is not asked.
  const yourTurn = (body.prompts || []).some((p) => !isReady(p));
  if (root.classList.contains("your-turn") !== yourTurn) root.classList.toggle("your-turn", yourTurn);
  const title = body.status === "finished" ? t("page.over", { title: pageTitle() })
    : yourTurn ? t("page.yourMove", { title: pageTitle() }) : pageTitle();
  if (document.title !== title) document.title = title;
  showComputers(body);
  if (!watching && body.seat !== null && body.seat !== undefined) {
    const you = document.getElementById("you");
    const words = t("play.youAre", { name: body.players?.[body.seat] ?? t("common.seat", { n: body.seat + 1 }) });
    if (you && you.textContent !== words) you.textContent = words;
  }
}

/** Which seats computers play (`body.bots`, public), beside the players' names. */
function showComputers(body) {
  const box = document.getElementById("computers");
  const seats = Object.keys(body.bots || {}).map(Number).sort((a, b) => a - b);
  if (!box) return;
  box.hidden = seats.length === 0;
  if (!seats.length) return;
  const names = seats.map((seat) => body.players?.[seat] ?? t("common.seat", { n: seat + 1 }));
  const words = t("play.computers", { names: names.join(", ") });
  const out = box.querySelector(".words");
  if (out.textContent !== words) out.textContent = words;
}

// Drawing the board takes far longer than applying a patch: when states arrive faster than a slow
// device draws them (a backlog after a stall, a busy phone), only the newest is drawn.
let drawing = null;
function showSoon() {
  if (drawing !== null) return;
  drawing = setTimeout(() => {
    drawing = null;
    showBody(lastBody);
  }, 0);
}

function needLink(titleKey) {
  board.replaceChildren(el("section", { class: "card notice" },
    el("h2", {}, t(titleKey)),
    el("p", {}, t("play.openLink"), " ", t("play.withoutIt"), " ",
      el("a", { href: `/games/${encodeURIComponent(gameId)}/watch` }, t("play.watchLink")), ".")));
}

if (!watching && !token) {
  statusLine.textContent = "";
  needLink("play.needLink");
  onLanguageChange(() => needLink("play.needLink"));
} else {
  let connection = null;
  const chat = mountChat(document.getElementById("chat"), {
    gameId, token, watching, names, send: (text, name) => connection.say(text, name),
  });
  const rematch = mountRematch(document.getElementById("rematch"), { gameId, token, watching });
  around = [chat, rematch];
  if (!watching) around.push(mountAlerts(document.getElementById("alerts"), { gameId, title: pageTitle }));
  const standing = watching ? null : mountStanding({
    offer: document.getElementById("standing-offer"), list: document.getElementById("standing-list"),
    send: (chosen) => connection.setStanding(chosen), notices: boardModule.standingNotices ?? null,
  });
  if (standing) around.push(standing);
  drafts = watching ? null : mountDrafts({
    gameId, bar: document.getElementById("draft-bar"),
    preview: (version, steps) => (connection.connected ? connection.draft(version, steps)
      : draftOverHttp(gameId, token, version, steps)),
    post: (action) => connection.act(action),
    redraw: () => {
      enableChoices(); // a board that keeps its buttons gets them back for the next step
      if (lastBody) showSoon();
    },
    say,
  });
  connection = new GameConnection(gameId, token, {
    onState: (body) => {
      lastBody = body;
      drafts?.update(body);
      showSoon();
    },
    onStatus: (status, reason) => {
      lastStatus = { status, reason };
      showStatus();
      statusLine.dataset.state = status;
      root.dataset.connection = status;
      if (status === "refused" && !watching && !root.dataset.version) needLink("play.badLink");
    },
    onError: (message) => { say("error", message); enableChoices(); },
    onNotice: (message) => { say("notice", message); enableChoices(); },
    onSettled: (clientId, ok) => drafts?.settled(clientId, ok),
    onTalk: (message) => (message.type === "rematch" ? rematch.offer(message) : chat.receive(message)),
    onStanding: (message) => {
      standing?.receive(message);
      if (message.type === "error") say("error", message.msg ?? message.message);
    },
  });
  act = (action) => { if (!drafts?.act(action)) connection.act(action); };
  window.quorum = connection;
  onLanguageChange(() => {
    showStatus();
    sayAgain();
    drafts?.draw();
    if (lastBody) showBody(lastBody);
    else if (lastStatus.status === "refused" && !watching) needLink("play.badLink");
  });
}
