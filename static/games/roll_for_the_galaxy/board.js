// The Roll for the Galaxy board: render(root, body, act, {replay}) draws a seat's view (a
// spectator's, or a replay step with every secret) as the table: the round, step and phase, the
// VP pool, the bag and the 2-player white die; each player's empire (tableau, construction
// stacks with the dice on their tops, goods, citizenry, cup, credits, VP); the scores at the end.
//
// Behind the screen (Assign) the reader's rolled dice stand in the five phase rows: a tap on a
// die, then on a row, sends the one option of the prompt that moves that die there (or lists
// them when there are several); options about a die but no row (Dictate) are buttons beside it.
// The board never makes an action up: every tap sends an option's action unchanged. The page's
// draft support (static/js/drafts.js) keeps the steps and hands this board the previewed body.
// After Reveal every seat's assignment is shown, and while a phase resolves, whose workers are
// still to act. Tiles drawn while scouting show both sides to the seat that drew them; the
// others see a count. Every word is the catalogs' (sides: roll_for_the_galaxy.side.<id>.*).
import { el, logPanel, sayLine } from "/static/js/render.js";
import { lang, t } from "/static/js/i18n/index.js";
import { asksToPick, choose as chooseOption, picker } from "/static/js/decision.js";
import { fill, placesIn } from "/static/js/layout.js";
import { promptEyebrow, promptWords, splitWaiting, waitingOnScreen } from "/static/js/drafts.js";

const G = "roll_for_the_galaxy";
const PHASES = ["explore", "develop", "settle", "produce", "ship"];

if (!document.querySelector("link[data-rg-css]")) {
  document.head.append(el("link", { rel: "stylesheet", href: `/static/games/${G}/board.css`, "data-rg-css": "" }));
}

// The tile reference (kind, colour and cost by side id; the words are the catalog's).
let reference = null;
const tiles = new Map(); // game tile number -> {development, world}: its two sides
let last = null;
fetch(`/api/rules/${G}/cards`)
  .then((response) => (response.ok ? response.json() : []))
  .then((sides) => {
    reference = new Map(sides.map((s) => [s.id, s]));
    for (const s of sides) {
      if (!Number.isInteger(s.tile)) continue;
      if (!tiles.has(s.tile)) tiles.set(s.tile, {});
      tiles.get(s.tile)[s.kind] = s.id;
    }
    if (last) draw(last.root, last.body, last.act, last.options);
  })
  .catch(() => { /* the tiles are shown by their words without it */ });

export { landmarks } from "./landmarks.js"; // the replay viewer's steps to jump to

/** The seats' names for messages: the players' (the view carries none). */
export function seatNames(view, players = []) {
  return players;
}

/** A log line in the reader's language. */
export function logText(entry, names) {
  return sayLine(entry, names);
}

const colourWord = (c) => t(`roll_for_the_galaxy.colour.${c}`);
const phaseWord = (p) => (p === "dictate" ? t(`roll_for_the_galaxy.board.dictateRow`) : t(`roll_for_the_galaxy.phase.${p}`));
const faceWord = (f) => t(`roll_for_the_galaxy.face.${f}`);

// ---- sending ------------------------------------------------------------------------------

// The die tapped last (its colour, face and row; equal dice are one choice), until a row is.
let chosenDie = null;
let chooser = null; // the row tapped when several options move the die there: {row, options}

function send(option) {
  const root = last?.root;
  if (!root) return;
  chosenDie = null;
  chooser = null;
  root.classList.add("sending");
  for (const button of root.querySelectorAll("button.option, button.target")) button.disabled = true;
  last.act(option.action);
}

const sendWithWords = (option, names) => chooseOption(option, sayLine(option, names), send);

function redraw() {
  if (last) draw(last.root, last.body, last.act, last.options);
}

// ---- small parts --------------------------------------------------------------------------

