// The table chat beside the board, for every game: mounted into <div id="chat">.
//
// Messages come over the game's socket ({"type": "chat", "messages": [...]}: the newest page on
// connect, then each new one) and older pages from GET /api/games/{id}/chat. Each message is
// {channel, n, seat, name, text, at, time}; its channel and number are its key, so a message
// that comes twice (after a reconnect) is shown once. Players write to the table; spectators to
// their own channel, under a name they choose (kept in this browser), and the players read it
// once the game is over. Every word a person wrote is put in as text, never as markup.
import { el, sayLine } from "./render.js";
import { t, lang, onLanguageChange } from "./i18n/index.js";

const NAME_KEY = "quorum-chat-name";
const MAX_TEXT = 500;
const MAX_NAME = 40;
const PAGE = 50;

function storedName() {
  try { return localStorage.getItem(NAME_KEY) || ""; } catch { return ""; }
}

function keepName(name) {
  try { localStorage.setItem(NAME_KEY, name); } catch { /* storage may be disabled */ }
}

const keyOf = (m) => `${m.channel}:${m.n}`;
const byTime = (a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1
  : a.channel < b.channel ? -1 : a.channel > b.channel ? 1 : a.n - b.n);

/** One message as a line: a player under the seat's name (`seatNames`), a spectator under the
 * name they chose, with a badge. The words are put in as text. */
function lineOf(m, seatNames) {
  const spectator = m.channel === "spectators";
  const who = !spectator && m.seat !== null && m.seat !== undefined ? seatNames[m.seat] ?? m.name : m.name;
  const when = new Date(m.time);
  const clock = Number.isNaN(when.getTime()) ? ""
    : when.toLocaleTimeString(lang(), { hour: "2-digit", minute: "2-digit" });
  return el("li", { class: `chat-line channel-${m.channel}`, "data-channel": m.channel, "data-n": m.n },
    el("span", { class: "who" }, who),
    spectator ? el("span", { class: "badge spectator" }, t("chat.spectator")) : null,
    el("span", { class: "said" }, m.text),
    clock ? el("time", { datetime: m.time }, clock) : null);
}

/**
 * mountChat(container, {gameId, token, watching, send, names}) → {receive(message), update(body)}
 * `send(text, name)` sends a chat message over the socket and answers its client_id (null when
 * not connected); `names()` are the seats' names as the game's board says them.
 */
