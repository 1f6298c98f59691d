// Cards and people: the seat's own panel (hand by skill type, loyalty, Quorum hand, super
// crises, character sheet) and every player's public side (and, once the game is over or in a
// replay, everyone's hand and loyalty). Identical cards lie in one stack with their count.
import { el } from "/static/js/render.js";
import { lang, t } from "/static/js/i18n/index.js";
import { fill } from "/static/js/layout.js";
import { tip } from "/static/js/tips.js";
import { SKILLS, SKILL_COLOURS } from "./data.js";
import { activationIcon, activationName, jumpIcon, jumpName, skillIcon } from "./icons.js";
import { part } from "./parts.js";
import { areaName, cardName, cardText, cardWord, charName, charType, locName, skillName, teamName } from "./words.js";

// <details> elements keep their open/closed state from one state to the next.
const openDetails = new Map();
export function details(key, defaultOpen, summary, ...body) {
  const node = el("details", { class: "fold", "data-fold": key }, el("summary", {}, summary), ...body);
  node.open = openDetails.has(key) ? openDetails.get(key) : defaultOpen;
  node.addEventListener("toggle", () => openDetails.set(key, node.open));
  return node;
}

const TEAM_COLOURS = { human: "#3d86dc", cylon: "#d83a3a", sympathizer: "#9a6ad6" };

/** A crisis card's Cylon activation and jump icons, each with its name, as printed on the card
 * (from the card reference; nothing for other cards). */
export function crisisIcons(id, ctx) {
  const card = ctx.catalog?.get(id);
  if (!card || !(card.deck === "crisis" || card.deck === "super_crisis")) return null;
  const icons = (card.activation || []).map((icon) => el("li", { "data-icon": icon }, activationIcon(icon),
    el("span", {}, activationName(icon))));
  if (card.jump) icons.push(el("li", { "data-icon": "jump" }, jumpIcon(), el("span", {}, jumpName())));
  return icons.length ? el("ul", { class: "crisis-icons", "data-card-id": id }, icons) : null;
}

/** One card (`count` identical ones in a stack). `target` makes it a button choosing that
 * option; otherwise a card with text opens its whole text on a tap (or Enter). */
// A card's face (its name, strength, type, text and icons) is drawn once per card, language
// and card reference, and copied: a hand is drawn again whenever what its cards may do changes.
const faces = new Map();

function face(card, compact, ctx) {
  const key = [lang(), ctx.catalog ? 1 : 0, compact ? 1 : 0, card.id, card.name, card.strength, card.distance,
    card.type, card.team].join("\u0001");
  let drawn = faces.get(key);
  if (!drawn) {
    if (faces.size > 2000) faces.clear();
    drawn = document.createDocumentFragment();
    drawn.append(...[
      el("span", { class: "card-head" },
        el("span", { class: "card-name" }, card.name),
        card.strength !== undefined ? el("span", { class: "card-strength", "aria-label": t("bsg.strength", { n: card.strength }) }, card.strength) : null,
        card.distance !== undefined ? el("span", { class: "card-strength" }, card.distance) : null),
      card.type ? el("span", { class: "card-type" }, skillIcon(card.type), skillName(card.type)) : null,
      card.team ? el("span", { class: "card-type" }, teamName(card.team)) : null,
      !compact && card.text ? el("span", { class: "card-text" }, card.text) : null,
      !compact ? crisisIcons(card.id, ctx) : null,
    ].filter(Boolean));
    faces.set(key, drawn);
  }
  return drawn.cloneNode(true);
}

export function cardView(card, { zone, owner = null, target = null, ctx, compact = false, count = 1 }) {
  // Every word of a card is in the catalogs, by its id (replays send faces without text).
  card = { ...card, name: cardName(card), text: cardText(card) };
  const colour = card.type ? SKILL_COLOURS[card.type] : card.team ? TEAM_COLOURS[card.team] : "#8b97a7";
  const attrs = {
    class: `game-card${card.type ? " skill" : ""}${target ? " target" : ""}${compact ? " compact" : ""}${count > 1 ? " stacked" : ""}`,
    style: `--c: ${colour}`, "data-zone": zone, "data-card-id": card.id,
    "data-owner": owner === null || owner === undefined ? null : String(owner),
    "data-count": count > 1 ? String(count) : null,
  };
  const inner = [
    count > 1 ? el("span", { class: "card-count", "aria-label": t("bsg.nCards", { n: count }) }, `×${count}`) : null,
    face(card, compact, ctx),
  ];
  if (target) {
    return el("button", { ...attrs, type: "button", "data-target": target.key, "aria-label": target.text,
      onclick: () => ctx.choose(target.option, target.text) }, inner, el("span", { class: "card-action" }, target.verb));
  }
  const opens = !compact && card.text;
  const article = el("article", { ...attrs, tabindex: opens ? "0" : null, "aria-expanded": opens ? "false" : null }, inner);
  if (opens) {
    const toggle = () => article.setAttribute("aria-expanded", String(article.classList.toggle("open")));
    article.addEventListener("click", toggle);
    article.addEventListener("keydown", (ev) => {
      if (ev.key !== "Enter" && ev.key !== " ") return;
      ev.preventDefault();
      toggle();
    });
  }
  return article;
}