/** A die as a coloured square: its face word on it when it shows one. */
function die(colour, face = null, { class: more = null, ...attrs } = {}) {
  const words = face ? `${colourWord(colour)} · ${faceWord(face)}` : colourWord(colour);
  return el(attrs.onclick ? "button" : "span", { type: attrs.onclick ? "button" : null,
    class: `rg-die c-${colour}${face ? " faced" : ""}${more ? ` ${more}` : ""}`,
    "data-colour": colour, "data-face": face, title: words, "aria-label": words, ...attrs },
  face ? el("span", { class: "rg-face" }, faceWord(face)) : null);
}

function dice(colours, empty = true) {
  if (!colours?.length) return empty ? el("span", { class: "muted small" }, t(`roll_for_the_galaxy.board.none`)) : null;
  return el("span", { class: "rg-dice" }, colours.map((c) => die(c)));
}

/** A tile side: name, facts (kind, colour, cost) and its text, with its goods and workers. */
function tile(sid, { goods = null, extra = null, attrs = {} } = {}) {
  const ref = reference?.get(sid);
  return el("div", { class: `rg-tile k-${ref?.kind ?? "x"} w-${ref?.colour ?? "none"}`, "data-side": sid, ...attrs },
    el("span", { class: "rg-tile-name" }, t(`roll_for_the_galaxy.side.${sid}.name`)),
    el("span", { class: "rg-tile-facts" }, t(`roll_for_the_galaxy.side.${sid}.facts`)),
    el("span", { class: "rg-tile-text" }, t(`roll_for_the_galaxy.side.${sid}.text`)),
    goods?.length ? el("span", { class: "rg-goods", "data-goods": goods.join(" ") },
      t(`roll_for_the_galaxy.board.goods`), " ", dice(goods)) : null,
    extra);
}

// What a tap opened stays open from one state to the next.
const opened = new Set();

/** A <details> remembered open by `key`. */
function kept(key, attrs, ...children) {
  const details = el("details", { ...attrs, open: opened.has(key) }, ...children);
  details.addEventListener("toggle", () => {
    if (details.open) opened.add(key);
    else opened.delete(key);
  });
  return details;
}

function stat(name, words) {
  return el("span", { class: `rg-stat rg-stat-${name}`, "data-stat": name }, words);
}

// ---- the table's head ---------------------------------------------------------------------

function tableHead(ctx) {
  const { view } = ctx;
  const phases = view.phases || [];
  return el("section", { class: "card rg-head", "data-section": "round" },
    el("p", { class: "rg-round" },
      el("b", {}, t(`roll_for_the_galaxy.board.round`, { n: view.round })), " · ",
      el("span", { "data-step": view.step }, t(`roll_for_the_galaxy.board.step.${view.step}`)),
      view.sequential ? [" · ", t(`roll_for_the_galaxy.board.oneAtATime`)] : null),
    phases.length ? el("p", { class: "rg-phases", "data-section": "phases" }, t(`roll_for_the_galaxy.board.phases`), " ",
      phases.map((p) => el("span", { class: `rg-phase${p === view.phase ? " now" : ""}`, "data-phase": p,
        "aria-current": p === view.phase ? "step" : null }, phaseWord(p)))) : null,
    el("p", { class: "rg-supply muted" },
      el("span", { "data-stat": "vp_pool" }, t(`roll_for_the_galaxy.board.vpPool`, { n: view.vp_pool })), " · ",
      el("span", { "data-stat": "bag" }, t(`roll_for_the_galaxy.board.bag`, { n: view.bag })),
      view.extra_die ? [" · ", el("span", { "data-stat": "white_die" }, t(`roll_for_the_galaxy.board.whiteDie`,
        { face: faceWord(view.extra_die) }))] : null,
      view.pool_emptied ? [" · ", el("b", {}, t(`roll_for_the_galaxy.board.poolEmptied`))] : null),
    Array.isArray(view.bag_tiles) ? bagShown(view.bag_tiles) : null);
}

/** Every secret once over: the tiles left in the bag, each by its two sides. */
function bagShown(numbers) {
  return kept("bag", { class: "rg-bag", "data-section": "bag" },
    el("summary", {}, t(`roll_for_the_galaxy.board.bag`, { n: numbers.length })),
    el("ul", { class: "rg-bag-list" }, numbers.map((n) => {
      const sides = tiles.get(n);
      return el("li", { "data-tile": n }, sides
        ? `${t(`roll_for_the_galaxy.side.${sides.development}.name`)} / ${t(`roll_for_the_galaxy.side.${sides.world}.name`)}`
        : String(n));
    })));
}

