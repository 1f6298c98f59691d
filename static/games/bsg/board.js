// The Battlestar Galactica board: render(root, body, act, {replay}) draws a seat's view (or the
// spectator's, or a replay step with every secret) as an SVG board with the fleet's state around
// it, the seat's own cards, everyone's public side, the skill check and the log; the prompt's
// options are buttons in the decision area, and where an option is about a place, a ship or a
// card, that thing on the board is clickable too.
//
// On the play and watch pages the board fills the page's places (static/js/layout.js): the
// decision area, the board's section, my cards (and what I know), the log beside the chat. Each
// part is drawn again only when what it shows changed (parts.js); a replay, which has no such
// places, gets the board in two columns.
import { el } from "/static/js/render.js";
import { lang, t } from "/static/js/i18n/index.js";
import { isMsg } from "/static/js/i18n/format.js";
import { asksToPick, choose as chooseOption, picker } from "/static/js/decision.js";
import { NARROW, fill, placesIn } from "/static/js/layout.js";
import { tip } from "/static/js/tips.js";
import { SEAT_COLOURS } from "./data.js";
import { drawMap, layoutFor } from "./map.js";
import { statusPanel, decksPanel } from "./status.js";
import { playersPanel, tablePanel, youPanel } from "./panels.js";
import { lastResult, reveal, runningCheck } from "./check.js";
import { endScreen } from "./endscreen.js";
import { forgetParts, part, startDrawing } from "./parts.js";
import { saidLine, saidSplit } from "./said.js";
import { cardWord, seatNames, skillName } from "./words.js";
import { knowledgePanel, namedCardChips, optionFacts, promptFacts } from "./knowledge.js";

export { seatNames };
export { landmarks } from "./landmarks.js"; // the replay viewer's steps to jump to
export { standingNotices } from "./standing.js"; // the page's notices about standing choices

/** A log line in the reader's language; `names` are the seats' names (see seatNames). */
export function logText(entry, names) {
  return saidLine(entry, names);
}

// ---- once per page: the stylesheet and the card reference ----------------------------------

if (!document.querySelector('link[data-bsg-css]')) {
  document.head.append(el("link", { rel: "stylesheet", href: "/static/games/bsg/board.css", "data-bsg-css": "" }));
}

let catalog = null;
fetch("/api/rules/bsg/cards")
  .then((response) => (response.ok ? response.json() : []))
  .then((cards) => {
    catalog = new Map(cards.map((card) => [card.id, card]));
    forgetParts();
    redraw();
  })
  .catch(() => { /* the sheets stay short without it */ });

let last = null;
let observer = null;

function redraw() {
  if (last) draw(last.root, last.body, last.act, last.options);
}

// ---- the log: the server sends its last lines with every state; the page keeps them all ----

const MAX_LOG = 4000;
const history = { key: null, entries: [] };

function loadHistory(key) {
  try { return JSON.parse(sessionStorage.getItem(key) || "[]"); } catch { return []; }
}

/** A new tab starts with the state's short tail: fetch what came before it (shown from the
 * next state on). */
async function fetchOlder(key, before) {
  const gameId = document.getElementById("game")?.dataset.gameId;
  const token = window.quorum?.token;
  if (!gameId) return;
  try {
    const headers = token ? { Authorization: `Bearer ${token}` } : {};
    const response = await fetch(
      `/api/games/${encodeURIComponent(gameId)}/log?before=${before}&limit=1000`, { headers });
    if (!response.ok || history.key !== key) return;
    const older = await response.json();
    const firstKept = history.entries.length ? history.entries[0].seq : Infinity;
    history.entries = older.filter((e) => e.seq < firstKept).concat(history.entries).slice(-MAX_LOG);
    sessionStorage.setItem(key, JSON.stringify(history.entries));
  } catch { /* offline or storage full: the tail is still shown */ }
}

/** Every log line this page has seen for this seat (kept for the tab's life), the new state's
 * lines appended. A gap is marked where more happened than the state's tail could carry. */
function mergeLog(body) {
  const key = `quorum-log:${location.pathname}:${body.seat ?? "watch"}`;
  if (history.key !== key) {
    history.key = key;
    history.entries = loadHistory(key);
    const first = (body.log || [])[0];
    if (!history.entries.length && first && first.seq > 1) fetchOlder(key, first.seq);
  }
  const incoming = body.log || [];
  let entries = history.entries;
  const lastSeq = entries.length ? entries[entries.length - 1].seq : -1;
  if (lastSeq > body.version) entries = [];
  const known = entries.length ? entries[entries.length - 1].seq : -1;
  const fresh = incoming.filter((e) => e.seq > known);
  if (entries.length && fresh.length && fresh.length === incoming.length && incoming.length >= 30) {
    entries.push({ seq: fresh[0].seq, kind: "gap", text: "" });
  }
  entries = entries.concat(fresh).slice(-MAX_LOG);
  history.entries = entries;
  if (fresh.length) saveSoon();
  return entries;
}