/** Identical cards (the same id) together, in the order each first comes: [{card, count}]. */
export function stacks(cards) {
  const byId = new Map();
  for (const card of cards) {
    const stack = byId.get(card.id);
    if (stack) stack.count += 1;
    else byId.set(card.id, { card, count: 1 });
  }
  return [...byId.values()];
}

/** A row of cards, identical ones stacked (the row makes room above for the stacks' counts). */
/** What choosing a card does, as words to compare ("" when it is no choice). */
const targetWords = (target) => (target ? [target.key, target.text, target.verb, JSON.stringify(target.option.action),
  target.option.confirm].join("\u0001") : "");

/** A row of cards, identical ones stacked (the row makes room above for the stacks' counts).
 * With a `scope` (the seat's own hand), each card is a part of its own, drawn again only when
 * it, its count or what choosing it does changed. */
function cardStacks(cards, { zone, owner, ctx, targetFor, compact, scope = null }) {
  const piles = stacks(cards);
  const view = ({ card, count }) => {
    const target = targetFor?.(card) ?? null;
    const draw = () => cardView(card, { zone, owner, ctx, compact, count, target });
    return scope ? part(`card-${scope}-${zone}-${owner}-${card.id}`, [card, count, targetWords(target), ctx.catalog, lang()], draw)
      : draw();
  };
  return el("div", { class: `cards${piles.some((p) => p.count > 1) ? " has-stack" : ""}` }, piles.map(view));
}

function handByType(hand, { zone, owner, ctx, targetFor, scope = null }) {
  if (!hand.length) return el("p", { class: "muted" }, t("bsg.noCards"));
  const groups = SKILLS.map((type) => [type, hand.filter((c) => c.type === type)]).filter(([, cards]) => cards.length);
  const others = hand.filter((c) => !SKILLS.includes(c.type));
  return el("div", { class: "hand" },
    groups.map(([type, cards]) => el("div", { class: "hand-group", style: `--c: ${SKILL_COLOURS[type]}`, "data-type": type },
      el("h4", {}, skillIcon(type), skillName(type), " ",
        el("span", { class: "muted" }, `${cards.length} · Σ${cards.reduce((sum, c) => sum + (c.strength || 0), 0)}`)),
      cardStacks(cards, { zone, owner, ctx, targetFor, scope }))),
    others.length ? cardStacks(others, { zone, owner, ctx, targetFor, scope }) : null);
}

function cardList(cards, { zone, owner = null, ctx, targetFor, compact }) {
  return cardStacks(cards, { zone, owner, ctx, targetFor, compact });
}

/** The character sheet from the card reference (fetched once): skills, abilities, once per game. */
export function characterSheet(player, ctx) {
  const id = player.character?.id;
  const card = id ? ctx.catalog?.get(id) : null;
  if (!id) return el("p", { class: "muted" }, t("bsg.noCharacter"));
  const rows = [
    el("p", { class: "sheet-type" }, charType(player.character.type)),
  ];
  if (card) {
    rows.push(el("p", { class: "sheet-skills" }, t("bsg.skillSet"), ": ",
      (card.skills || []).map((entry, i) => [i ? ", " : "",
        el("span", { class: "skill-chip", style: `--c: ${SKILL_COLOURS[entry.types[0]]}` },
          entry.types.map((type, j) => [j ? "/" : "", skillIcon(type), skillName(type)]), ` ${entry.count}`)])));
    if (card.start_location) rows.push(el("p", { class: "muted small" }, t("bsg.startsIn", { location: card.start_location })));
    // In Daybreak the once-per-game ability is a Miracle ability, paid with Miracle tokens
    // (DB-5): the tokens are shown, not whether it was used.
    const daybreak = player.miracles !== undefined;
    const abilities = [["ability", "bsg.ability"], ["once_per_game", daybreak ? "bsg.board.miracleAbility" : "bsg.oncePerGame"],
      ["weakness", "bsg.weakness"]];
    rows.push(el("dl", { class: "abilities" }, abilities.filter(([key]) => card[key]).map(([key, label]) => [
      el("dt", {}, `${t(label)}: ${cardWord(id, `${key}.name`, card[key].name)}`,
        key !== "once_per_game" ? null : daybreak ? miracleTokens(player.miracles)
          : el("span", { class: `badge${player.once_used ? " used" : ""}` }, player.once_used ? t("bsg.used") : t("bsg.available"))),
      el("dd", {}, cardWord(id, `${key}.text`, card[key].text))])));
  }
  return el("div", { class: "sheet" }, rows);
}

