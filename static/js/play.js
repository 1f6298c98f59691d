// The play and watch pages: connect, render every state, send choices, show the connection.
import { GameConnection } from "./connection.js";
import { loadBoard, el } from "./render.js";

const root = document.getElementById("game");
const board = document.getElementById("board");
const statusLine = document.getElementById("connection");
const messages = document.getElementById("messages");
const gameId = root.dataset.gameId;
const watching = root.dataset.mode === "watch";
const pageTitle = document.title;

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

function say(kind, message) {
  const box = el("p", { class: kind, role: kind === "error" ? "alert" : "status" },
    el("span", {}, message),
    el("button", { type: "button", class: "dismiss", "aria-label": "Dismiss",
      onclick: () => box.remove() }, "×"));
  for (const old of messages.querySelectorAll(`.${kind}`)) old.remove();
  messages.append(box);
  setTimeout(() => box.remove(), 10000);
}

function enableChoices() {
  for (const button of board.querySelectorAll("button.option")) button.disabled = false;
}

const token = watching ? null : tokenFromFragment();
const render = await loadBoard(root.dataset.board);
const statusText = {
  connecting: "Connecting…",
  connected: "",
  reconnecting: "Connection lost — reconnecting…",
  refused: "This link is not valid for this game.",
};

function needLink(title) {
  board.replaceChildren(el("section", { class: "card notice" },
    el("h2", {}, title),
    el("p", {}, "Open the link you were sent: it carries your seat's key. ",
      "Without it you can still ", el("a", { href: `/games/${encodeURIComponent(gameId)}/watch` }, "watch the game"), ".")));
}

if (!watching && !token) {
  statusLine.textContent = "";
  needLink("This page needs your invite link");
} else {
  const connection = new GameConnection(gameId, token, {
    onState: (body) => {
      render(board, body, (action) => connection.act(action));
      root.dataset.version = String(body.version);
      root.dataset.status = body.status;
      if (body.status === "finished") {
        document.getElementById("finished-note")?.removeAttribute("hidden");
        document.getElementById("watch-note")?.remove();
      }
      const yourTurn = (body.prompts || []).length > 0;
      root.classList.toggle("your-turn", yourTurn);
      document.title = body.status === "finished" ? `Game over · ${pageTitle}`
        : yourTurn ? `Your move · ${pageTitle}` : pageTitle;
      if (!watching && body.seat !== null && body.seat !== undefined) {
        const you = document.getElementById("you");
        if (you) you.textContent = `You are ${body.players?.[body.seat] ?? `seat ${body.seat + 1}`}`;
      }
    },
    onStatus: (status, reason) => {
      statusLine.textContent = status === "refused" && reason
        ? `${statusText.refused} (${reason})` : statusText[status] ?? "";
      statusLine.dataset.state = status;
      root.dataset.connection = status;
      if (status === "refused" && !watching && !root.dataset.version) needLink("This link is not valid for this game");
    },
    onError: (message) => { say("error", message); enableChoices(); },
    onNotice: (message) => { say("notice", message); enableChoices(); },
  });
  window.quorum = connection;
}