// ---- an assignment: five rows of dice ------------------------------------------------------

const sameDie = (a, b) => a && b && a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/** The options of the draft prompt about die `i` (or an equal die), by row (null: no row). */
function optionsOfDie(dice, i, prompt) {
  const out = new Map();
  if (!prompt) return out;
  for (const option of prompt.options) {
    const a = option.action || {};
    if (!Number.isInteger(a.die) || !sameDie(dice[a.die], dice[i])) continue;
    const row = a.to ?? a.phase ?? null;
    if (!out.has(row)) out.set(row, []);
    out.get(row).push(option);
  }
  return out;
}

/** The rows of an assignment: `dice` [[colour, face, row]], `selector` the index of the die
 * that selects. With `prompt` (the reader's own, behind the screen) dice and rows are taps. */
function assignRows(dice, selector, ctx, prompt = null) {
  const chosenAt = prompt ? dice.findIndex((d) => sameDie(d, chosenDie)) : -1;
  const byRow = chosenAt >= 0 ? optionsOfDie(dice, chosenAt, prompt) : new Map();
  const dieNode = (d, i) => {
    const [colour, face] = d;
    const asked = prompt && optionsOfDie(dice, i, prompt).size > 0;
    const classes = [i === selector ? "selector" : "", i === chosenAt ? "chosen" : "", asked ? "target" : ""]
      .filter(Boolean).join(" ");
    const node = die(colour, face, { class: classes || null, "data-index": i,
      "aria-pressed": asked ? String(i === chosenAt) : null,
      onclick: asked ? () => {
        chosenDie = i === chosenAt ? null : d.slice();
        chooser = null;
        redraw();
      } : null });
    return i === selector ? el("span", { class: "rg-selector-wrap" }, node,
      el("span", { class: "rg-selector-mark", title: t(`roll_for_the_galaxy.board.selector`, { phase: phaseWord(d[2]) }) }, "★")) : node;
  };
  const rows = [...PHASES];
  if (dice.some((d) => d[2] === "dictate")) rows.push("dictate");
  const rowNode = (row) => {
    const here = dice.map((d, i) => [d, i]).filter(([d]) => d[2] === row);
    const options = byRow.get(row) || [];
    if (!prompt && !here.length) return null; // a revealed assignment: its dice only
    const label = el("span", { class: "rg-row-name" }, phaseWord(row));
    const content = el("span", { class: "rg-row-dice" }, here.map(([d, i]) => dieNode(d, i)));
    const tap = () => {
      if (options.length === 1) send(options[0]);
      else {
        chooser = { row, options };
        redraw();
      }
    };
    const box = options.length
      ? el("div", { class: "rg-row target", "data-row": row, role: "button", tabindex: "0",
        "aria-label": options.length === 1 ? sayLine(options[0], ctx.names) : phaseWord(row),
        onclick: (ev) => { if (!ev.target.closest("button.rg-die")) tap(); },
        onkeydown: (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); tap(); } } },
      label, content)
      : el("div", { class: "rg-row", "data-row": row }, label, content);
    const choices = chooser && chooser.row === row && options.length > 1
      ? el("div", { class: "rg-chooser", "data-chooser": row }, el("span", { class: "muted small" }, t(`roll_for_the_galaxy.board.pickOne`)),
        options.map((o) => el("button", { type: "button", class: "target rg-choice",
          onclick: () => send(o) }, sayLine(o, ctx.names)))) : null;
    return [box, choices];
  };
  const wild = dice.map((d, i) => [d, i]).filter(([d]) => d[2] === null);
  const rowless = (byRow.get(null) || []).map((o) => el("button", { type: "button", class: "target rg-die-option",
    "data-type": o.action.type, onclick: () => send(o) }, sayLine(o, ctx.names)));
  return el("div", { class: "rg-assign-rows" },
    rows.map(rowNode),
    wild.length ? el("div", { class: "rg-row rg-wild", "data-row": "wild" },
      el("span", { class: "rg-row-name" }, t(`roll_for_the_galaxy.board.wild`)),
      el("span", { class: "rg-row-dice" }, wild.map(([d, i]) => dieNode(d, i)))) : null,
    rowless.length ? el("div", { class: "rg-die-options" }, rowless) : null);
}

