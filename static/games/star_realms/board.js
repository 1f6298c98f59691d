// The Star Realms board: render(root, body, act, {replay}) draws a seat's view (a spectator's,
// or a replay step with every secret) as the table: each player as a panel (Authority, hand and
// deck counts, the discard pile to open, bases with their defense, the ships played this turn,
// this turn's Trade and Combat), the Trade Row with the Explorers and the Trade Deck, the scrap
// heap, and the log. The prompt's options are buttons in the decision area; where an option is
// about a card or a player (play this card, buy that one, attack this base or player, use an
// ability), that card or player on the table is a button too, which posts the option's action
// unchanged. Every word is the catalogs' (cards by id: star_realms.card.<id>.name/.text/.facts).
//
// Any number of seats: every seat is a panel, the others in the order of play, the reader's own
// last (nearest the Trade Row and the hand). Where a multiplayer format has them, each seat's
// `team` (or the view's `teams`, lists of seats), `role` and `out`, the view's `active` (the
// seats acting at once) and `damage` (a Raid base's) mark the panels.
import { el, logPanel, sayLine } from "/static/js/render.js";
import { lang, t } from "/static/js/i18n/index.js";
import { asksToPick, choose as chooseOption, picker } from "/static/js/decision.js";
import { fill, placesIn } from "/static/js/layout.js";

if (!document.querySelector("link[data-sr-css]")) {
  document.head.append(el("link", { rel: "stylesheet", href: "/static/games/star_realms/board.css", "data-sr-css": "" }));
}

// The card reference: faction, kind, cost and defense by card id (the words are the catalog's).
let reference = null;
fetch("/api/rules/star_realms/cards")
  .then((response) => (response.ok ? response.json() : []))
  .then((cards) => {
    reference = new Map(cards.map((card) => [card.id, card]));
    if (last) draw(last.root, last.body, last.act, last.options);
  })
  .catch(() => { /* the cards are shown by name and text without it */ });

let last = null;

export { landmarks } from "./landmarks.js"; // the replay viewer's steps to jump to

/** The seats' names for messages: each seat's name in the view, else the players'. */
export function seatNames(view, players = []) {
  const seats = view?.players;
  if (!Array.isArray(seats)) return players;
  return seats.map((p, i) => p?.name ?? players[i] ?? "");
}

/** A log line in the reader's language. */
export function logText(entry, names) {
  return sayLine(entry, names);
}

const idOf = (uid) => String(uid).split(":")[0];
const cardName = (id) => t(`star_realms.card.${id}.name`);
const cardText = (id) => t(`star_realms.card.${id}.text`);
const cardFacts = (id) => t(`star_realms.card.${id}.facts`);

// ---- the options, and the things on the table they are about ------------------------------

/** Where on the table an option is chosen: "hand:<id>", "discard:<id>", "row:<uid>",
 * "explorer", "base:<uid>", "player:<seat>", "ability:<uid>:<ability>", "bar:<type>",
 * "gift:<id>" (any of the leaving player's own cards), "give:<seat>:<pool>" (the teammate's
 * panel), "send:<id>:<seat>" (a card of one's discard pile, a button per teammate), or null
 * (only the decision area). */
function targetKey(prompt, action) {
  switch (action.type) {
    case "play": return `hand:${action.card}`;
    case "play_all": case "end_turn": return `bar:${action.type}`;
    case "ability": return `ability:${action.card}:${action.ability}`;
    case "buy": case "acquire": return action.card === "explorer" ? "explorer" : `row:${action.card}`;
    case "attack_base": case "damage_base": case "destroy": case "copy": return `base:${action.card}`;
    case "attack": case "target": return `player:${action.seat}`;
    case "discard": return `hand:${action.card}`;
    case "gift": return `gift:${action.card}`;
    case "give": return `give:${action.seat}:${action.pool}`;
    case "send": return `send:${action.card}:${action.seat}`;
    case "scrap":
      if (prompt.kind === "scrap_trade_row") return `row:${action.card}`;
      return action.zone === "discard" ? `discard:${action.card}` : `hand:${action.card}`;
    default: return null;
  }
}