/** Motive cards (Daybreak) coloured and named by the side they favour, as loyalty cards are. */
const sided = (cards) => cards.map((card) => (card.side ? { ...card, team: card.side } : card));

/** A seat's Miracle tokens (Daybreak), as many stars as it holds. */
function miracleTokens(n) {
  const words = t("bsg.board.miracles", { n });
  return el("span", { class: "badge miracles", "data-miracles": String(n), ...tip(words) },
    n ? "✦".repeat(n) : "✧", el("span", { class: "visually-hidden" }, ` ${words}`));
}

/** Whether a seat flies an Assault Raptor (Daybreak) rather than a viper. */
function inAssaultRaptor(player, view) {
  return (view.space?.[player.viper]?.vipers || []).some((v) => v.pilot === player.seat && v.assault);
}

function whereIs(player, view) {
  if (player.stranded) return t("bsg.stranded");
  if (player.viper) {
    return t(inAssaultRaptor(player, view) ? "bsg.board.inAssaultRaptor" : "bsg.inViper", { place: areaName(player.viper) });
  }
  return locName(player.location);
}

function badges(player, view) {
  return [
    player.president ? el("span", { class: "badge title president" }, t("bsg.president")) : null,
    player.admiral ? el("span", { class: "badge title admiral" }, t("bsg.admiral")) : null,
    player.seat === view.current ? el("span", { class: "badge current" }, t("bsg.currentPlayer")) : null,
    player.revealed ? el("span", { class: "badge cylon" }, t("bsg.revealedCylon")) : null,
    player.leader ? el("span", { class: "badge leader" }, t("bsg.board.cylonLeader")) : null,
    player.infiltrating ? el("span", { class: "badge infiltrating" }, t("bsg.board.infiltrating")) : null,
  ];
}

/** The seat's own secrets: the hand, the loyalty cards, the other cards it holds or chooses
 * from, the character sheet; each drawn again only when it changed (`handTargets` and
 * `quorumTargets` say what choosing each card does now). */
export function youPanel(ctx, handTargets, quorumTargets, mutinyTargets = "") {
  const { view, you } = ctx;
  const me = view.players[you.seat];
  const hand = part("you-hand", [you.hand, handTargets, ctx.catalog], () => [
    el("h2", {}, t("bsg.yourHand"), " ", el("span", { class: "muted small" }, t("bsg.onlyYou"))),
    handByType(you.hand || [], { zone: "hand", owner: you.seat, ctx, scope: "you",
      targetFor: (card) => ctx.cardTarget("hand", card.id) })]);
  const loyalty = part("you-loyalty", [you.loyalty, ctx.catalog], () => [el("h3", {}, t("bsg.loyalty")),
    cardList(you.loyalty || [], { zone: "loyalty", owner: you.seat, ctx })]);
  // Daybreak: the Mutiny cards (played or discarded from here), and a Cylon Leader's Motives
  const daybreak = you.mutiny || you.motives ? part("you-daybreak", [you.mutiny, mutinyTargets, you.motives, ctx.catalog], () => [
    you.mutiny ? [el("h3", {}, t("bsg.board.mutinyHand")),
      you.mutiny.length ? cardList(you.mutiny, { zone: "mutiny", owner: you.seat, ctx,
        targetFor: (card) => ctx.cardTarget("mutiny", card.id) }) : el("p", { class: "muted" }, t("bsg.noCards"))] : null,
    you.motives ? [el("h3", {}, t("bsg.board.motives")),
      you.motives.length ? cardList(sided(you.motives), { zone: "motive", owner: you.seat, ctx })
        : el("p", { class: "muted" }, t("bsg.noCards"))] : null]) : null;
  const others = part("you-others", [you.quorum_hand, quorumTargets, you.super_crises, you.destination_choice,
    you.crisis_choice, you.quorum_choice, you.damage_choice, ctx.catalog], () => {
    const sections = [];
    if (you.quorum_hand) {
      sections.push(el("h3", {}, t("bsg.quorumHand")),
        you.quorum_hand.length ? cardList(you.quorum_hand, { zone: "quorum", owner: you.seat, ctx,
          targetFor: (card) => ctx.cardTarget("quorum", card.id) }) : el("p", { class: "muted" }, t("bsg.noCards")));
    }
    const shown = [["super_crises", "bsg.superCrises", "super_crisis"], ["destination_choice", "bsg.destinationChoice", "choice"],
      ["crisis_choice", "bsg.crisisChoice", "choice"], ["quorum_choice", "bsg.quorumChoice", "choice"],
      ["damage_choice", "bsg.damageChoice", "choice"]];
    for (const [key, heading, zone] of shown) {
      if (!you[key]?.length) continue;
      sections.push(el("h3", {}, t(heading)), cardList(you[key], { zone, owner: zone === "choice" ? null : you.seat, ctx }));
    }
    return sections;
  });
  const sheet = me?.character ? part("you-sheet", [me.character, me.once_used, me.miracles, ctx.catalog, ctx.phone],
    () => details("sheet-you", !ctx.phone, `${t("bsg.characterSheet")}: ${charName(me.character.id)}`,
      characterSheet(me, ctx))) : null;
  const section = part("you", [], () => el("section", { class: "bsg-you card secrets", "data-section": "you" }));
  fill(section, [hand, daybreak, loyalty, others, sheet]);  // Mutiny cards are played like the hand
  return section;
}