/** The reader's own screen while assigning (interactive when asked). */
function myScreen(p, ctx) {
  const a = p.assign;
  if (!a || ctx.view.step !== "assign") return null;
  const prompt = ctx.prompts.find((q) => q.seat === ctx.seat && q.draft) ?? null;
  // "Start over" and "Ready" under the rows too, where a phone's thumb already is
  const taking = ctx.prompts.find((q) => q.seat === ctx.seat && q.ready)?.options ?? [];
  const finishing = [...(prompt?.options || []).filter((o) => o.action?.type === "reset" || o.commits), ...taking];
  return el("section", { class: "card rg-screen", "data-section": "screen" },
    el("h2", {}, t(`roll_for_the_galaxy.board.yourScreen`)),
    a.selected ? el("p", { class: "rg-selected", "data-selected": a.selected },
      t(`roll_for_the_galaxy.board.selected`, { phase: phaseWord(a.selected) })) : null,
    prompt ? el("p", { class: "hint muted small" }, t(`roll_for_the_galaxy.board.hint`)) : null,
    assignRows(a.dice, a.selector, ctx, prompt),
    finishing.length ? el("div", { class: "rg-finish" }, finishing.map((o) => el("button", { type: "button",
      class: `target rg-finish-${o.action.type}`, "data-type": o.action.type,
      onclick: () => sendWithWords(o, ctx.names) }, sayLine(o, ctx.names)))) : null);
}

/** The tiles the reader drew while scouting: both sides of each, with the options placing it. */
function drawnTiles(p, ctx) {
  const pend = p.pend;
  if (!pend || !Array.isArray(pend.tiles) || !pend.tiles.length) return null;
  const prompt = ctx.prompts.find((q) => q.seat === p.seat) ?? null;
  const placing = (k, kind) => (prompt?.options || []).filter((o) => o.action?.type === "place_tile"
    && o.action.tile === k && o.action.as === kind);
  return el("section", { class: "card rg-drawn", "data-section": "drawn" },
    el("h2", {}, t(`roll_for_the_galaxy.board.drawn`)),
    el("div", { class: "rg-drawn-tiles" }, pend.tiles.map((d, k) => el("div", { class: "rg-drawn-tile",
      "data-tile": d.number },
    ["development", "world"].map((kind) => el("div", { class: "rg-drawn-side", "data-as": kind },
      el("span", { class: "muted small" }, t(kind === "development" ? `roll_for_the_galaxy.board.asDevelopment` : `roll_for_the_galaxy.board.asWorld`)),
      tile(d[kind]),
      placing(k, kind).map((o) => el("button", { type: "button", class: "target rg-place",
        "data-as": kind, onclick: () => sendWithWords(o, ctx.names) }, sayLine(o, ctx.names)))))))));
}

// ---- the players ----------------------------------------------------------------------------

function stack(p, name, ctx) {
  const s = p[name];
  const key = name === "devs" ? `roll_for_the_galaxy.board.devs` : `roll_for_the_galaxy.board.worlds`;
  const covered = Math.max(0, s.count - 1);
  const own = Array.isArray(s.tiles);
  return el("div", { class: "rg-stack", "data-stack": name, "data-count": s.count },
    el("h3", {}, t(key, { n: s.count })),
    s.top ? tile(s.top, { extra: el("span", { class: "rg-on-top" }, t(`roll_for_the_galaxy.board.workersOn`), " ", dice(s.dice)) })
      : el("p", { class: "muted small" }, t(`roll_for_the_galaxy.board.none`)),
    own && s.tiles.length > 1
      ? kept(`covered:${p.seat}:${name}`, { class: "rg-covered" }, el("summary", {}, t(`roll_for_the_galaxy.board.covered`, { n: covered })),
        el("div", { class: "rg-tiles" }, s.tiles.slice(1).map((sid) => tile(sid))))
      : covered ? el("p", { class: "muted small rg-covered-count" }, t(`roll_for_the_galaxy.board.covered`, { n: covered })) : null);
}