/** key -> {option, words} for every option that stands alone for its thing on the table. */
function targetsOf(prompts, names) {
  const found = new Map();
  const twice = new Set();
  for (const prompt of prompts) {
    if (asksToPick(prompt)) continue;
    for (const option of prompt.options) {
      const key = targetKey(prompt, option.action || {});
      if (!key) continue;
      if (found.has(key)) twice.add(key);
      found.set(key, { option, words: sayLine(option, names) });
    }
  }
  for (const key of twice) found.delete(key);
  return found;
}

// ---- sending ------------------------------------------------------------------------------

/** Sends an option's action: every choice waits for the next state (or an error, after which
 * the page frees them again). */
function send(option) {
  const root = last?.root;
  if (!root) return;
  root.classList.add("sending");
  for (const button of root.querySelectorAll("button.option, button.target")) button.disabled = true;
  last.act(option.action);
}

const choose = (target) => chooseOption(target.option, target.words, send);

// ---- cards --------------------------------------------------------------------------------

/** A card: cost, name, defense (an outpost's marked), faction colour, its facts and abilities
 * in words; a button when an option is about it, with its ability buttons under it. */
function card(uid, ctx, { key = null, copyOf = null, used = [], abilities = [], damage = 0,
  sends = [] } = {}) {
  const id = idOf(uid);
  const ref = reference?.get(id);
  const faction = ref?.faction ?? "unaligned";
  // the first of the card's keys something is asked about (a card in hand: play it, or give it)
  key = (Array.isArray(key) ? key : [key]).find((k) => k && ctx.targets.has(k)) ?? null;
  const target = key ? ctx.targets.get(key) : null;
  const parts = [
    el("span", { class: "sr-head" },
      ref?.cost !== null && ref?.cost !== undefined ? el("span", { class: "sr-cost" }, String(ref.cost)) : null,
      el("span", { class: "sr-name" }, cardName(id)),
      ref?.defense !== null && ref?.defense !== undefined
        ? el("span", { class: `sr-defense${ref.outpost ? " outpost" : ""}` }, String(ref.defense)) : null),
    el("span", { class: "sr-facts" }, cardFacts(id)),
    damage ? el("span", { class: "sr-damage" }, t("star_realms.board.damage", { n: damage })) : null,
    copyOf ? el("span", { class: "sr-copy" }, t("star_realms.board.copyOf", { srcard: copyOf })) : null,
    el("span", { class: "sr-text" }, cardText(id)),
    used.length ? el("span", { class: "sr-used" }, t("star_realms.board.used", {
      abilities: used.map((a) => t(`star_realms.board.ability.${a}`)).join(", ") })) : null,
  ];
  const attrs = { class: `sr-card f-${faction}${ref?.outpost ? " is-outpost" : ""}`,
    "data-card": uid, "data-id": id };
  const face = target
    ? el("button", { ...attrs, type: "button", class: `${attrs.class} target`, "data-target": key,
      "aria-label": target.words, onclick: () => choose(target) }, parts)
    : el("div", attrs, parts);
  const buttons = abilities.map((ability) => {
    const found = ctx.targets.get(`ability:${uid}:${ability}`);
    return found ? el("button", { type: "button", class: "target sr-ability", "data-ability": ability,
      "data-target": `ability:${uid}:${ability}`, "aria-label": found.words, onclick: () => choose(found) },
    t(`star_realms.board.ability.${ability}`)) : null;
  }).filter(Boolean);
  for (const [sendKey, found] of sends) {
    const to = found.option.action.seat;
    buttons.push(el("button", { type: "button", class: "target sr-send", "data-target": sendKey,
      "aria-label": found.words, title: found.words, onclick: () => choose(found) }, `→ ${ctx.names[to] ?? ""}`));
  }
  return el("div", { class: "sr-slot" }, face, buttons.length ? el("div", { class: "sr-abilities" }, buttons) : null);
}

function cards(uids, ctx, options = () => ({})) {
  if (!uids.length) return el("p", { class: "muted small sr-none" }, t("star_realms.board.empty"));
  return el("div", { class: "sr-cards" }, uids.map((uid) => card(uid, ctx, options(uid))));
}

// The piles opened by a tap stay open from one state to the next.
const openPiles = new Set();

/** A pile (top last, as the view sends it) shown as its name and count, its cards, the top
 * first, opened by a tap (a <details>). */
