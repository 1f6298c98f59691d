// Skill checks: the running check (difficulty, skill colours, how many cards each seat has put
// in face down) and the reveal of the last one, with the shuffled pool and totals by colour. The
// chips of a reveal (one per card, one per modifier) always add up to the total it announces.
import { el } from "/static/js/render.js";
import { t } from "/static/js/i18n/index.js";
import { tip } from "/static/js/tips.js";
import { SKILLS, SKILL_COLOURS } from "./data.js";
import { skillIcon } from "./icons.js";
import { said, saidParam } from "./said.js";
import { cardName, charShort, skillName } from "./words.js";

function skillChips(skills) {
  return el("span", { class: "skill-chips" }, skills.map((type) =>
    el("span", { class: "skill-chip", style: `--c: ${SKILL_COLOURS[type]}`, "data-type": type }, skillIcon(type), skillName(type))));
}

function playedBy(plays, ctx) {
  if (!plays?.length) return null;
  return el("ul", { class: "played-by" }, plays.map((play) => {
    const card = ctx.catalog?.get(play.card);
    return el("li", { style: `--seat: ${ctx.colour(play.seat)}` },
      el("span", { class: "seat-dot" }), ctx.view.players[play.seat]?.name ?? "", ": ",
      card ? el("span", { class: "skill-chip", style: `--c: ${SKILL_COLOURS[card.skill_type]}`, "data-type": card.skill_type },
        skillIcon(card.skill_type, { labelled: true }), `${cardName(card)} ${card.strength}`) : cardName({ id: play.card, name: play.card }));
  }));
}

/** A pool card's name: by its id where the server sends one, else its skill type. */
const poolName = (card) => (card.id ? cardName(card) : skillName(card.type));

const signed = (n) => `${n >= 0 ? "+" : "−"}${Math.abs(n)}`;

/** A power that changes how the cards count, as a chip beside theirs: its value once the pool
 * is shown (the cards' chips and these add up to the total), only its words before. */
function modifierChip(modifier, names) {
  const known = typeof modifier.value === "number";
  const words = said(modifier.msg, names);
  return el("li", { class: `pool-card modifier${known ? (modifier.value >= 0 ? " plus" : " minus") : " pending"}`,
    "data-value": known ? modifier.value : null },
  known ? el("span", { class: "sign" }, signed(modifier.value)) : null,
  el("span", { class: "pool-name" }, words));
}

/** What changed a check's difficulty, after the difficulty it had at first: the first number
 * and the changes add up to the difficulty shown. */
function difficultyChanges(changes, difficulty, names) {
  if (!changes?.length) return null;
  const first = difficulty - changes.reduce((sum, c) => sum + c.value, 0);
  return el("span", { class: "difficulty-changes muted" }, ` · ${t("bsg.difficultyAtFirst", { n: first })}`,
    changes.map((change) => el("span", { class: "difficulty-change", "data-value": change.value },
      ", ", el("b", {}, signed(change.value)), " ", said(change.msg, names))));
}

/** The powers of a check whose values are not shown yet. */
function pendingModifiers(modifiers, names) {
  return modifiers.length
    ? el("ul", { class: "pool-cards modifiers", "aria-label": t("bsg.modifiers") }, modifiers.map((m) => modifierChip(m, names)))
    : null;
}

/** The shuffled pool face up, each card at face value (plus when of the check's skills), then
 * each modifier with the difference it makes; and the cards' totals by colour. */
function pool(cards, label, modifiers = [], names = []) {
  const byType = {};
  for (const card of cards) byType[card.type] = (byType[card.type] || 0) + (card.positive ? card.strength : -card.strength);
  return [
    el("ul", { class: "pool-cards", "aria-label": label }, cards.map((card) =>
      el("li", { class: `pool-card ${card.positive ? "plus" : "minus"}`, style: `--c: ${SKILL_COLOURS[card.type]}`,
        ...tip(`${poolName(card)} (${skillName(card.type)} ${card.strength})`), "data-type": card.type },
      el("span", { class: "sign" }, `${card.positive ? "+" : "−"}${card.strength}`),
      skillIcon(card.type, { labelled: true }),
      el("span", { class: "pool-name" }, poolName(card)))),
    modifiers.map((m) => modifierChip(m, names))),
    el("ul", { class: "totals", "aria-label": t("bsg.totalsByColour") },
      SKILLS.filter((type) => type in byType).map((type) =>
        el("li", { style: `--c: ${SKILL_COLOURS[type]}`, "data-type": type },
          skillIcon(type), skillName(type), " ",
          el("b", {}, `${byType[type] > 0 ? "+" : byType[type] < 0 ? "−" : ""}${Math.abs(byType[type])}`)))),
  ];
}

/** Cards of the running check shown face up (a face-up check, or once the pool is totalled)
 * at face value: positive when of the check's skills (what changes that is a modifier). */
