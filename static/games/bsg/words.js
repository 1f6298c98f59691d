// The game's things by id, in the reader's language: each id is a key of the catalogs (see
// app/games/bsg/i18n/). Nothing here reads English: the server sends ids and messages.
import { has, t } from "/static/js/i18n/index.js";

/** A card's word (name, text, ability.name ...) by the card's id. */
export function cardWord(id, path = "name", fallback = "") {
  const key = `bsg.card.${id}.${path}`;
  return id && has(key) ? t(key) : fallback;
}

/** A card as the view sends it ({id, name, text ...}): its name and text. */
export const cardName = (card) => cardWord(card?.id, "name", card?.name ?? "");
export const cardText = (card) => cardWord(card?.id, "text", card?.text ?? "");

/** Locations and characters are cards too. */
export const locName = (id) => (id ? cardWord(id, "name", id) : "—");
export const charName = (id) => (id ? cardWord(id, "name", id) : "");

export function charShort(id, fallback = "") {
  return id ? t(`bsg.charShort.${id}`, { fallback }) : fallback;
}
export function charType(type) {
  return t(`bsg.charType.${type}`, { fallback: type });
}
/** A space area's name: the board's label, which the log says too (bsg.area.<id>). */
export function areaName(id) {
  return t(`bsg.area.${id}`, { fallback: id });
}
export function skillName(type) {
  return t(`bsg.skill.${type}`, { fallback: type });
}
export function resName(id) {
  return t(`bsg.res.${id}`, { fallback: id });
}
export function ship(kind, n = 1) {
  return t(`bsg.ship.${kind}`, { n, fallback: kind });
}
export function deckName(id) {
  // the board's own name for a deck whose cards have no catalog of names yet (Motives, Missions)
  return has(`bsg.deck.${id}`) ? t(`bsg.deck.${id}`) : t(`bsg.board.deck.${id}`, { fallback: id });
}
export function damageName(id) {
  return t(`bsg.damage.${id}`, { fallback: id });
}
export function teamName(id) {
  return t(`bsg.team.${id}`, { fallback: id });
}

/** The seats' names for messages: the player, and the character in the reader's language once
 * chosen ("Ann (Kara Thrace)"), as the server's English texts name them. */
export function seatNames(view, players = []) {
  const seats = view?.players;
  if (!Array.isArray(seats)) return players;
  return seats.map((p, i) => {
    const name = p?.name ?? players[i] ?? "";
    return p?.character?.id ? t("bsg.seatName", { name, character: p.character.id }) : name;
  });
}