// Writing thousands of lines to sessionStorage on every state cost more than drawing them: the
// log is kept a moment later (at most every 2 s), and when the page goes away.
let saveTimer = null;
function saveHistory() {
  clearTimeout(saveTimer);
  saveTimer = null;
  if (!history.key) return;
  try { sessionStorage.setItem(history.key, JSON.stringify(history.entries)); } catch { /* storage full or off */ }
}
function saveSoon() {
  saveTimer ??= setTimeout(saveHistory, 2000);
}
window.addEventListener("pagehide", saveHistory);

// ---- prompts: buttons, and the things on the board they are about --------------------------

function targetKeys(prompt) {
  const keys = [];
  for (const option of prompt.options) {
    const a = option.action || {};
    let key = null;
    switch (prompt.kind) {
      case "movement":
        if (a.type === "move") key = `loc:${a.to}`;
        else if (a.type === "fly") key = `area:${a.to}`;
        break;
      case "action":
        if (a.type === "location") key = `loc:${a.location}`;
        else if (a.type === "quorum") key = `quorum:${a.card}`;
        else if (a.type === "skill_card") key = `hand:${a.card}`;
        else if (a.type === "mutiny") key = `mutiny:${a.card}`;
        break;
      case "mutiny_keep": case "mutiny_trim": case "discard_mutiny":  // Daybreak's Mutiny hand
        if (a.type === "discard") key = `mutiny:${a.card}`;
        break;
      case "location":
        key = `loc:${a.location}`;
        break;
      case "launch": case "raider_order": case "allocate": case "destroy_ships": case "recall":
        if (a.area) key = `area:${a.area}`;
        break;
      case "vipers":
        if (a.type === "launch") key = `area:${a.area}`;
        else if (a.type === "move") key = `area:${a.to}`;
        else if (a.type === "attack") key = `ship:${a.area}:${a.kind}:${a.index}`;
        break;
      case "attack":
        key = `ship:${a.area}:${a.kind}:${a.index}`;
        break;
      case "nuke":
        key = `ship:${a.area}:basestar:${a.index}`;
        break;
      case "damage_vipers":
        key = `ship:${a.area}:viper:${a.index}`;
        break;
      case "civilians":
        if (a.type === "look") key = `ship:${a.area}:civilian:0`;
        else if (a.type === "move") key = `area:${a.to}`;
        break;
      case "skill_check":
        if (a.type === "add") key = `hand:${a.card}`;
        break;
      case "window":
        if (a.type === "play") key = `hand:${a.card}`;
        break;
      case "discard":
        if (a.type === "discard") key = `hand:${a.card}`;
        break;
      case "quorum":
        if (a.type === "quorum") key = `quorum:${a.card}`;
        break;
      default:
        break;
    }
    keys.push(key);
  }
  // A thing on the board chooses only when it stands for exactly one option.
  const counts = new Map();
  for (const key of keys) if (key) counts.set(key, (counts.get(key) || 0) + 1);
  return keys.map((key) => (key && counts.get(key) === 1 ? key : null));
}

const VERBS = { skill_check: "bsg.verb.add", discard: "bsg.verb.discard", quorum: "bsg.verb.play", action: "bsg.verb.play",
  window: "bsg.verb.play", mutiny_keep: "bsg.verb.discard", mutiny_trim: "bsg.verb.discard", discard_mutiny: "bsg.verb.discard" };

/** A character to choose, in the reader's language: type, skills, where they start, abilities. */
function characterSummary(id) {
  const card = catalog?.get(id);
  if (!card) return null;
  const skills = (card.skills || []).map((e) => `${e.types.map(skillName).join("/")} ${e.count}`).join(", ");
  return [
    `${t("bsg.skillSet")}: ${skills}`,
    card.start_location ? t("bsg.startsIn", { location: card.start_location }) : t("bsg.stranded"),
    ["ability", "once_per_game", "weakness"].filter((part) => card[part])
      .map((part) => cardWord(id, `${part}.name`)).join(" · "),
  ].join("\n");
}