function pile(name, words, uids, ctx, options = () => ({}), { open = false } = {}) {
  const details = el("details", { class: "sr-pile", "data-pile": name, open: open || openPiles.has(name) },
    el("summary", {}, words),
    cards(uids.slice().reverse(), ctx, options));
  details.addEventListener("toggle", () => {
    if (details.open) openPiles.add(name);
    else openPiles.delete(name);
  });
  return details;
}

// ---- the players ----------------------------------------------------------------------------

const ABILITIES = ["primary", "ally", "scrap"];

/** The abilities of a card in play this state asks about (the buttons under it). */
function askedAbilities(uid, ctx) {
  return ABILITIES.filter((a) => ctx.targets.has(`ability:${uid}:${a}`));
}

function usedOf(uid, ctx) {
  return ABILITIES.filter((a) => ctx.used.has(`${uid}/${a}`));
}

function stat(name, words, value) {
  return el("span", { class: `sr-stat sr-stat-${name}`, "data-stat": name },
    el("span", { class: "sr-stat-name" }, words), " ", el("b", {}, String(value)));
}

/** A seat's team, where the format has teams: its `team` in the view, else its place in the
 * view's `teams` (a list of lists of seats). */
function teamOf(p, view) {
  if (Number.isInteger(p.team)) return p.team;
  if (!Array.isArray(view.teams)) return null;
  const at = view.teams.findIndex((team) => (Array.isArray(team) ? team : team?.seats ?? []).includes(p.seat));
  return at >= 0 ? at : null;
}

function playerPanel(p, ctx) {
  const seat = p.seat;
  const mine = seat === ctx.seat;
  const acting = ctx.acting.has(seat);
  const attack = ctx.targets.get(`player:${seat}`);
  const team = teamOf(p, ctx.view);
  const hand = mine ? ctx.view.you?.hand ?? p.hand : p.hand;
  const gift = (uid) => (mine ? `gift:${idOf(uid)}` : null);
  const sendsOf = (uid) => (mine ? [...ctx.targets].filter(([k]) => k.startsWith(`send:${idOf(uid)}:`)) : []);
  const discardOptions = (uid) => ({ key: mine ? [`discard:${idOf(uid)}`, gift(uid)] : null, sends: sendsOf(uid) });
  const gives = ["trade", "combat"].map((pool) => [`give:${seat}:${pool}`, ctx.targets.get(`give:${seat}:${pool}`)])
    .filter(([, found]) => found).map(([key, found]) => el("button", { type: "button", class: "target sr-give",
      "data-target": key, onclick: () => choose(found) }, found.words));
  const discardAsked = mine && p.discard.some((uid) => ctx.targets.has(`discard:${idOf(uid)}`)
    || ctx.targets.has(gift(uid)) || sendsOf(uid).length);
  const bar = mine ? ["play_all", "end_turn"].map((type) => ctx.targets.get(`bar:${type}`))
    .filter(Boolean).map((target) => el("button", { type: "button", class: `target sr-bar-${target.option.action.type}`,
      "data-target": `bar:${target.option.action.type}`, onclick: () => choose(target) }, target.words)) : [];
  return el("section", { class: `card sr-player${mine ? " mine" : ""}${acting ? " acting" : ""}${p.out ? " out" : ""}`,
    "data-seat": String(seat), "data-section": mine ? "you" : "player" },
  el("header", { class: "sr-player-head" },
    el("h2", {}, ctx.names[seat] ?? "",
      mine ? el("span", { class: "sr-badge" }, t("star_realms.board.you")) : null,
      team !== null ? el("span", { class: "sr-badge team", "data-team": String(team) },
        t("star_realms.board.team", { n: team + 1 })) : null,
      p.role ? el("span", { class: "sr-badge role", "data-role": p.role }, t(`star_realms.board.role.${p.role}`)) : null,
      p.out ? el("span", { class: "sr-badge gone" }, t("star_realms.board.out")) : null,
      acting ? el("span", { class: "sr-badge turn" }, t(mine ? "star_realms.board.yourTurn" : "star_realms.board.theirTurn")) : null),
    el("div", { class: "sr-stats" },
      stat("authority", t("star_realms.board.authority"), p.authority),
      acting || p.trade ? stat("trade", t("star_realms.board.trade"), p.trade) : null,
      acting || p.combat ? stat("combat", t("star_realms.board.combat"), p.combat) : null,
      el("span", { class: "sr-stat sr-counts muted" },
        t("star_realms.board.handCount", { n: p.hand_size }), " · ", t("star_realms.board.deckCount", { n: p.deck_size })))),
  attack ? el("button", { type: "button", class: "target sr-attack", "data-target": `player:${seat}`,
    onclick: () => choose(attack) }, attack.words) : null,
  gives.length ? el("div", { class: "sr-gives" }, gives) : null,
  p.bases.length ? el("div", { class: "sr-zone sr-bases", "data-zone": "bases" },
    el("h3", {}, t("star_realms.board.bases")),
    cards(p.bases, ctx, (uid) => ({ key: [`base:${uid}`, gift(uid)], copyOf: ctx.view.copies?.[uid] ?? null,
      damage: ctx.view.damage?.[uid] ?? 0,
      used: usedOf(uid, ctx), abilities: askedAbilities(uid, ctx) }))) : null,
  p.ships.length ? el("div", { class: "sr-zone sr-ships", "data-zone": "ships" },
    el("h3", {}, t("star_realms.board.inPlay")),
    cards(p.ships, ctx, (uid) => ({ key: gift(uid), used: usedOf(uid, ctx),
      abilities: askedAbilities(uid, ctx) }))) : null,
  hand ? el("div", { class: "sr-zone sr-hand", "data-zone": "hand" },
    el("h3", {}, t(mine && ctx.body.status !== "finished" ? "star_realms.board.yourHand" : "star_realms.board.hand")),
    cards(hand, ctx, (uid) => ({ key: mine ? [`hand:${idOf(uid)}`, gift(uid)] : null })),
    bar.length ? el("div", { class: "sr-bar" }, bar) : null) : null,
  el("div", { class: "sr-piles" },
    pile(`discard:${seat}`, t("star_realms.board.discardPile", { n: p.discard.length }), p.discard, ctx,
      discardOptions, { open: discardAsked }),
    Array.isArray(p.deck) ? pile(`deck:${seat}`, t("star_realms.board.deckCards", { n: p.deck.length }),
      p.deck, ctx, (uid) => ({ key: gift(uid) })) : null));
}

