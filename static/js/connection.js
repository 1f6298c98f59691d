// One websocket to a game: the full state on every change, reconnecting by itself with backoff.
export class GameConnection {
  constructor(gameId, token, { onState, onStatus, onError }) {
    this.gameId = gameId;
    this.token = token;
    this.onState = onState;
    this.onStatus = onStatus;
    this.onError = onError;
    this.version = null;
    this.delay = 500;
    this.pending = new Map();
    this.closed = false;
    this.open();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    return `${scheme}://${location.host}/ws/games/${encodeURIComponent(this.gameId)}${query}`;
  }

  open() {
    this.onStatus("connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => { this.delay = 500; this.onStatus("connected"); };
    ws.onmessage = (msg) => this.receive(JSON.parse(msg.data));
    ws.onclose = (ev) => {
      if (this.closed) return;
      if (ev.code === 4401 || ev.code === 4403 || ev.code === 4404) {
        this.onStatus("refused", ev.reason);
        return;
      }
      this.onStatus("reconnecting");
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    };
  }

  receive(message) {
    if (message.type === "state") {
      this.version = message.version;
      this.onState(message);
    } else if (message.type === "error") {
      const pending = this.pending.get(message.client_id);
      this.pending.delete(message.client_id);
      // A stale version is not a failure: the newer state is already on its way.
      if (message.code !== 409) this.onError(message.message, pending);
    } else if (message.type === "ack") {
      this.pending.delete(message.client_id);
    }
  }

  act(action) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      this.onError("Not connected; your choice was not sent. Try again in a moment.");
      return;
    }
    const clientId = crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
    this.pending.set(clientId, action);
    this.ws.send(JSON.stringify({ type: "act", version: this.version, action, client_id: clientId }));
  }

  close() {
    this.closed = true;
    this.ws?.close();
  }
}