/** An option's words: the button's text, and the card's or ability's text it ends with. */
function optionWords(prompt, option, ctx) {
  const said = saidSplit(option, ctx.names);
  if (prompt.kind === "character" && option.action?.character) {
    return { text: said.text, detail: characterSummary(option.action.character) ?? said.detail,
      full: said.detail };
  }
  return said;
}

/** An option's button; its card's or ability's text opens beside it on a tap ("i"), except in
 * a choice of characters or destinations, whose buttons say it themselves. */
function optionButton(prompt, option, words, key, ctx) {
  const { text, detail, full } = words;
  const inButton = prompt.kind === "character" || prompt.kind === "destination";
  const button = el("button", {
    type: "button", class: `option${prompt.kind === "character" ? " character-option" : ""}`,
    "data-action": JSON.stringify(option.action), "data-target": key,
    "data-confirm": option.confirm ? "" : null,
    onclick: () => ctx.choose(option, [text, full || detail].filter(Boolean).join(" — ")),
  }, el("span", { class: "option-text" }, text),
  detail && inButton ? el("span", { class: "option-detail" }, detail) : null,
  optionFacts(option, ctx));
  if (key) {
    const light = (on) => {
      for (const node of ctx.root.querySelectorAll(`[data-target="${CSS.escape(key)}"]`)) {
        if (node !== button) node.classList.toggle("lit", on);
      }
    };
    button.addEventListener("mouseenter", () => light(true));
    button.addEventListener("mouseleave", () => light(false));
    button.addEventListener("focus", () => light(true));
    button.addEventListener("blur", () => light(false));
  }
  const more = full || detail;
  if (inButton || !more) return button;
  const said = el("p", { class: "option-more card-text", hidden: true }, more);
  const info = el("button", { type: "button", class: "option-info", "aria-expanded": "false",
    "aria-label": text, onclick: () => {
      said.hidden = !said.hidden;
      info.setAttribute("aria-expanded", String(!said.hidden));
    } }, "i");
  return el("div", { class: "option-row" }, button, info, said);
}

function promptPanel(prompt, keys, ctx) {
  const hasTargets = keys.some(Boolean);
  const characterChoice = prompt.kind === "character";
  // a pick: one stack per card, chosen together and sent with one button
  const buttons = asksToPick(prompt)
    ? picker(prompt, (option) => el("span", { class: "option-text" }, optionWords(prompt, option, ctx).text),
      (action) => send({ action }))
    : prompt.options.map((option, i) => optionButton(prompt, option, optionWords(prompt, option, ctx), keys[i], ctx));
  const hint = hasTargets ? el("p", { class: "hint muted small" },
    t(keys.some((k) => k && !/^(hand|quorum|mutiny):/.test(k)) ? "bsg.hintBoard" : "bsg.hintCards")) : null;
  const heading = saidSplit(prompt, ctx.names);
  return el("section", { class: "bsg-prompt card prompt", "data-section": "prompt", "data-kind": prompt.kind },
    el("p", { class: "eyebrow" }, t("bsg.yourDecision")),
    el("h2", {}, heading.text),
    heading.detail ? el("p", { class: "prompt-detail card-text" }, heading.detail) : null,
    namedCardChips(prompt, ctx),
    hint,
    el("div", { class: `options${characterChoice ? " characters" : ""}` }, buttons),
    promptFacts(prompt, ctx));
}

/** What another seat is deciding, for those who wait. Cards going into a skill check are said
 * without the asked seat's "you". */
function waitingWords(w, ctx) {
  const check = ctx.view.check;
  if (w.kind === "skill_check" && check && isMsg(check.title)) {
    return t(check.face_up ? "bsg.addingFaceUp" : "bsg.adding", { check: check.title });
  }
  return saidLine(w, ctx.names);
}

function waitingPanel(body, ctx) {
  const others = (body.waiting || []).filter((w) => w.seat !== body.seat);
  if (!others.length || body.status === "finished") return null;
  return el("section", { class: "bsg-waiting card", "data-section": "waiting" },
    el("span", { class: "pulse", "aria-hidden": "true" }),
    el("span", {}, t("bsg.waitingFor"), " ",
      others.map((w, i) => {
        const words = waitingWords(w, ctx);
        return [i ? ", " : "", el("b", { style: `color: ${ctx.colour(w.seat)}` }, ctx.names[w.seat] ?? body.players?.[w.seat] ?? ""),
          words ? el("span", { class: "waiting-text" }, ` — ${words}`) : null];
      })));
}