function behindScreen(p, ctx) {
  const { view } = ctx;
  if (view.step !== "assign" || ctx.body.status === "finished") return null;
  const mineInPlay = p.seat === ctx.seat;
  return el("p", { class: "rg-screen-state", "data-ready": p.ready ? "true" : "false" },
    el("span", { class: `rg-badge ${p.ready ? "ready" : "deciding"}` },
      t(p.ready ? `roll_for_the_galaxy.board.ready` : `roll_for_the_galaxy.board.deciding`)),
    mineInPlay ? null : [" ", el("span", { class: "muted small" }, t(`roll_for_the_galaxy.board.behindScreen`, { n: p.dice_behind_screen }))]);
}

function revealed(p, ctx) {
  // (the view keeps the last round's assignment until the next Reveal)
  if (!p.revealed || ctx.view.step === "assign" || ctx.view.step === "setup") return null;
  const r = p.revealed;
  return el("div", { class: "rg-revealed", "data-section": "revealed" },
    el("h3", {}, t(`roll_for_the_galaxy.board.assignment`), r.selected ? [" · ", el("span", { class: "rg-selected",
      "data-selected": r.selected }, t(`roll_for_the_galaxy.board.selected`, { phase: phaseWord(r.selected) }))] : null),
    assignRows(r.dice, r.selector, ctx));
}

function working(p, ctx) {
  const { view } = ctx;
  const waitingRows = Object.entries(p.rows || {}).filter(([, colours]) => colours.length);
  const work = p.work || [];
  const vwork = p.vwork || [];
  const parts = [];
  if (view.step === "phases" && (work.length || vwork.length)) {
    parts.push(el("p", { class: "rg-work", "data-section": "work" }, el("b", {}, t(`roll_for_the_galaxy.board.toAct`)), " ",
      dice(work, false), vwork.map((c) => el("span", { class: "rg-virtual" }, " ",
        t(`roll_for_the_galaxy.board.virtual`, { colour: colourWord(c) })))));
  }
  if (waitingRows.length && view.step === "phases") {
    parts.push(el("div", { class: "rg-waiting-rows", "data-section": "rows" },
      el("span", { class: "muted small" }, t(`roll_for_the_galaxy.board.waitingRows`)), " ",
      waitingRows.map(([row, colours]) => el("span", { class: "rg-waiting-row", "data-row": row },
        phaseWord(row), " ", dice(colours)))));
  }
  const pend = p.pend;
  if (pend && Number.isInteger(pend.tiles) && pend.tiles > 0) {
    parts.push(el("p", { class: "rg-drew", "data-drew": pend.tiles }, t(`roll_for_the_galaxy.board.drewCount`, { n: pend.tiles })));
  } else if (pend && Array.isArray(pend.tiles) && pend.tiles.length && p.seat !== ctx.seat) {
    // every secret once over (a replay, the end): the tiles another seat drew, both sides
    parts.push(el("div", { class: "rg-drawn-tiles rg-their-drawn", "data-drew": pend.tiles.length },
      el("p", { class: "rg-drew" }, t(`roll_for_the_galaxy.board.drewCount`, { n: pend.tiles.length })),
      pend.tiles.map((d) => el("div", { class: "rg-drawn-tile", "data-tile": d.number },
        ["development", "world"].map((kind) => el("div", { class: "rg-drawn-side", "data-as": kind },
          el("span", { class: "muted small" }, t(kind === "development"
            ? `roll_for_the_galaxy.board.asDevelopment` : `roll_for_the_galaxy.board.asWorld`)),
          tile(d[kind])))))));
  }
  if (p.discards) parts.push(el("p", { class: "muted small rg-discards" }, t(`roll_for_the_galaxy.board.discardedCount`, { n: p.discards })));
  return parts;
}

