// The rematch, for every game: mounted into <div id="rematch"> and shown once the game is over.
//
// A player's page makes the rematch with one click (POST /api/games/{id}/rematch with its seat's
// token: same game, players and options) and goes to its own seat in it. Every other player's
// page hears of it over the socket ({"type": "rematch", "id"}) and offers its own seat: the same
// request answers each seat its own new token, derived from the token it holds, so nobody hands
// out links again. A spectator's page offers to watch the rematch.
//
// A game's end screen may leave a slot for it, <div id="rematch">, inside the board: the button
// goes into whichever element has that id when the game's state is shown (the page's own one
// until the end screen takes it or makes its own).
import { el, sayLine } from "./render.js";
import { t, onLanguageChange } from "./i18n/index.js";

/** mountRematch(container, {gameId, token, watching}) → {update(body), offer(message)} */
export function mountRematch(container, { gameId, token, watching }) {
  if (!container) {
    container = el("div", { id: "rematch", hidden: true });
    document.getElementById("board")?.before(container);
  }
  let finished = false;
  let rematchId = null;
  let busy = false;
  let error = null;

  async function take() {
    busy = true;
    error = null;
    draw();
    try {
      const response = await fetch(`/api/games/${encodeURIComponent(gameId)}/rematch`, {
        method: "POST", headers: { Authorization: `Bearer ${token}` },
      });
      const body = await response.json();
      if (!response.ok) throw body;
      // The token rides in the fragment, which the browser never sends to a server.
      location.assign(`/games/${encodeURIComponent(body.id)}/play#token=${encodeURIComponent(body.token)}`);
    } catch (problem) {
      busy = false;
      error = problem?.msg ?? problem?.detail ?? { key: "rematch.failed", params: {} };
      draw();
    }
  }

  function draw() {
    container.hidden = !finished || (watching && !rematchId);
    if (container.hidden) {
      container.replaceChildren();
      return;
    }
    const parts = [];
    if (watching) {
      parts.push(el("p", {}, t("rematch.ready")),
        el("a", { class: "button rematch-watch", href: `/games/${encodeURIComponent(rematchId)}/watch` },
          t("rematch.watch")));
    } else if (rematchId) {
      parts.push(el("p", {}, t("rematch.ready")),
        el("button", { type: "button", class: "rematch-join", disabled: busy, onclick: take },
          busy ? t("rematch.starting") : t("rematch.join")));
    } else {
      parts.push(el("button", { type: "button", class: "rematch-start", disabled: busy, onclick: take },
        busy ? t("rematch.starting") : t("rematch.start")));
    }
    if (error) parts.push(el("p", { class: "error", role: "alert" }, sayLine(error)));
    container.replaceChildren(el("div", { class: "rematch", "data-section": "rematch" }, parts));
  }

  onLanguageChange(draw);
  return {
    update(body) {
      const over = body.status === "finished";
      const slot = document.getElementById("rematch");
      if (over !== finished || (slot && slot !== container)) {
        finished = over;
        if (slot) container = slot;
        draw();
      }
    },
    offer(message) {
      if (message.id && message.id !== rematchId) {
        rematchId = message.id;
        draw();
      }
    },
  };
}