// ---- the Trade Row, the Explorers, the scrap heap ----------------------------------------

function tradePanel(ctx) {
  const { view } = ctx;
  const explorer = ctx.targets.get("explorer");
  const explorerFace = [
    el("span", { class: "sr-head" },
      el("span", { class: "sr-cost" }, String(reference?.get("explorer")?.cost ?? 2)),
      el("span", { class: "sr-name" }, cardName("explorer"))),
    el("span", { class: "sr-facts" }, t("star_realms.board.explorers", { n: view.explorers })),
    el("span", { class: "sr-text" }, cardText("explorer")),
  ];
  const explorerCard = explorer
    ? el("button", { type: "button", class: "sr-card f-unaligned target sr-explorers", "data-target": "explorer",
      "data-id": "explorer", "aria-label": explorer.words, onclick: () => choose(explorer) }, explorerFace)
    : el("div", { class: "sr-card f-unaligned sr-explorers", "data-id": "explorer" }, explorerFace);
  return el("section", { class: "card sr-trade", "data-section": "trade-row" },
    el("header", { class: "sr-trade-head" },
      el("h2", {}, t("star_realms.board.tradeRow")),
      el("span", { class: "muted small sr-trade-deck" }, Array.isArray(view.trade_deck)
        ? null : t("star_realms.board.tradeDeck", { n: view.trade_deck_size }))),
    el("div", { class: "sr-cards sr-row" },
      view.trade_row.map((uid) => card(uid, ctx, { key: `row:${uid}` })),
      el("div", { class: "sr-slot" }, explorerCard)),
    el("div", { class: "sr-piles" },
      pile("scrap", t("star_realms.board.scrapHeap", { n: view.scrap_heap.length }), view.scrap_heap, ctx),
      Array.isArray(view.trade_deck) ? pile("trade_deck",
        t("star_realms.board.tradeDeckCards", { n: view.trade_deck.length }), view.trade_deck, ctx) : null));
}

// ---- the decision area, the turn, the result, the log ------------------------------------

