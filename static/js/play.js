// The play and watch pages: connect, render every state, send choices, show the connection.
import { GameConnection } from "./connection.js";
import { loadBoard, el } from "./render.js";

const root = document.getElementById("game");
const board = document.getElementById("board");
const statusLine = document.getElementById("connection");
const gameId = root.dataset.gameId;
const watching = root.dataset.mode === "watch";

function tokenFromFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const key = `quorum-token-${gameId}`;
  const fromLink = params.get("token");
  if (fromLink) {
    sessionStorage.setItem(key, fromLink);
    return fromLink;
  }
  return sessionStorage.getItem(key);
}

const token = watching ? null : tokenFromFragment();
const render = await loadBoard(root.dataset.game);
const statusText = {
  connecting: "Connecting…",
  connected: "",
  reconnecting: "Connection lost — reconnecting…",
  refused: "This link is not valid for this game.",
};
let errorTimer;

function showError(message) {
  let box = document.getElementById("error");
  if (!box) {
    box = el("p", { id: "error", class: "error", role: "alert" });
    root.prepend(box);
  }
  box.textContent = message;
  clearTimeout(errorTimer);
  errorTimer = setTimeout(() => box.remove(), 8000);
}

if (!watching && !token) {
  statusLine.textContent = "This page needs your invite link (it carries your seat's key).";
} else {
  const connection = new GameConnection(gameId, token, {
    onState: (body) => render(board, body, (action) => connection.act(action)),
    onStatus: (status, reason) => {
      statusLine.textContent = reason || statusText[status] || "";
      statusLine.dataset.state = status;
    },
    onError: showError,
  });
  window.quorum = connection;
}