function playerItem(p, ctx) {
  const { view } = ctx;
  const mine = p.seat === ctx.seat;
  return el("li", { class: `player${mine ? " mine" : ""}${p.seat === view.current ? " current" : ""}`,
    "data-seat": p.seat, style: `--seat: ${ctx.colour(p.seat)}` },
  el("div", { class: "player-head" },
    el("span", { class: "seat-dot", "aria-hidden": "true" }),
    el("b", { class: "player-name" }, p.name), mine ? el("span", { class: "muted small" }, ` (${t("bsg.you")})`) : null,
    el("span", { class: "player-char" }, p.character ? charName(p.character.id) : t("bsg.choosing")),
    badges(p, view)),
  el("div", { class: "player-facts" },
    el("span", { "data-key": "where" }, whereIs(p, view)),
    el("span", { "data-key": "hand_size", ...tip(t("bsg.handSize")) }, `🂠 ${p.hand_size}`,
      el("span", { class: "visually-hidden" }, ` ${t("bsg.handSize")}`)),
    el("span", { "data-key": "loyalty_count", ...tip(t("bsg.loyaltyCount")) }, `◆ ${p.loyalty_count}`,
      el("span", { class: "visually-hidden" }, ` ${t("bsg.loyaltyCount")}`)),
    p.super_crisis_count ? el("span", { ...tip(t("bsg.superCrises")) }, `✸ ${p.super_crisis_count}`,
      el("span", { class: "visually-hidden" }, ` ${t("bsg.superCrises")}`)) : null,
    // Daybreak: Mutiny cards held and Miracle tokens are public; a Cylon Leader's Motives too
    p.mutiny_count ? el("span", { "data-key": "mutiny_count", ...tip(t("bsg.board.mutinyCount")) }, `⚑ ${p.mutiny_count}`,
      el("span", { class: "visually-hidden" }, ` ${t("bsg.board.mutinyCount")}`)) : null,
    p.miracles !== undefined ? el("span", { "data-key": "miracles" }, miracleTokens(p.miracles)) : null,
    p.motive_count !== undefined ? el("span", { "data-key": "motive_count", ...tip(t("bsg.board.motiveCount")) },
      `◎ ${p.motive_count}`, el("span", { class: "visually-hidden" }, ` ${t("bsg.board.motiveCount")}`)) : null),
  p.motives_revealed?.length ? el("div", { class: "loyalty-row" }, el("span", { class: "muted small" }, `${t("bsg.board.motivesRevealed")}: `),
    cardList(sided(p.motives_revealed), { zone: "motives_revealed", owner: p.seat, ctx, compact: true })) : null,
  p.shown_loyalty?.length ? cardList(p.shown_loyalty, { zone: "shown_loyalty", owner: p.seat, ctx, compact: true }) : null,
  p.hand ? details(`hand-${p.seat}`, true, t("bsg.handOf", { name: p.name }),
    handByType(p.hand, { zone: "hand", owner: p.seat, ctx })) : null,
  p.loyalty ? el("div", { class: "loyalty-row" }, el("span", { class: "muted small" }, `${t("bsg.loyalty")}: `),
    cardList(p.loyalty, { zone: "loyalty", owner: p.seat, ctx, compact: true })) : null,
  p.super_crises?.length ? cardList(p.super_crises, { zone: "super_crisis", owner: p.seat, ctx, compact: true }) : null,
  p.mutiny?.length ? el("div", { class: "loyalty-row" }, el("span", { class: "muted small" }, `${t("bsg.board.mutinyHand")}: `),
    cardList(p.mutiny, { zone: "mutiny", owner: p.seat, ctx, compact: true })) : null,
  p.motives?.length ? el("div", { class: "loyalty-row" }, el("span", { class: "muted small" }, `${t("bsg.board.motives")}: `),
    cardList(sided(p.motives), { zone: "motive", owner: p.seat, ctx, compact: true })) : null,
  p.character && !mine ? details(`sheet-${p.seat}`, false, t("bsg.characterSheet"), characterSheet(p, ctx)) : null);
}