function promptPanel(prompt, ctx) {
  const send1 = (option) => chooseOption(option, sayLine(option, ctx.names), send);
  return el("section", { class: "card prompt sr-prompt", "data-section": "prompt", "data-kind": prompt.kind },
    el("p", { class: "eyebrow" }, t("generic.yourMove")),
    el("h2", {}, sayLine(prompt, ctx.names)),
    prompt.kind === "main" ? el("p", { class: "hint muted small sr-hint" }, t("star_realms.board.hint")) : null,
    asksToPick(prompt)
      ? picker(prompt, (option) => sayLine(option, ctx.names), (action) => send({ action }))
      : el("div", { class: "options" }, prompt.options.map((option) => el("button", {
        type: "button", class: "option", "data-action": JSON.stringify(option.action),
        onclick: () => send1(option) }, sayLine(option, ctx.names)))));
}

function waitingPanel(body, ctx) {
  const others = (body.waiting || []).filter((w) => w.seat !== body.seat);
  if (!others.length || body.status === "finished") return null;
  return el("p", { class: "waiting sr-waiting", "data-section": "waiting" },
    t("generic.waitingFor"), " ", others.map((w, i) => [i ? ", " : "", el("b", {}, ctx.names[w.seat] ?? ""),
      w.msg ? ` — ${sayLine(w, ctx.names)}` : ""]));
}

function turnLine(ctx) {
  const { view } = ctx;
  return el("p", { class: "sr-turn", "data-section": "turn" },
    el("b", {}, t("star_realms.board.turn", { n: view.turn })),
    [...ctx.acting].map((seat, i) => [i ? ", " : " · ", ctx.names[seat] ?? ""]));
}

function resultPanel(body, ctx) {
  if (body.status !== "finished" || !body.result) return null;
  return el("section", { class: "card result sr-result", "data-section": "result" },
    el("h2", {}, t("generic.gameOver")), el("p", {}, sayLine(body.result, ctx.names)));
}

// ---- drawing ------------------------------------------------------------------------------

/** Who is acting: the current seat, and every seat the game waits on during its turn. */
function actingSeats(body, view) {
  const seats = new Set();
  if (body.status === "finished") return seats;
  if (Array.isArray(view.active)) for (const s of view.active) seats.add(s);
  else if (Number.isInteger(view.current)) seats.add(view.current);
  return seats;
}

function draw(root, body, act, options = {}) {
  const view = body.view;
  if (!view || !Array.isArray(view.players)) return;
  const replay = Boolean(options.replay);
  const seat = view.you ? body.seat ?? view.you.seat ?? null : null;
  const prompts = replay ? [] : body.prompts || [];
  const names = seatNames(view, body.players || []);
  const ctx = {
    body, view, seat, replay, names,
    targets: targetsOf(prompts, names),
    used: new Set(view.used || []),
    acting: actingSeats(body, view),
  };
  const me = view.players.find((p) => p.seat === seat);
  // the others in the order of play from the reader's seat on
  const count = view.players.length;
  const from = seat ?? -1;
  const others = view.players.filter((p) => p.seat !== seat)
    .sort((a, b) => ((a.seat - from + count) % count) - ((b.seat - from + count) % count));
  const table = [
    resultPanel(body, ctx),
    turnLine(ctx),
    ...others.map((p) => playerPanel(p, ctx)),
    tradePanel(ctx),
    me ? playerPanel(me, ctx) : null,
  ];
  const asked = [...prompts.map((prompt) => promptPanel(prompt, ctx)), replay ? null : waitingPanel(body, ctx)];
  root.classList.add("sr-root");
  root.classList.remove("sending", "has-side");
  root.dataset.lang = lang();
  const places = placesIn(root);
  if (places) {
    fill(places.decision, asked);
    fill(places.board, table);
    fill(places.mine, []);
    fill(places.talk, [logPanel(body, ctx.names, { prefix: "sr", replay: ctx.replay })]);
    return;
  }
  root.replaceChildren(el("div", { class: "sr-board" },
    el("div", { class: "sr-main" }, asked, table),
    el("aside", { class: "sr-side" }, logPanel(body, ctx.names, { prefix: "sr", replay: ctx.replay }))));
}

export function render(root, body, act, options = {}) {
  last = { root, body, act, options };
  draw(root, body, act, options);
}