// Each log line is drawn once (again only in another language or when a seat's name changes)
// and kept: a new state adds its new lines at the top and moves nothing else.
const logItems = new WeakMap();

function logItem(entry, body, ctx, words) {
  const kept = logItems.get(entry);
  if (kept && kept.words === words) return kept.li;
  let li;
  if (entry.kind === "gap") li = el("li", { class: "gap muted", "data-kind": "gap" }, "⋯ ", t("bsg.logGap"));
  else {
    const outcome = entry.kind === "check_result" ? entry.data?.outcome : null;
    li = el("li", { class: [`kind-${entry.kind}`, entry.private ? "private" : null, outcome ? `outcome-${outcome}` : null].filter(Boolean).join(" "),
      "data-seq": entry.seq, "data-kind": entry.kind },
    entry.for !== undefined && entry.for !== null ? el("b", { class: "for" }, `${body.players?.[entry.for] ?? ""}: `) : null,
    el("span", { class: "text" }, saidLine(entry, ctx.names)),
    entry.private ? el("span", { class: "badge", ...tip(t("log.privateTitle")) }, t(ctx.replay ? "replay.secret" : "log.private")) : null);
  }
  logItems.set(entry, { words, li });
  return li;
}

function logPanel(body, ctx, log) {
  const section = part("log", [ctx.replay], () => el("section", { class: "bsg-log card log", "data-section": "log" },
    el("h2", {}, t("bsg.log")), el("ol", { class: "log bsg-log-list" }), el("p", { class: "muted" }, t("generic.noLog"))));
  const [, list, empty] = section.children;
  const shown = log.slice(-400).reverse();
  const words = `${lang()}\u0001${ctx.names.join("\u0001")}\u0001${(body.players || []).join("\u0001")}`;
  fill(list, shown.map((entry) => logItem(entry, body, ctx, words)));
  list.hidden = shown.length === 0;
  empty.hidden = shown.length > 0;
  return section;
}

// ---- drawing -------------------------------------------------------------------------------

const narrow = window.matchMedia(NARROW);
let rootWidth = null;
let drawnIn = null;

/** The page's width and the map's: the board's section is the page's width on a narrow screen,
 * the page's less the side column on a wide one (a replay: less its side column from 1000 px).
 * Known from the resize observer, so that drawing never waits for the browser to lay out. */
function columnsWidth(root, places) {
  rootWidth ??= root.clientWidth || document.documentElement.clientWidth;
  const width = rootWidth;
  if (places) return { total: width, map: narrow.matches ? width : width - 392 };
  return { total: width, map: width >= 1000 ? width - 400 : width };
}

/** Sends an option: every choice on the board waits until the next state (or an error). */
function send(option) {
  const root = last?.root;
  if (!root) return;
  root.classList.add("sending");
  for (const button of root.querySelectorAll("button.option, button.target")) {
    button.disabled = true;
    button.dataset.held = "";
  }
  last.act(option.action);
}

/** Chooses an option, asking first when it cannot be undone; `words` are what it does. */
const choose = (option, words) => chooseOption(option, words, send);

/** Choices held while the last one was sent are free again in a new state. */
function release(root) {
  root.classList.remove("sending");
  for (const button of root.querySelectorAll("[data-held]")) {
    button.disabled = false;
    delete button.dataset.held;
  }
}