/** Every player: character, where, cards in hand, titles, revealed; secrets only when all is
 * shown. Each player's line is drawn again only when that player changed. */
export function playersPanel(ctx) {
  const { view } = ctx;
  const section = part("players", [], () => el("section", { class: "bsg-players card", "data-section": "players" },
    el("h2", {}, t("bsg.players")), el("ul", { class: "player-list" })));
  const items = view.players.map((p) => part(`player-${p.seat}`,
    [p, p.seat === view.current, ctx.seat, ctx.catalog, ctx.phone], () => playerItem(p, ctx)));
  fill(section.lastChild, items);
  return section;
}

/** Cards on the table: the crisis being resolved, cards kept in play, the journey so far. */
export function tablePanel(ctx) {
  const { view } = ctx;
  const parts = [];
  for (const card of view.resolving || []) {
    parts.push(el("div", { class: "resolving", "data-section": "crisis", "data-card-id": card.id },
      el("p", { class: "eyebrow" }, t("bsg.crisisNow")),
      el("h3", {}, cardName(card)), el("p", { class: "card-text" }, cardText(card)),
      crisisIcons(card.id, ctx)));
  }
  if (view.quorum_hand?.length) {
    // Only when everything is shown (a finished game, a replay): the President's Quorum hand.
    parts.push(el("h3", {}, `${t("bsg.quorumHand")} · ${view.players[view.president]?.name ?? ""}`),
      cardList(view.quorum_hand, { zone: "quorum", owner: view.president, ctx, compact: true }));
  }
  if (view.in_play?.length) {
    parts.push(el("h3", {}, t("bsg.inPlay")), el("ul", { class: "in-play" }, view.in_play.map((card) =>
      el("li", tip(cardText(card)), el("b", {}, cardName(card)),
        card.holder !== null && card.holder !== undefined ? ` — ${view.players[card.holder]?.name ?? ""}` : ""))));
  }
  if (view.destinations?.length) {
    parts.push(el("h3", {}, t("bsg.journey")), el("ol", { class: "journey" }, view.destinations.map((card) =>
      el("li", tip(cardText(card)), `${cardName(card)} (${card.distance})`))));
  }
  if (view.mission) parts.push(missionPart(view.mission, view.rebel_basestar, ctx));
  if (!parts.length) return null;
  return el("section", { class: "bsg-table card", "data-section": "table" }, parts);
}

/** Search for Home (Daybreak): the Mission deck, the active Mission (face down until turned),
 * the distance Missions Earth placed, and the Rebel Basestar's allegiance. */
function missionPart(mission, rebel, ctx) {
  const active = mission.active;
  return el("div", { class: "mission", "data-section": "mission" },
    el("h3", {}, t("bsg.board.missions"), " ",
      el("span", { class: "muted small" }, t("bsg.board.missionCounts", { deck: mission.deck ?? 0, discards: mission.discards ?? 0 }))),
    active ? el("div", { class: "cards" }, cardView(active, { zone: "mission", ctx })) : el("p", { class: "muted" }, t("bsg.board.noMission")),
    active && !mission.face_up ? el("p", { class: "muted small", "data-mission": "face-down" }, t("bsg.board.missionFaceDown")) : null,
    mission.earth?.length ? [el("h4", {}, t("bsg.board.earthMissions")),
      cardList(mission.earth, { zone: "earth_mission", ctx, compact: true })] : null,
    rebel ? el("p", { "data-key": "rebel_basestar" }, t(`bsg.board.allegiance.${rebel}`)) : null);
}
