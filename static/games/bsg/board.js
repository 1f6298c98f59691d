// The Battlestar Galactica board: render(root, body, act, {replay}) draws a seat's view (or the
// spectator's, or a replay step with every secret) as an SVG board with the fleet's state around
// it, the seat's own cards, everyone's public side, the skill check and the log; the prompt's
// options are buttons, and where an option is about a place, a ship or a card, that thing on the
// board is clickable too.
import { el } from "/static/js/render.js";
import { t } from "/static/js/i18n/index.js";
import { isMsg } from "/static/js/i18n/format.js";
import { SEAT_COLOURS } from "./data.js";
import { drawMap, layoutFor } from "./map.js";
import { statusPanel, decksPanel } from "./status.js";
import { playersPanel, tablePanel, youPanel } from "./panels.js";
import { lastResult, reveal, runningCheck } from "./check.js";
import { endScreen } from "./endscreen.js";
import { saidLine, saidSplit } from "./said.js";
import { cardWord, seatNames, skillName } from "./words.js";
import { knowledgePanel, optionFacts, promptFacts } from "./knowledge.js";

export { seatNames };
export { landmarks } from "./landmarks.js"; // the replay viewer's steps to jump to

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
  if (fresh.length) {
    try { sessionStorage.setItem(key, JSON.stringify(entries)); } catch { /* storage full or off */ }
  }
  return entries;
}

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
  window: "bsg.verb.play" };