function faceUpCards(check) {
  return (check.cards || []).map((card) => ({ id: card.id, name: card.name, type: card.type, strength: card.strength,
    positive: check.skills.includes(card.type) }));
}

export function runningCheck(ctx) {
  const check = ctx.view.check;
  if (!check) return null;
  const players = ctx.view.players;
  const stage = check.face_up && check.stage === "contribute" ? t("bsg.faceUpCheck")
    : t(`bsg.checkStage.${check.stage}`, { fallback: check.stage.replace(/_/g, " ") });
  const shown = faceUpCards(check);
  const modifiers = check.modifiers || [];
  const added = check.played.reduce((a, b) => a + b, 0);
  return el("section", { class: "bsg-check card", "data-section": "check", "data-stage": check.stage },
    el("p", { class: "eyebrow" }, t("bsg.skillCheck"), " · ", stage),
    el("h2", {}, said(check.title, ctx.names)),
    el("div", { class: "check-facts" },
      el("span", { class: "difficulty", "data-key": "difficulty" }, t("bsg.difficulty"), " ", el("b", {}, check.difficulty),
        difficultyChanges(check.difficulty_changes, check.difficulty, ctx.names),
        check.partial_at ? el("span", { class: "muted" }, ` · ${t("bsg.partialAt", { n: check.partial_at })}`) : null),
      skillChips(check.skills)),
    el("ul", { class: "contributions", "aria-label": t("bsg.cardsPutIn") }, players.map((p) =>
      el("li", { "data-seat": p.seat, "data-count": check.played[p.seat] ?? 0, style: `--seat: ${ctx.colour(p.seat)}` },
        el("span", { class: "seat-dot" }), el("span", { class: "who" }, p.name,
          p.character ? el("span", { class: "muted" }, ` · ${charShort(p.character.id)}`) : null),
        el("span", { class: "face-down", "aria-label": t("bsg.nCards", { n: check.played[p.seat] ?? 0 }) },
          "▮".repeat(Math.min(10, check.played[p.seat] ?? 0)) || "—")))),
    el("p", { class: "muted small pool" }, t("bsg.pool", { n: check.pool_size, destiny: Math.max(0, check.pool_size - added) })),
    shown.length ? [el("h3", {}, t(check.total === null || check.total === undefined ? "bsg.cardsFaceUp" : "bsg.cardsRevealed")),
      pool(shown, t("bsg.shuffledPool"), modifiers, ctx.names)] : null,
    !shown.length && ctx.replay && ctx.view.check_pool?.length ? [el("h3", {}, t("bsg.poolSecret")),
      pool(ctx.view.check_pool.map((card) => ({ id: card.id, name: card.name, type: card.type, strength: card.strength,
        positive: check.skills.includes(card.type) })), t("bsg.poolSecret"), modifiers, ctx.names)] : null,
    !shown.length && !(ctx.replay && ctx.view.check_pool?.length) ? pendingModifiers(modifiers, ctx.names) : null,
    check.total !== null && check.total !== undefined ? el("p", { class: "score" }, `${t("bsg.total")}: `,
      el("b", { "data-key": "total" }, check.total), ` ${t("bsg.against")} `, el("b", {}, check.difficulty)) : null,
    ctx.body.checkPlays?.running?.length ? [el("h3", {}, t("bsg.whoPlayed")), playedBy(ctx.body.checkPlays.running, ctx)] : null);
}

/** The latest "check_result" line of the log. */
export function lastResult(log) {
  for (let i = log.length - 1; i >= 0; i--) {
    if (log[i].kind === "check_result" && log[i].data) return log[i];
  }
  return null;
}

export function reveal(entry, ctx, { fresh = false, recent = false } = {}) {
  if (!entry) return null;
  const { cards = [], modifiers = [], total, difficulty, outcome } = entry.data;
  const changes = entry.data.difficulty_changes;
  return el("section", { class: `bsg-reveal card outcome-${outcome}${fresh ? " fresh" : ""}${recent ? " recent" : ""}`, "data-section": "reveal",
    "data-outcome": outcome, "data-seq": entry.seq },
  el("p", { class: "eyebrow" }, t("bsg.lastCheck")),
  el("h2", {}, saidParam(entry.msg, "title", ctx.names), " ",
    el("span", { class: `outcome ${outcome}` }, t(`bsg.outcome.${outcome}`))),
  el("p", { class: "score" }, el("b", { "data-key": "total" }, total ?? "—"), ` ${t("bsg.against")} `, el("b", {}, difficulty),
    difficultyChanges(changes, difficulty, ctx.names)),
  cards.length || modifiers.length ? pool(cards, t("bsg.shuffledPool"), modifiers, ctx.names) : null,
  ctx.body.checkPlays?.last?.length ? [el("h3", {}, t("bsg.whoPlayed")), playedBy(ctx.body.checkPlays.last, ctx)] : null);
}