export function mountChat(container, { gameId, token, watching, send, names }) {
  if (!container) return { receive() {}, update() {} };
  const messages = new Map();
  const pending = new Map(); // client_id → the text sent
  let finished = false;
  let loadingOlder = false;

  const list = el("ol", { class: "chat-lines", "aria-live": "polite" });
  const empty = el("p", { class: "muted chat-empty" });
  const older = el("button", { type: "button", class: "secondary chat-older", hidden: true,
    onclick: () => loadOlder() });
  const heading = el("h2", {});
  const note = el("p", { class: "muted small chat-note", hidden: !watching });
  const error = el("p", { class: "chat-error", role: "alert", hidden: true });
  const nameInput = el("input", { type: "text", name: "name", class: "chat-name", maxlength: MAX_NAME,
    autocomplete: "nickname", value: storedName(), hidden: !watching });
  const textInput = el("input", { type: "text", name: "text", class: "chat-text", maxlength: MAX_TEXT,
    autocomplete: "off", enterkeyhint: "send" });
  const sendButton = el("button", { type: "submit", class: "chat-send" });
  const form = el("form", { class: "chat-form", onsubmit: (event) => { event.preventDefault(); submit(); } },
    nameInput, textInput, sendButton);
  const section = el("section", { class: "chat card", "data-section": "chat" },
    heading, note, older, list, empty, form, error);
  container.replaceChildren(section);

  function showError(message) {
    error.textContent = message ? sayLine(message, names()) : "";
    error.hidden = !message;
  }

  function submit() {
    const text = textInput.value.trim();
    if (!text) return;
    let name = null;
    if (watching) {
      name = nameInput.value.trim();
      if (name) keepName(name);
    }
    const clientId = send(text, name);
    if (clientId === null) {
      showError({ key: "chat.notSent", params: {} });
      return;
    }
    pending.set(clientId, text);
    showError(null);
  }

  function draw() {
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
    const shown = [...messages.values()].sort(byTime);
    list.replaceChildren(...shown.map((m) => lineOf(m, names())));
    empty.hidden = shown.length > 0;
    // Each channel counts from 1: a channel whose first message here is not 1 has older ones.
    older.hidden = loadingOlder || !channelsWithOlder().length;
    if (atBottom) list.scrollTop = list.scrollHeight;
  }

  function words() {
    heading.textContent = t("chat.title");
    note.textContent = t("chat.spectatorsNote");
    empty.textContent = t("chat.empty");
    older.textContent = t("chat.older");
    nameInput.placeholder = t("chat.yourName");
    nameInput.setAttribute("aria-label", t("chat.yourName"));
    textInput.placeholder = t("chat.say");
    textInput.setAttribute("aria-label", t("chat.message"));
    sendButton.textContent = t("chat.send");
  }

  function channelsWithOlder() {
    const first = {};
    for (const m of messages.values()) first[m.channel] = Math.min(first[m.channel] ?? Infinity, m.n);
    return Object.entries(first).filter(([, n]) => n > 1).map(([channel, n]) => ({ channel, n }));
  }

  async function loadOlder() {
    loadingOlder = true;
    draw();
    const headers = token ? { Authorization: `Bearer ${token}` } : {};
    try {
      for (const { channel, n } of channelsWithOlder()) {
        const query = new URLSearchParams({ channel, before: String(n), limit: String(PAGE) });
        const response = await fetch(`/api/games/${encodeURIComponent(gameId)}/chat?${query}`, { headers });
        const body = await response.json();
        if (!response.ok) {
          showError(body.msg ?? body.detail);
          continue;
        }
        for (const m of body) messages.set(keyOf(m), m);
      }
    } catch {
      showError({ key: "chat.notSent", params: {} });
    } finally {
      loadingOlder = false;
      draw();
    }
  }

  words();
  draw();
  onLanguageChange(() => { words(); draw(); });

  let namesSeen = "";
  return {
    /** A chat push, or the answer to a message this page sent (an ack or an error). */
    receive(message) {
      if (message.type === "chat") {
        for (const m of message.messages || []) messages.set(keyOf(m), m);
        draw();
      } else if (message.type === "ack") {
        const text = pending.get(message.client_id);
        pending.delete(message.client_id);
        if (text !== undefined && textInput.value.trim() === text) textInput.value = "";
      } else if (message.type === "error") {
        pending.delete(message.client_id);
        showError(message.msg ?? message.message);
      }
    },
    /** A new state of the game: the seats' names may have changed, or the game ended. */
    update(body) {
      const now = JSON.stringify(names());
      const over = body.status === "finished";
      if (now !== namesSeen || over !== finished) {
        namesSeen = now;
        finished = over;
        draw();
      }
    },
  };
}

/**
 * The chat in a finished game's replay (read only): both channels, each message from the step at
 * which it was said (its `at`, the game's version then) on; what was said after the end shows
 * at the last step. mountReplayChat(container, messages) → {show(seq, seatNames)}
 */
export function mountReplayChat(container, messages) {
  if (!container) return { show() {} };
  const said = [...messages].sort(byTime);
  const list = el("ol", { class: "chat-lines" });
  const empty = el("p", { class: "muted chat-empty" });
  const heading = el("h2", {});
  container.replaceChildren(el("section", { class: "chat card replay-chat", "data-section": "chat" },
    heading, list, empty));
  let shown = { seq: 0, seatNames: [] };

  function draw() {
    const { seq, seatNames } = shown;
    const lines = said.filter((m) => m.at <= seq).map((m) => lineOf(m, seatNames));
    list.replaceChildren(...lines);
    heading.textContent = t("chat.title");
    empty.textContent = t("chat.empty");
    empty.hidden = lines.length > 0;
    list.scrollTop = list.scrollHeight;
  }

  onLanguageChange(draw);
  return {
    show(seq, seatNames) {
      shown = { seq, seatNames };
      draw();
    },
  };
}
