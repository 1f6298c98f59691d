// Decisions made behind the screen (app/core/drafts.py), for any game whose prompts carry
// `draft`, `commits` and `ready`.
//
// While this seat's prompt says `draft: true`, a tap on one of its options that does not commit
// is a step the page keeps to itself: nothing is posted (a posted action would be a version
// every seat sees). The page asks the server for a preview of all its steps (the socket's
// "draft" message, or POST /api/games/{id}/draft when the socket is down) and draws the view
// and prompts it answers as the seat's own, so the board shows the decision as it grows. The
// committing option posts every step and itself as one action, {"type": "steps", "steps"}.
// The steps are also kept in sessionStorage (by game, seat and the version the decision began
// at), so a reload keeps them. When the game's version moves meanwhile (another seat got ready,
// or took it back) the steps are previewed again at the new version; if they no longer fit
// (422) they are dropped, and the page says so. "Start over" drops them at once.
//
// A seat that is ready (`ready: true`) is shown "Ready — waiting for the others" with the
// options that take it back; lists of whom the game waits on say who is ready and who is still
// deciding, and nothing else (waitingOnScreen).
//
// A game's board needs nothing for this: it draws the body it is handed and calls act(action)
// with an option's action as usual; the page (play.js) hands it the previewed body and catches
// the steps. A board that draws its own prompts or its own waiting line words them with
// promptEyebrow/promptWords and splitWaiting/waitingOnScreen, as the generic board does.
import { el, sayLine } from "./render.js";
import { t } from "./i18n/index.js";

export const isDraft = (prompt) => Boolean(prompt?.draft);
export const isReady = (prompt) => Boolean(prompt?.ready);

/** The same JSON whatever the order of its keys. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** What `action` answers among `prompts`: {prompt, option} (option null for a pick), or null. */
export function answered(prompts, action) {
  const wanted = canonical(action);
  for (const prompt of prompts || []) {
    const option = (prompt.options || []).find((o) => canonical(o.action) === wanted);
    if (option) return { prompt, option };
    if (prompt.pick && action?.type === "pick") return { prompt, option: null };
  }
  return null;
}

/** A prompt's heading: a ready seat's says it waits for the others (the game's own words for a
 * ready prompt would say the same, or more than needed). */
export function promptWords(prompt, names) {
  return isReady(prompt) ? t("drafts.ready") : sayLine(prompt, names);
}

/** The line above a prompt's heading. */
export function promptEyebrow(prompt) {
  if (isReady(prompt)) return t("drafts.readyEyebrow");
  return isDraft(prompt) ? t("drafts.behindEyebrow") : t("generic.yourMove");
}

/** Whom the game waits on, split: `others` (asked as usual, with their words), and, for those
 * deciding behind the screen, only who is `ready` and who is `deciding` (seat numbers). */
export function splitWaiting(waiting) {
  const out = { others: [], ready: [], deciding: [] };
  for (const w of waiting || []) {
    if (w.ready) out.ready.push(w.seat);
    else if (w.draft) out.deciding.push(w.seat);
    else out.others.push(w);
  }
  return out;
}

/** "Ready: Ann · Still deciding: Bob" as nodes (`name(seat)` a seat's name node), or null. */
export function waitingOnScreen({ ready, deciding }, name) {
  if (!ready.length && !deciding.length) return null;
  const list = (seats) => seats.map((seat, i) => [i ? ", " : "", name(seat)]);
  return el("span", { class: "behind-screen" },
    ready.length ? el("span", { class: "screen-ready", "data-seats": ready.join(" ") },
      t("drafts.readyList"), " ", list(ready)) : null,
    ready.length && deciding.length ? el("span", { class: "sep", "aria-hidden": "true" }, " · ") : null,
    deciding.length ? el("span", { class: "screen-deciding", "data-seats": deciding.join(" ") },
      t("drafts.decidingList"), " ", list(deciding)) : null);
}

