// One websocket to a game, reconnecting by itself with backoff. A heartbeat notices a silently
// dead connection (a phone that changed networks); coming back online or to the foreground
// retries at once instead of waiting out the backoff.
//
// The server sends the whole state first (and after a reconnect, or when asked with a "sync"),
// then after each change a JSON Patch (RFC 6902) from the version this page holds to the new one.
// The page keeps the last body and applies each patch copy-on-write (patching.js), so the bodies
// it handed on never change under the board, and each new body shares every unchanged part with
// the one before (the board redraws what is not the same object); a patch from another version
// than the one held, or one that does not apply, asks for the whole state once and ignores
// patches until it comes.
//
// The server's errors carry a message ({key, params}) beside their English: onError and the
// "refused" status hand on the message where there is one, the English only where there is not,
// and the page words it in the reader's language.
//
// The same socket carries the game's chat and the news of its rematch: those messages ("chat",
// "rematch", and the acks and errors that answer a chat message, marked "for": "chat") go to
// onTalk. A seat's standing choices ("standing", and the acks and errors marked "for":
// "standing") go to onStanding.
//
// A seat tries out steps behind the screen with draft(version, steps) (app/core/drafts.py): the
// server answers this socket alone with {"type": "draft", "client_id", "version", "steps",
// "view", "prompts"} or an error carrying the same client_id, which settle the promise draft()
// returned. onSettled(clientId, ok) says how each choice act() sent ended (its ack, its error,
// or the socket lost before either).
import { patched } from "./patching.js";

const REFUSED = new Set([4401, 4403, 4404]);
const PING_EVERY = 20000;
const PONG_WITHIN = 10000;

