// The generic board: any game's view as readable cards, chips and tables, prompts as buttons,
// and the log. A game may ship its own board at /static/games/<game>/board.js exporting
// render(root, body, act); the page tells us whether it has one (data-board), so no request fails.
import { say, t, tOr } from "./i18n/index.js";
import { isMsg } from "./i18n/format.js";
import { asksToPick, choose, picker } from "./decision.js";
import { fill, placesIn } from "./layout.js";
import { tip } from "./tips.js";
import { promptEyebrow, promptWords, splitWaiting, waitingOnScreen } from "./drafts.js";

/** A server line in the reader's language: a message ({key, params}), or a prompt, option, log
 * entry, waiting line or result carrying one as `msg`. Without a message (an old game's log, a
 * game that sends only English) its text is shown as it is. `names` are the seats' names. */
export function sayLine(line, names = null) {
  if (line === null || line === undefined) return "";
  if (typeof line === "string") return line;
  if (isMsg(line)) return say(line, names);
  if (isMsg(line.msg)) return say(line.msg, names);
  return line.text ?? line.label ?? "";
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    // Through the CSSOM: the Content-Security-Policy refuses style attributes set as markup.
    else if (key === "style") node.style.cssText = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function label(key) {
  const text = String(key).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const isScalar = (v) => v === null || v === undefined || typeof v !== "object";
const isRecord = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
// A cell of a table holds a scalar or a short list of scalars; anything deeper is a tree.
const isCell = (v) => isScalar(v) || (Array.isArray(v) && v.every(isScalar));

function scalar(value) {
  if (value === null || value === undefined) return el("span", { class: "muted" }, "—");
  if (typeof value === "boolean") return el("span", { class: "flag" }, value ? t("generic.yes") : t("generic.no"));
  return el("span", { class: "value" }, String(value));
}

function chips(values) {
  if (values.length === 0) return el("span", { class: "muted" }, t("generic.none"));
  return el("span", { class: "chips" }, values.map((v) => el("span", { class: "chip" },
    typeof v === "boolean" ? (v ? t("generic.yes") : t("generic.no")) : v === null ? "—" : String(v))));
}

/** A view's key as a heading: the game's word for it (`<game>.view.<key>`), else the key. */
export function viewLabel(game, key) {
  return game ? tOr(`${game}.view.${key}`, label(key)) : label(key);
}

function table(rows, name) {
  const columns = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  return el("div", { class: "table-wrap" },
    el("table", { class: "grid" },
      el("thead", {}, el("tr", {}, columns.map((c) => el("th", { scope: "col" }, name(c))))),
      el("tbody", {}, rows.map((row, i) => el("tr", { "data-index": i },
        columns.map((c) => el("td", { "data-key": c }, tree(row[c], name))))))));
}

// Any JSON value as nested, labelled markup. Every value of an object sits in an element with
// data-key="<its key>", so a page (and a test) can find e.g. the hand without parsing text.
// `name(key)` is a key's heading.
export function tree(value, name = label) {
  if (isScalar(value)) return scalar(value);
  if (Array.isArray(value)) {
    if (value.every(isScalar)) return chips(value);
    if (value.every((v) => isRecord(v) && Object.values(v).every(isCell))) return table(value, name);
    return el("ol", { class: "tree" }, value.map((v, i) => el("li", { "data-index": i }, tree(v, name))));
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return el("span", { class: "muted" }, t("generic.nothing"));
  // A value that is itself a table, a list or a group of values takes a whole row under its label.
  return el("dl", { class: "tree" }, entries.map(([k, v]) => {
    const wide = !isScalar(v) && !(Array.isArray(v) && v.every(isScalar));
    return [el("dt", { class: wide ? "wide" : null }, name(k)),
      el("dd", { class: wide ? "wide" : null, "data-key": k }, tree(v, name))];
  }));
}

function logList(entries, names) {
  return el("ol", { class: "log", reversed: true },
    entries.slice().reverse().map((entry) => el("li",
      { class: entry.private ? "private" : null, "data-seq": entry.seq },
      el("span", { class: "text" }, sayLine(entry, names)),
      entry.private ? el("span", { class: "badge", ...tip(t("log.privateTitle")) }, t("log.private")) : null)));
}

/** A game board's log panel, newest first (the last 300 lines): `prefix` names its classes
 * (`<prefix>-log`, `<prefix>-log-list`) for the board's own styles; in a replay a private line
 * is marked as a secret of its seat, not as the reader's own. */
export function logPanel(body, names, { prefix, replay = false }) {
  const entries = (body.log || []).slice(-300).reverse();
  return el("section", { class: `card log ${prefix}-log`, "data-section": "log" },
    el("h2", {}, t("generic.log")),
    entries.length
      ? el("ol", { class: `log ${prefix}-log-list` }, entries.map((entry) => el("li", {
        class: entry.private ? "private" : null, "data-seq": entry.seq, "data-kind": entry.kind },
      el("span", { class: "text" }, sayLine(entry, names)),
      entry.private ? el("span", { class: "badge" }, t(replay ? "replay.secret" : "log.private")) : null)))
      : el("p", { class: "muted" }, t("generic.noLog")));
}

export function renderGeneric(root, body, act, { replay = false } = {}) {
  const names = body.players || [];
  const who = (seat) => names[seat] ?? t("common.seat", { n: seat + 1 });
  const seated = body.seat !== null && body.seat !== undefined;
  const named = (key) => viewLabel(body.game, key);
  const view = isRecord(body.view) ? body.view : { value: body.view };
  const { you, ...rest } = view;
  const main = [];
  const asked = [];

  if (body.status === "finished") {
    main.push(el("section", { class: "result card", "data-section": "result" },
      el("h2", {}, t("generic.gameOver")), el("p", {}, sayLine(body.result, names))));
  }
  const prompts = body.prompts || [];
  const send = (option) => {
    for (const button of root.querySelectorAll("button.option")) button.disabled = true;
    act(option.action);
  };
  for (const prompt of prompts) {
    asked.push(el("section", { class: "prompt card", "data-section": "prompt", "data-kind": prompt.kind,
      "data-draft": prompt.draft ? "" : null, "data-ready": prompt.ready ? "" : null },
      el("p", { class: "eyebrow" }, promptEyebrow(prompt)),
      el("h2", {}, promptWords(prompt, names)),
      asksToPick(prompt)
        ? picker(prompt, (option) => sayLine(option, names), (action) => send({ action }))
        : el("div", { class: "options" }, prompt.options.map((option) =>
          el("button", {
            type: "button", class: "option", "data-confirm": option.confirm ? "" : null,
            onclick: () => choose(option, sayLine(option, names), send),
          }, sayLine(option, names))))));
  }
  // Whom the game waits on; of those deciding behind the screen, only who is ready and who not.
  const waiting = splitWaiting((body.waiting || []).filter((w) => w.seat !== body.seat));
  const { others } = waiting;
  const screen = waitingOnScreen(waiting, (seat) => el("b", {}, who(seat)));
  if (body.status !== "finished" && (others.length || screen) && !replay) {
    asked.push(el("p", { class: "waiting", "data-section": "waiting" },
      others.length ? [t("generic.waitingFor"), " ", others.map((w, i) => [i ? ", " : "", el("b", {}, who(w.seat)),
        w.msg || w.text ? ` — ${sayLine(w, names)}` : ""])] : null,
      others.length && screen ? el("span", { class: "sep", "aria-hidden": "true" }, " · ") : null,
      screen));
  }
  const secrets = seated && you !== undefined ? el("section", { class: "secrets card", "data-section": "you" },
    el("h2", {}, t("generic.secrets"), " ", el("span", { class: "muted small" }, t("generic.onlyYou"))),
    tree(isRecord(you) ? Object.fromEntries(
      Object.entries(you).filter(([k, v]) => !(k === "seat" && v === body.seat))) : you, named)) : null;
  main.push(el("section", { class: "view card", "data-section": "table" },
    el("h2", {}, body.status === "finished" || replay ? t("generic.faceUp") : t("generic.table")),
    tree(you !== undefined && !seated ? view : rest, named)));
  const log = body.log || [];
  const logSection = replay ? null : el("section", { class: "log card", "data-section": "log" },
    el("h2", {}, t("generic.log")),
    log.length ? logList(log, names) : el("p", { class: "muted" }, t("generic.noLog")));

  // The play and watch pages' places (layout.js); a page without them gets one column and a side.
  const places = placesIn(root);
  if (places) {
    fill(places.decision, asked);
    fill(places.board, main);
    fill(places.mine, secrets);
    fill(places.talk, logSection);
    return;
  }
  const parts = [el("div", { class: "board-main" }, asked, secrets, main)];
  if (logSection) parts.push(el("aside", { class: "board-side" }, logSection));
  root.classList.toggle("has-side", !replay);
  root.replaceChildren(...parts);
}

// The board module for a game: its own if the page says it ships one, else the generic one.
// A module exports render(root, body, act, options) and may export seatNames(view, players),
// the seats' names its messages use, and logText(entry, names), which words a log line.
export async function loadBoardModule(url) {
  if (url) {
    try {
      const module = await import(url);
      if (typeof module.render === "function") return module;
    } catch (err) {
      console.error("The game's board failed to load; showing the generic board.", err);
    }
  }
  return { render: renderGeneric, logText: sayLine };
}