function draw(root, body, act, options = {}) {
  const view = body.view;
  if (!view || !Array.isArray(view.players)) return;
  if (drawnIn !== lang()) {
    forgetParts();
    drawnIn = lang();
  }
  startDrawing();
  const replay = Boolean(options.replay);
  const places = placesIn(root);
  const seat = body.seat ?? null;
  const widths = columnsWidth(root, places);
  const layout = layoutFor(widths.map - 24);
  const prompts = replay ? [] : body.prompts || [];
  const ctx = {
    root, body, view, seat, replay, layout, catalog, choose,
    names: seatNames(view, body.players || []),
    phone: widths.total < 700,
    you: view.you ?? null,
    colour: (s) => SEAT_COLOURS[s % SEAT_COLOURS.length],
    targets: new Map(),
  };
  const names = ctx.names.join("\u0001");
  const prompt = prompts[0] ?? null;
  let keys = [];
  if (prompt) {
    keys = asksToPick(prompt) ? [] : targetKeys(prompt);  // a pick is answered in its picker
    prompt.options.forEach((option, i) => {
      if (!keys[i]) return;
      const { text } = optionWords(prompt, option, ctx);
      ctx.targets.set(keys[i], { key: keys[i], option, text,
        verb: t(VERBS[prompt.kind] ?? "bsg.verb.choose") });
    });
  }
  ctx.cardTarget = (zone, id) => {
    const key = `${zone}:${id}`;  // hand, quorum or mutiny
    return ctx.targets.get(key) ?? null;
  };
  // What choosing each card does (not only which cards may be chosen: the same card may be
  // played at one question and discarded at the next).
  const targetsIn = (prefix) => [...ctx.targets].filter(([k]) => k.startsWith(prefix))
    .map(([k, target]) => `${k}=${target.text}=${target.verb}=${JSON.stringify(target.option.action)}=${target.option.confirm}`)
    .join("|");

  // The end screen reads the whole view (every loyalty card, the course): a finished game's
  // view no longer changes, and before the end there is none.
  const result = part("result", [body.status, body.result, names, body.status === "finished" ? view : null],
    () => endScreen(body, ctx));
  const top = prompt ? part("prompt", [prompt, names, catalog], () => promptPanel(prompt, keys, ctx))
    : replay ? null : part("waiting", [body.waiting, body.status, seat, view.check, names], () => waitingPanel(body, ctx));
  const check = part("check", [view.check, names, view.check_pool, body.checkPlays?.running, replay],
    () => runningCheck(ctx));
  const log = replay ? body.log || [] : mergeLog(body);
  const lastCheck = lastResult(log);
  const recent = Boolean(lastCheck) && !log.some((e) => e.kind === "turn" && e.seq > lastCheck.seq);
  const fresh = Boolean(lastCheck && lastCheck.seq === body.version);
  const revealPanel = part("reveal", [lastCheck, fresh, recent, names, body.checkPlays?.last, replay],
    () => reveal(lastCheck, ctx, { fresh, recent }));
  const map = part("map-card", [], () => el("section", { class: "bsg-map-card card", "data-section": "map" }));
  fill(map, drawMap(ctx));
  const status = statusPanel(view);
  const players = playersPanel(ctx);
  const decks = part("decks", [view.decks, view.discards, view.reserves, view.destroyed, view.damaged_vipers,
    view.quorum_hand_size, view.miracle_supply, view.aside_assault_raptors], () => decksPanel(view));
  const table = part("table", [view.resolving, view.quorum_hand, view.in_play, view.destinations, names,
    view.president, view.mission, view.rebel_basestar, catalog], () => tablePanel(ctx));
  const you = ctx.you && body.status !== "finished" ? youPanel(ctx, targetsIn("hand:"), targetsIn("quorum:"), targetsIn("mutiny:")) : null;
  const knowledge = ctx.you && body.status !== "finished"
    ? part("knowledge", [ctx.you.knowledge, ctx.you.loyalty, names, catalog, ctx.phone], () => knowledgePanel(ctx)) : null;
  const logSection = logPanel(body, ctx, log);

  root.classList.add("bsg-root");
  root.classList.remove("has-side");
  if (root.dataset.layout !== layout) root.dataset.layout = layout;
  if (places) {
    fill(places.decision, top);
    fill(places.board, [result, table, check, recent ? revealPanel : null, status, map, players, decks,
      recent ? null : revealPanel]);
    fill(places.mine, [you, knowledge]);
    fill(places.talk, [logSection]);
  } else {
    const left = part("column-left", [], () => el("div", { class: "bsg-col bsg-left" }));
    fill(left, [status, map, players, decks]);
    const right = part("column-right", [], () => el("div", { class: "bsg-col bsg-right" }));
    fill(right, [table, check, revealPanel, you, knowledge, logSection]);
    const columns = part("columns", [], () => el("div", { class: "bsg-columns" }));
    fill(columns, [left, right]);
    const whole = part("whole", [], () => el("div", { class: "bsg-board" }));
    whole.classList.toggle("phone", ctx.phone);
    fill(whole, [result, top, columns]);
    fill(root, [whole]);
  }
  release(root);
}

export function render(root, body, act, options = {}) {
  last = { root, body, act, options };
  draw(root, body, act, options);
  if (!observer && typeof ResizeObserver !== "undefined") {
    observer = new ResizeObserver((entries) => {
      const width = entries[entries.length - 1].contentRect.width;
      if (rootWidth !== null && Math.abs(width - rootWidth) < 8) return;
      rootWidth = width;
      redraw();
    });
    observer.observe(root);
  }
}