export class GameConnection {
  constructor(gameId, token, { onState, onStatus, onError, onNotice, onTalk, onStanding, onSettled }) {
    this.gameId = gameId;
    this.token = token;
    this.onState = onState;
    this.onStatus = onStatus;
    this.onError = onError;
    this.onNotice = onNotice || (() => {});
    this.onTalk = onTalk || (() => {});
    this.onStanding = onStanding || (() => {});
    this.onSettled = onSettled || (() => {});
    this.drafts = new Map(); // client_id -> {resolve, reject} of each draft asked
    this.version = null;
    this.body = null; // the last body (without "type"): what the next patch applies to
    this.syncing = false; // a "sync" was sent: patches wait for the whole state
    // What came in, for the curious (and the browser tests): states, patches applied, syncs asked.
    this.counts = { state: 0, patch: 0, sync: 0 };
    this.delay = 500;
    this.pending = new Map();
    this.closed = false;
    this.everConnected = false;
    this.retryTimer = null;
    this.pingTimer = null;
    this.pongTimer = null;
    this.refusal = null;
    this.retryNow = () => {
      if (this.closed || this.retryTimer === null) return;
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
      this.open();
    };
    window.addEventListener("online", this.retryNow);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.retryNow();
    });
    this.open();
  }

  // The token never goes into the URL (servers and proxies log URLs): a seat's socket says
  // ?auth=message and sends the token as its first message.
  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = this.token ? "?auth=message" : "";
    return `${scheme}://${location.host}/ws/games/${encodeURIComponent(this.gameId)}${query}`;
  }

  get connected() {
    return Boolean(this.ws) && this.ws.readyState === WebSocket.OPEN;
  }

  open() {
    this.onStatus(this.everConnected ? "reconnecting" : "connecting");
    this.refusal = null;
    const ws = new WebSocket(this.url());
    this.ws = ws;
    // A new socket starts with the whole state, whatever the last one was waiting for.
    this.syncing = false;
    ws.onopen = () => {
      if (this.token) ws.send(JSON.stringify({ type: "auth", token: this.token }));
      this.delay = 500;
      this.everConnected = true;
      this.onStatus("connected");
      this.heartbeat();
    };
    ws.onmessage = (msg) => {
      clearTimeout(this.pongTimer);
      let message;
      try {
        message = JSON.parse(msg.data);
      } catch {
        return;
      }
      this.receive(message);
    };
    ws.onclose = (ev) => this.lost(ws, ev.code, ev.reason);
  }

  // The socket `ws` is gone: retry later, unless the server refused us for good.
  lost(ws, code, reason) {
    if (ws !== this.ws) return;
    ws.onopen = ws.onmessage = ws.onclose = null;
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
    for (const [clientId, action] of this.pending) {
      this.onError({ key: "conn.dropped", params: {} }, action);
      this.onSettled(clientId, false);
    }
    this.pending.clear();
    for (const [, asked] of this.drafts) asked.reject({ code: 0, msg: { key: "conn.dropped", params: {} } });
    this.drafts.clear();
    if (this.closed) return;
    if (REFUSED.has(code)) {
      this.onStatus("refused", this.refusal ?? reason);
      return;
    }
    this.onStatus("reconnecting");
    this.retryTimer = setTimeout(() => { this.retryTimer = null; this.open(); }, this.delay);
    this.delay = Math.min(this.delay * 2, 8000);
  }

  heartbeat() {
    clearInterval(this.pingTimer);
    const ws = this.ws;
    this.pingTimer = setInterval(() => {
      if (ws !== this.ws || ws.readyState !== WebSocket.OPEN) return;
      ws.send(JSON.stringify({ type: "ping" }));
      clearTimeout(this.pongTimer);
      this.pongTimer = setTimeout(() => {
        // No answer at all: the connection is dead even if the browser has not noticed yet.
        this.lost(ws, 1006, "");
        try { ws.close(); } catch { /* already closing */ }
      }, PONG_WITHIN);
    }, PING_EVERY);
  }

  receive(message) {
    if (message.type === "chat" || message.type === "rematch" || message.for === "chat") {
      this.onTalk(message);
    } else if (message.type === "standing" || message.for === "standing") {
      this.onStanding(message);
    } else if (message.type === "state") {
      const { type, ...body } = message;
      this.counts.state += 1;
      this.syncing = false;
      this.hold(body);
    } else if (message.type === "patch") {
      this.patch(message);
    } else if (message.type === "draft") {
      const asked = this.drafts.get(message.client_id);
      this.drafts.delete(message.client_id);
      asked?.resolve(message);
    } else if (message.type === "error" && this.drafts.has(message.client_id)) {
      const asked = this.drafts.get(message.client_id);
      this.drafts.delete(message.client_id);
      asked.reject({ code: message.code, msg: message.msg ?? message.message });
    } else if (message.type === "error") {
      const said = message.msg ?? message.message;
      // An error that answers no choice comes before the server refuses the connection.
      if (message.client_id === undefined) this.refusal = said;
      const pending = this.pending.get(message.client_id);
      this.pending.delete(message.client_id);
      if (message.code === 409) {
        // Not a failure: the game moved on before the choice arrived; the newer state is
        // already on its way, and the player chooses again from it.
        this.onNotice({ key: "conn.stale", params: {} }, pending);
      } else {
        this.onError(said, pending);
      }
      if (pending !== undefined) this.onSettled(message.client_id, false);
    } else if (message.type === "ack") {
      const pending = this.pending.has(message.client_id);
      this.pending.delete(message.client_id);
      if (pending) this.onSettled(message.client_id, true);
    }
  }

  // A new body: keep it, and hand it to the page as a "state" message, as the server sends one.
  hold(body) {
    this.body = body;
    this.version = body.version;
    this.onState({ type: "state", ...body });
  }

  patch(message) {
    if (this.syncing) return;
    let body = null;
    if (this.body !== null && message.from === this.version && Array.isArray(message.ops)) {
      try {
        // Copy-on-write: the body handed on before stays as it was, and the new one shares
        // with it every part the patch left alone, so the board redraws only what changed.
        body = patched(this.body, message.ops);
      } catch {
        body = null;
      }
    }
    if (body === null || typeof body !== "object" || body.version !== message.version) {
      this.sync();
      return;
    }
    this.counts.patch += 1;
    this.hold(body);
  }

  // Lost track of the state: ask for the whole of it, once, and wait for it.
  sync() {
    this.syncing = true;
    if (!this.connected) return; // the next socket starts with the whole state anyway
    this.counts.sync += 1;
    this.ws.send(JSON.stringify({ type: "sync" }));
  }

  // Sends a choice; answers its client_id, or null if it could not be sent.
  act(action) {
    if (!this.connected || this.version === null) {
      this.onError({ key: "conn.notSent", params: {} }, action);
      return null;
    }
    const clientId = newClientId();
    this.pending.set(clientId, action);
    this.ws.send(JSON.stringify({ type: "act", version: this.version, action, client_id: clientId }));
    return clientId;
  }

  // Steps tried out behind the screen at `version`: a promise of the server's answer
  // ({version, steps, view, prompts}), rejected with {code, msg} (code 0: not connected).
  draft(version, steps) {
    if (!this.connected) return Promise.reject({ code: 0, msg: { key: "conn.notSent", params: {} } });
    const clientId = newClientId();
    return new Promise((resolve, reject) => {
      this.drafts.set(clientId, { resolve, reject });
      this.ws.send(JSON.stringify({ type: "draft", version, steps, client_id: clientId }));
    });
  }

  // A chat message (a spectator's under `name`); answers its client_id, or null if not connected.
  say(text, name = null) {
    if (!this.connected) return null;
    const clientId = newClientId();
    const message = { type: "chat", text, client_id: clientId };
    if (name) message.name = name;
    this.ws.send(JSON.stringify(message));
    return clientId;
  }

  // All of the seat's standing choices (their keys); answers its client_id, or null if not
  // connected.
  setStanding(chosen) {
    if (!this.connected) return null;
    const clientId = newClientId();
    this.ws.send(JSON.stringify({ type: "standing", chosen, client_id: clientId }));
    return clientId;
  }

  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
    window.removeEventListener("online", this.retryNow);
    this.ws?.close();
  }
}

function newClientId() {
  return crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}
