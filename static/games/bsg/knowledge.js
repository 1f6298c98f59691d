// What a decision needs, beside its options, and what this seat alone knows. The server sends
// ids and messages (app/games/bsg/facts.py, knowledge.py): a prompt's and an option's `cards`
// ({id, deck}) and `facts` ({msg, ...}), and the view's `you.knowledge`. Every card's whole text
// is written out or one tap away (a <details>), never only in a hover tooltip.
import { el } from "/static/js/render.js";
import { t } from "/static/js/i18n/index.js";
import { saidLine, saidSplit } from "./said.js";
import { cardWord, deckName } from "./words.js";

if (!document.querySelector("link[data-bsg-knowledge-css]")) {
  document.head.append(el("link", { rel: "stylesheet", href: "/static/games/bsg/knowledge.css", "data-bsg-knowledge-css": "" }));
}

// A <details> keeps its open or closed state from one drawing to the next.
const opened = new Map();

function fold(key, open, attrs, summary, ...body) {
  const node = el("details", { class: "about-card", "data-fold": key, ...attrs }, el("summary", {}, summary), ...body);
  node.open = opened.has(key) ? opened.get(key) : open;
  node.addEventListener("toggle", () => opened.set(key, node.open));
  return node;
}

/** A crisis card's Cylon ships and jump preparation, in words. */
function crisisMarks(ref, ctx) {
  const card = ctx.catalog?.get(ref.id);
  if (!card || !(ref.deck === "crisis" || ref.deck === "super_crisis")) return null;
  const marks = (card.activation || []).map((icon) => t(`bsg.icon.${icon}`, { fallback: icon }));
  if (card.jump) marks.push(t("bsg.jumpIcon"));
  return marks.length ? el("p", { class: "card-marks muted small" }, marks.join(" · ")) : null;
}

/** One card with its whole text: its name, which opens (on a tap) to its text. */
export function cardBlock(ref, ctx, { key, open = false } = {}) {
  const text = cardWord(ref.id, "text");
  return fold(key ?? `card:${ref.id}`, open, { "data-card-id": ref.id, "data-deck": ref.deck },
    [el("span", { class: "card-name" }, cardWord(ref.id, "name", ref.id)),
    ref.deck !== "skill" ? el("span", { class: "muted small" }, ` · ${deckName(ref.deck)}`) : null],
    text ? el("p", { class: "card-text" }, text) : null,
    crisisMarks(ref, ctx));
}

function factList(facts, ctx) {
  if (!facts?.length) return null;
  return el("ul", { class: "facts" }, facts.map((fact) =>
    el("li", { "data-odds": fact.odds ? `${fact.odds.n}/${fact.odds.of}` : null }, saidLine(fact, ctx.names))));
}

/** An option's own facts (which viper attacks, the odds), written on its button. */
export function optionFacts(option, ctx) {
  if (!option.facts?.length) return null;
  return el("span", { class: "option-facts" }, option.facts.map((fact) =>
    el("span", { class: "option-fact", "data-odds": fact.odds ? `${fact.odds.n}/${fact.odds.of}` : null },
      saidLine(fact, ctx.names))));
}

/** What the prompt's choice needs beside its buttons: the prompt's facts (a roll's odds, what
 * is known of a check) and the cards it and its options name, whole. Cards are open when a few
 * are named (the crises to pick between), folded — one tap away — when many (a hand). */
export function promptFacts(prompt, ctx) {
  if (!prompt) return null;
  let named = [...(prompt.cards || []).map((ref, j) => [ref, `prompt:${j}`]),
    ...prompt.options.flatMap((option, i) => (option.cards || []).map((ref, j) => [ref, `${i}:${j}`]))];
  if (prompt.pick) { // a pick lists each copy of a card: its text once is enough
    const seen = new Set();
    named = named.filter(([ref]) => !seen.has(ref.id) && seen.add(ref.id));
  }
  if (!named.length && !prompt.facts?.length) return null;
  const open = named.length <= 3 && !ctx.phone;
  return el("div", { class: "decision-facts", "data-section": "decision-facts" },
    factList(prompt.facts, ctx),
    named.length ? el("div", { class: "about-cards" }, named.map(([ref, where]) =>
      cardBlock(ref, ctx, { key: `${prompt.kind}:${where}:${ref.id}`, open }))) : null);
}

/** The cards a prompt and its options name, each once (two strengths of one skill card read
 * alike: one name, one text). */
function namedCards(prompt) {
  const seen = new Map();
  for (const ref of [...(prompt.cards || []), ...prompt.options.flatMap((o) => o.cards || [])]) {
    const words = `${cardWord(ref.id, "name", ref.id)}\u0001${cardWord(ref.id, "text")}`;
    if (!seen.has(words)) seen.set(words, ref);
  }
  return [...seen.values()];
}

/** A card's whole text over the page, closed by its button, Escape or a tap on its button. */
function showCard(ref, ctx) {
  const close = el("button", { type: "button", class: "card-close secondary" }, t("decision.closeCard"));
  const dialog = el("dialog", { class: "card-dialog card", "data-card-id": ref.id, "aria-label": cardWord(ref.id, "name", ref.id) },
    cardBlock(ref, ctx, { key: `dialog:${ref.id}`, open: true }), close);
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => dialog.remove());
  (document.getElementById("board") ?? document.body).append(dialog);
  dialog.showModal();
}

/** While a phone folds the question (and with it the cards under it), the cards it names stay
 * one tap away: a line of their names, each opening its whole text over the page, so the folded
 * area keeps its quarter of the screen. */
export function namedCardChips(prompt, ctx) {
  if (!prompt || !ctx.phone) return null;
  const named = namedCards(prompt);
  if (!named.length) return null;
  return el("div", { class: "named-cards when-shut", "data-section": "named-cards" },
    named.map((ref) => el("button", { type: "button", class: "named-card", "data-card-id": ref.id,
      onclick: () => showCard(ref, ctx) }, cardWord(ref.id, "name", ref.id))));
}

/** This seat's own loyalty cards and everything it alone has seen, newest first, with when. */
export function knowledgePanel(ctx) {
  const you = ctx.you;
  if (!you) return null;
  const notes = [...(you.knowledge || [])].reverse();
  return el("section", { class: "bsg-knowledge card secrets", "data-section": "knowledge" },
    el("h2", {}, t("bsg.whatIKnow"), " ", el("span", { class: "muted small" }, t("bsg.onlyYou"))),
    el("h3", {}, t("bsg.myLoyalty")),
    you.loyalty?.length
      ? el("div", { class: "about-cards" }, you.loyalty.map((card, i) =>
        cardBlock({ id: card.id, deck: "loyalty" }, ctx, { key: `mine:loyalty:${i}:${card.id}`, open: !ctx.phone })))
      : el("p", { class: "muted" }, t("bsg.noCards")),
    el("h3", {}, t("bsg.seenByMe")),
    notes.length
      ? el("ol", { class: "knowledge-list" }, notes.map((note, i) =>
        el("li", { "data-kind": note.kind, "data-turn": note.turn },
          el("span", { class: "knowledge-line" }, saidLine(note, ctx.names)),
          el("div", { class: "about-cards" }, (note.cards || []).map((ref, j) =>
            cardBlock(ref, ctx, { key: `note:${notes.length - i}:${j}`, open: false }))))))
      : el("p", { class: "muted" }, t("bsg.seenNothing")));
}