/** A character to choose, in the reader's language: type, skills, where they start, abilities. */
function characterSummary(id) {
  const card = catalog?.get(id);
  if (!card) return null;
  const skills = card.skills.map((e) => `${e.types.map(skillName).join("/")} ${e.count}`).join(", ");
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

function promptPanel(prompt, keys, ctx) {
  const texts = prompt.options.map((option) => optionWords(prompt, option, ctx));
  const hasTargets = keys.some(Boolean);
  const characterChoice = prompt.kind === "character";
  const buttons = prompt.options.map((option, i) => {
    const { text, detail, full } = texts[i];
    const button = el("button", {
      type: "button", class: `option${characterChoice ? " character-option" : ""}`,
      "data-action": JSON.stringify(option.action), "data-target": keys[i],
      title: full || detail || null,
      onclick: () => ctx.choose(option),
    }, el("span", { class: "option-text" }, text),
    detail && (characterChoice || prompt.kind === "destination") ? el("span", { class: "option-detail" }, detail) : null,
    optionFacts(option, ctx));
    if (keys[i]) {
      const light = (on) => {
        for (const node of ctx.root.querySelectorAll(`[data-target="${CSS.escape(keys[i])}"]`)) {
          if (node !== button) node.classList.toggle("lit", on);
        }
      };
      button.addEventListener("mouseenter", () => light(true));
      button.addEventListener("mouseleave", () => light(false));
      button.addEventListener("focus", () => light(true));
      button.addEventListener("blur", () => light(false));
    }
    return button;
  });
  const hint = hasTargets ? el("p", { class: "hint muted small" },
    t(keys.some((k) => k && !k.startsWith("hand:") && !k.startsWith("quorum:")) ? "bsg.hintBoard" : "bsg.hintCards")) : null;
  const heading = saidSplit(prompt, ctx.names);
  return el("section", { class: "bsg-prompt card prompt", "data-section": "prompt", "data-kind": prompt.kind },
    el("p", { class: "eyebrow" }, t("bsg.yourDecision")),
    el("h2", {}, heading.text),
    heading.detail ? el("p", { class: "prompt-detail card-text" }, heading.detail) : null,
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

function logPanel(body, ctx, log) {
  const shown = log.slice(-400).reverse();
  return el("section", { class: "bsg-log card log", "data-section": "log" },
    el("h2", {}, t("bsg.log")),
    shown.length ? el("ol", { class: "log bsg-log-list" }, shown.map((entry) => {
      if (entry.kind === "gap") return el("li", { class: "gap muted", "data-kind": "gap" }, "⋯ ", t("bsg.logGap"));
      const outcome = entry.kind === "check_result" ? entry.data?.outcome : null;
      return el("li", { class: [`kind-${entry.kind}`, entry.private ? "private" : null, outcome ? `outcome-${outcome}` : null].filter(Boolean).join(" "),
        "data-seq": entry.seq, "data-kind": entry.kind },
      entry.for !== undefined && entry.for !== null ? el("b", { class: "for" }, `${body.players?.[entry.for] ?? ""}: `) : null,
      el("span", { class: "text" }, saidLine(entry, ctx.names)),
      entry.private ? el("span", { class: "badge", title: t("log.privateTitle") }, t(ctx.replay ? "replay.secret" : "log.private")) : null);
    })) : el("p", { class: "muted" }, t("generic.noLog")));
}

// ---- drawing -------------------------------------------------------------------------------

function columnsWidth(root) {
  const width = root.clientWidth || document.documentElement.clientWidth;
  return { total: width, map: width >= 1000 ? width - 400 : width };
}

function draw(root, body, act, options = {}) {
  const view = body.view;
  if (!view || !Array.isArray(view.players)) return;
  const replay = Boolean(options.replay);
  const seat = body.seat ?? null;
  const widths = columnsWidth(root);
  const layout = layoutFor(widths.map - 24);
  const prompts = replay ? [] : body.prompts || [];
  const ctx = {
    root, body, view, seat, replay, layout, catalog,
    names: seatNames(view, body.players || []),
    phone: widths.total < 700,
    you: view.you ?? null,
    colour: (s) => SEAT_COLOURS[s % SEAT_COLOURS.length],
    targets: new Map(),
    choose: (option) => {
      root.classList.add("sending");
      for (const button of root.querySelectorAll("button.option, .target")) {
        if (button.tagName === "BUTTON") button.disabled = true;
      }
      act(option.action);
    },
  };
  const prompt = prompts[0] ?? null;
  let keys = [];
  if (prompt) {
    keys = targetKeys(prompt);
    prompt.options.forEach((option, i) => {
      if (!keys[i]) return;
      const { text } = optionWords(prompt, option, ctx);
      ctx.targets.set(keys[i], { key: keys[i], option, text,
        verb: t(VERBS[prompt.kind] ?? "bsg.verb.choose") });
    });
  }
  ctx.cardTarget = (zone, id) => {
    const key = zone === "hand" ? `hand:${id}` : `quorum:${id}`;
    return ctx.targets.get(key) ?? null;
  };

  const result = endScreen(body, ctx);
  const top = prompt ? promptPanel(prompt, keys, ctx) : replay ? null : waitingPanel(body, ctx);
  const check = runningCheck(ctx);
  const log = replay ? body.log || [] : mergeLog(body);
  const lastCheck = lastResult(log);
  const recent = Boolean(lastCheck) && !log.some((e) => e.kind === "turn" && e.seq > lastCheck.seq);
  const revealPanel = reveal(lastCheck, ctx, { fresh: Boolean(lastCheck && lastCheck.seq === body.version), recent });
  const map = el("section", { class: "bsg-map-card card", "data-section": "map" }, drawMap(ctx));
  const left = el("div", { class: "bsg-col bsg-left" },
    statusPanel(view), map, playersPanel(ctx), decksPanel(view));
  const right = el("div", { class: "bsg-col bsg-right" },
    tablePanel(ctx), check, revealPanel,
    ctx.you && body.status !== "finished" ? youPanel(ctx) : null,
    ctx.you && body.status !== "finished" ? knowledgePanel(ctx) : null,
    logPanel(body, ctx, log));
  root.classList.add("bsg-root");
  root.classList.remove("has-side", "sending");
  root.dataset.layout = layout;
  root.replaceChildren(el("div", { class: `bsg-board${ctx.phone ? " phone" : ""}` },
    result, top, el("div", { class: "bsg-columns" }, left, right)));
}

export function render(root, body, act, options = {}) {
  last = { root, body, act, options };
  draw(root, body, act, options);
  if (!observer && typeof ResizeObserver !== "undefined") {
    let width = root.clientWidth;
    observer = new ResizeObserver(() => {
      if (Math.abs(root.clientWidth - width) < 8) return;
      width = root.clientWidth;
      redraw();
    });
    observer.observe(root);
  }
}