function playerPanel(p, ctx) {
  const seat = p.seat;
  const mine = seat === ctx.seat;
  const acting = ctx.acting.has(seat);
  const goods = p.goods || {};
  return el("section", { class: `card rg-player${mine ? " mine" : ""}${acting ? " acting" : ""}`,
    "data-seat": seat, "data-section": "player" },
  el("header", { class: "rg-player-head" },
    el("h2", {}, el("span", { class: "rg-name" }, ctx.names[seat] ?? ""),
      mine && !ctx.replay ? el("span", { class: "muted small" }, " ", t(`roll_for_the_galaxy.board.you`)) : null,
      el("span", { class: "rg-faction muted small" }, t(`roll_for_the_galaxy.faction.${p.faction}`))),
    el("span", { class: "rg-stats" },
      stat("credits", t(`roll_for_the_galaxy.board.credits`, { n: p.credits })),
      stat("vp", t(`roll_for_the_galaxy.board.vp`, { n: p.vp })))),
  behindScreen(p, ctx),
  el("div", { class: "rg-pools" },
    el("span", { class: "rg-pool", "data-pool": "cup" }, el("b", {}, t(`roll_for_the_galaxy.board.cup`)), " ", dice(p.cup)),
    el("span", { class: "rg-pool", "data-pool": "citizenry" }, el("b", {}, t(`roll_for_the_galaxy.board.citizenry`)), " ", dice(p.citizenry))),
  revealed(p, ctx),
  working(p, ctx),
  !mine && p.assign && ctx.view.step === "assign" ? el("div", { class: "rg-revealed" },
    el("h3", {}, t(`roll_for_the_galaxy.board.assignment`)), assignRows(p.assign.dice, p.assign.selector, ctx)) : null,
  el("div", { class: "rg-zone", "data-zone": "tableau" },
    el("h3", {}, t(`roll_for_the_galaxy.board.empire`)),
    el("div", { class: "rg-tiles" }, p.tableau.map((sid) => tile(sid, { goods: goods[sid] })))),
  el("div", { class: "rg-stacks" }, stack(p, "devs", ctx), stack(p, "worlds", ctx)));
}

// ---- the decision area, the result, the log ------------------------------------------------

const DIE_ACTIONS = new Set(["place", "select", "dictate", "reassign"]);

function promptPanel(prompt, ctx) {
  const words = (o) => sayLine(o, ctx.names);
  let buttons;
  let rest = null;
  if (asksToPick(prompt)) {
    buttons = picker(prompt, words, (action) => send({ action }));
  } else {
    // Behind the screen the dice are tapped on the board; the other options are buttons here,
    // and every option stays reachable in the list under them.
    const main = prompt.draft ? prompt.options.filter((o) => !DIE_ACTIONS.has(o.action?.type)) : prompt.options;
    const more = prompt.draft ? prompt.options.filter((o) => DIE_ACTIONS.has(o.action?.type)) : [];
    const button = (o) => el("button", { type: "button", class: "option", "data-action": JSON.stringify(o.action),
      "data-type": o.action?.type, onclick: () => sendWithWords(o, ctx.names) }, words(o));
    buttons = el("div", { class: "options" }, main.map(button));
    rest = more.length ? kept("all", { class: "rg-all" }, el("summary", {}, t(`roll_for_the_galaxy.board.allChoices`)),
      el("div", { class: "options" }, more.map(button))) : null;
  }
  return el("section", { class: "card prompt rg-prompt", "data-section": "prompt", "data-kind": prompt.kind,
    "data-draft": prompt.draft ? "" : null, "data-ready": prompt.ready ? "" : null },
  el("p", { class: "eyebrow" }, promptEyebrow(prompt)),
  el("h2", {}, promptWords(prompt, ctx.names)),
  buttons, rest);
}