/** A preview over HTTP (the page's socket is down): as the socket's answer, or {code, msg}. */
export async function draftOverHttp(gameId, token, version, steps) {
  let response;
  try {
    response = await fetch(`/api/games/${encodeURIComponent(gameId)}/draft`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ version, steps }),
    });
  } catch {
    throw { code: 0, msg: { key: "conn.notSent", params: {} } };
  }
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw { code: response.status, msg: answer.msg ?? answer.detail ?? "" };
  return answer;
}

const STORE = "quorum-draft";

/**
 * mountDrafts({gameId, bar, preview, post, redraw, say}) → {update, shown, act, settled, draw}.
 * `bar`: the page's container for "behind the screen" and "start over"; `preview(version,
 * steps)`: a promise of the server's preview; `post(action)`: sends an action, answers its
 * client_id (null: not sent); `redraw()`: draws the page again; `say(kind, message)`.
 */
export function mountDrafts({ gameId, bar, preview, post, redraw, say }) {
  let body = null; // the last real body
  let since = null; // the version this seat's decision began at (null: not deciding)
  let steps = []; // the steps tried, in order
  let kept = null; // the last preview that answered: {version, steps, view, prompts}
  let asking = null; // the preview on its way: {version, steps, why}
  let committing = null; // the client_id of the decision posted, until its answer
  let sent = null; // the preview shown when the decision was posted, until the game moves on

  const seatOf = () => body?.seat;
  const keyOf = (start) => `${STORE}:${gameId}:${seatOf()}:${start}`;
  const prefix = () => `${STORE}:${gameId}:${seatOf()}:`;

  function storedKeys() {
    const keys = [];
    try {
      for (let i = 0; i < sessionStorage.length; i += 1) {
        const key = sessionStorage.key(i);
        if (key?.startsWith(prefix())) keys.push(key);
      }
    } catch { /* storage may be disabled */ }
    return keys;
  }

  function forget() {
    for (const key of storedKeys()) {
      try { sessionStorage.removeItem(key); } catch { /* storage may be disabled */ }
    }
  }

  function save() {
    forget();
    if (!steps.length || since === null) return;
    try { sessionStorage.setItem(keyOf(since), JSON.stringify(steps)); } catch { /* disabled */ }
  }

  /** The steps a reload left in storage: the decision begun last, at or before `version`. */
  function restore(version) {
    let best = null;
    for (const key of storedKeys()) {
      const start = Number(key.slice(prefix().length));
      if (!Number.isInteger(start) || start > version || (best && best.start > start)) continue;
      try {
        const saved = JSON.parse(sessionStorage.getItem(key));
        if (Array.isArray(saved) && saved.length) best = { start, steps: saved };
      } catch { /* not ours */ }
    }
    return best;
  }

  const deciding = (b) => Boolean(b) && b.status === "active"
    && (b.prompts || []).some((p) => p.seat === b.seat && isDraft(p));

  function drop() {
    steps = [];
    kept = null;
    asking = null;
    forget();
  }

  /** Asks for the preview of the steps at the version held; `why`: "step" (a tap added one),
   * "moved" (the game's version moved) or "restored" (after a reload). */
  function ask(why) {
    const version = body.version;
    const tried = steps.slice();
    const mine = { version, steps: tried, why };
    asking = mine;
    preview(version, tried).then((answer) => {
      if (asking !== mine) return;
      asking = null;
      kept = { version: answer.version, steps: tried, view: answer.view, prompts: answer.prompts };
      redraw();
    }, (error) => {
      if (asking !== mine) return;
      asking = null;
      if (error?.code === 409) return; // the newer state is on its way; it asks again
      if (error?.code === 422 && why === "step" && kept && kept.version === version) {
        // The last taps do not fit what was shown: back to the steps shown.
        steps = kept.steps.slice();
        save();
        say("error", error.msg);
      } else if (error?.code === 422) {
        drop();
        say("notice", { key: "drafts.dropped", params: {} });
      }
      // Anything else (the connection, the database): the steps stay; the next state asks again.
      draw();
      redraw();
    });
  }

  /** Keeps the page's preview in step with the game: called with every new real body. */
  function update(next) {
    body = next;
    if (sent && sent.version !== body.version) sent = null;
    if (committing !== null) return; // the decision posted is answered first
    if (!deciding(body)) {
      since = null;
      if (steps.length || kept) drop();
      else forget();
      draw();
      return;
    }
    if (since === null) {
      const found = restore(body.version);
      since = found ? found.start : body.version;
      if (found) {
        steps = found.steps;
        ask("restored");
      }
    } else if (steps.length && !asking && !(kept && kept.version === body.version
      && kept.steps.length === steps.length)) {
      ask("moved");
    } else if (asking && asking.version !== body.version) {
      ask("moved");
    }
    draw();
  }

  const current = () => steps.length > 0 && kept !== null && body !== null
    && kept.version === body.version && kept.steps.length === steps.length;

  /** The body the board draws: while steps are tried, the seat's view and prompts after them. */
  function shown(real) {
    // Posted: what was decided stays drawn until the game moves on.
    const drawn = sent && sent.version === real.version ? sent.kept
      : real === body && steps.length && committing === null ? kept : null;
    // (A preview for an older version is drawn only while the new one is on its way.)
    if (!drawn || (drawn.version !== real.version && !asking)) return real;
    return { ...real, view: drawn.view, prompts: drawn.prompts };
  }

  /** A tap on an option: a step kept here, or the decision posted; false when it is neither
   * (the page sends it as usual). */
  function act(action) {
    if (!deciding(body)) return false;
    if (committing !== null || (steps.length && !current())) {
      // The decision is on its way, or a preview is: its answer is drawn next.
      return Boolean(answered(sent?.kept?.prompts ?? kept?.prompts ?? body.prompts, action));
    }
    const prompts = steps.length ? kept.prompts : (body.prompts || []);
    const hit = answered(prompts, action);
    if (!hit || !isDraft(hit.prompt)) return false;
    if (hit.option?.commits) {
      const decision = steps.length ? { type: "steps", steps: [...steps, action] } : action;
      const id = post(decision);
      if (id !== null && id !== undefined) {
        committing = id;
        sent = steps.length ? { version: body.version, kept } : null;
      }
      draw();
      redraw();
      return true;
    }
    if (since === null) since = body.version;
    steps = [...steps, action];
    save();
    ask("step");
    draw();
    return true;
  }

  /** The answer to a posted action (`ok`: acked): the decision made is forgotten; refused, its
   * steps stay to try again. */
  function settled(clientId, ok) {
    if (clientId !== committing) return;
    committing = null;
    if (ok) {
      since = null;
      drop();
    } else {
      sent = null;
    }
    if (body) update(body);
    redraw();
  }

  function startOver() {
    drop();
    draw();
    redraw();
  }

  let drawn = null;
  function draw() {
    if (!bar) return;
    const on = deciding(body) && committing === null;
    const showing = on ? JSON.stringify([steps.length, t("drafts.behind")]) : null;
    if (showing === drawn) return;
    drawn = showing;
    bar.hidden = !on;
    if (!on) {
      bar.replaceChildren();
      return;
    }
    const words = el("p", { class: "draft-words" }, el("span", { class: "draft-behind" }, t("drafts.behind")),
      steps.length ? [" ", el("span", { class: "draft-count" }, t("drafts.tried", { n: steps.length }))] : null);
    if (!steps.length) bar.replaceChildren(words);
    else bar.replaceChildren(words, el("button", { type: "button", class: "draft-start-over secondary",
      onclick: startOver }, t("drafts.startOver")));
  }

  return { update, shown, act, settled, draw: () => { drawn = null; draw(); }, get steps() { return steps.slice(); } };
}