function waitingPanel(body, ctx) {
  if (body.status === "finished") return null;
  const split = splitWaiting((body.waiting || []).filter((w) => w.seat !== body.seat));
  const screen = waitingOnScreen(split, (seat) => el("b", {}, ctx.names[seat] ?? ""));
  if (!split.others.length && !screen) return null;
  return el("p", { class: "waiting rg-waiting", "data-section": "waiting" },
    split.others.length ? [t("generic.waitingFor"), " ", split.others.map((w, i) => [i ? ", " : "",
      el("b", {}, ctx.names[w.seat] ?? ""), w.msg ? ` — ${sayLine(w, ctx.names)}` : ""])] : null,
    split.others.length && screen ? " · " : null, screen);
}

function resultPanel(body, ctx) {
  const { view } = ctx;
  if (body.status !== "finished" && view.step !== "over") return null;
  const scores = view.scores || view.result?.scores || [];
  const cols = ["chips", "tiles", "bonus", "total", "tiebreak"];
  return el("section", { class: "card result rg-result", "data-section": "result" },
    el("h2", {}, t("generic.gameOver")),
    body.result || view.result ? el("p", {}, sayLine(body.result ?? view.result, ctx.names)) : null,
    scores.length ? el("div", { class: "table-wrap" }, el("table", { class: "grid rg-scores" },
      el("caption", {}, t(`roll_for_the_galaxy.board.scores`)),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t(`roll_for_the_galaxy.board.score.player`)),
        cols.map((c) => el("th", { scope: "col" }, t(`roll_for_the_galaxy.board.score.${c}`))))),
      el("tbody", {}, scores.map((s, i) => el("tr", { "data-seat": i },
        el("th", { scope: "row" }, ctx.names[i] ?? ""),
        cols.map((c) => el("td", { "data-key": c }, String(s?.[c] ?? "")))))))) : null);
}

// ---- drawing ------------------------------------------------------------------------------

/** Whose move the game waits on outside the screens (phases, Manage). */
function actingSeats(body, view) {
  const seats = new Set();
  if (body.status === "finished" || view.step === "assign") return seats;
  for (const w of body.waiting || []) if (!w.draft && !w.ready) seats.add(w.seat);
  return seats;
}

function draw(root, body, act, options = {}) {
  const view = body.view;
  if (!view || !Array.isArray(view.seats)) return;
  const replay = Boolean(options.replay);
  const seat = Number.isInteger(view.you) ? view.you : null;
  const prompts = replay ? [] : body.prompts || [];
  const names = seatNames(view, body.players || []);
  const seats = view.seats.map((p, i) => ({ ...p, seat: i }));
  const ctx = { body, view, seat, replay, names, prompts, acting: actingSeats(body, view) };
  if (!prompts.some((q) => q.draft)) {
    chosenDie = null;
    chooser = null;
  }
  const me = seats.find((p) => p.seat === seat);
  const count = seats.length;
  const from = seat ?? -1;
  const others = seats.filter((p) => p.seat !== seat)
    .sort((a, b) => ((a.seat - from + count) % count) - ((b.seat - from + count) % count));
  const table = [
    resultPanel(body, ctx),
    tableHead(ctx),
    me ? myScreen(me, ctx) : null,
    me ? drawnTiles(me, ctx) : null,
    ...others.map((p) => playerPanel(p, ctx)),
    me ? playerPanel(me, ctx) : null,
  ];
  const asked = replay ? [] : [...prompts.map((prompt) => promptPanel(prompt, ctx)), waitingPanel(body, ctx)];
  root.classList.add("rg-root");
  root.classList.remove("sending", "has-side");
  root.dataset.lang = lang();
  root.dataset.step = view.step;
  const places = placesIn(root);
  if (places) {
    fill(places.decision, asked);
    fill(places.board, table);
    fill(places.mine, []);
    fill(places.talk, [logPanel(body, ctx.names, { prefix: "rg", replay: ctx.replay })]);
    return;
  }
  root.replaceChildren(el("div", { class: "rg-board" },
    el("div", { class: "rg-main" }, asked, table),
    el("aside", { class: "rg-side" }, logPanel(body, ctx.names, { prefix: "rg", replay: ctx.replay }))));
}

export function render(root, body, act, options = {}) {
  last = { root, body, act, options };
  draw(root, body, act, options);
}
