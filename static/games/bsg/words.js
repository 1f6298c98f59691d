// The game's names in the reader's language, and the English names the server writes in its
// texts (so that a prompt or a log line can be recognised and said again in another language).
import { tOr } from "/static/js/i18n/index.js";

export const EN_LOCATIONS = {
  ftl_control: "FTL Control", weapons_control: "Weapons Control", command: "Command",
  communications: "Communications", admirals_quarters: "Admiral's Quarters",
  research_lab: "Research Lab", hangar_deck: "Hangar Deck", armory: "Armory", sickbay: "Sickbay",
  brig: "Brig", press_room: "Press Room", presidents_office: "President's Office",
  administration: "Administration", caprica: "Caprica", cylon_fleet: "Cylon Fleet",
  human_fleet: "Human Fleet", resurrection_ship: "Resurrection Ship",
};
export const EN_AREAS = {
  front: "In front of Galactica (bow)",
  front_upper: "Above Galactica, toward the bow",
  rear_upper: "Above Galactica, toward the stern",
  rear: "Behind Galactica (stern)",
  rear_lower: "Below Galactica, toward the stern (viper launch area)",
  front_lower: "Below Galactica, toward the bow (viper launch area)",
};
export const EN_CHARACTERS = {
  william_adama: "William Adama", saul_tigh: "Saul Tigh", karl_agathon: "Karl \"Helo\" Agathon",
  laura_roslin: "Laura Roslin", gaius_baltar: "Gaius Baltar", tom_zarek: "Tom Zarek",
  lee_adama: "Lee \"Apollo\" Adama", kara_thrace: "Kara \"Starbuck\" Thrace",
  sharon_valerii: "Sharon \"Boomer\" Valerii", galen_tyrol: "Galen \"Chief\" Tyrol",
};
const LOCATION_BY_NAME = Object.fromEntries(Object.entries(EN_LOCATIONS).map(([k, v]) => [v, k]));
const AREA_BY_NAME = Object.fromEntries(Object.entries(EN_AREAS).map(([k, v]) => [v, k]));
const SKILL_BY_NAME = { Politics: "politics", Leadership: "leadership", Tactics: "tactics",
  Piloting: "piloting", Engineering: "engineering" };

export const locationId = (name) => LOCATION_BY_NAME[name] ?? null;
export const areaId = (name) => AREA_BY_NAME[name] ?? null;

export function locName(id) {
  return id ? tOr(`bsg.loc.${id}`, EN_LOCATIONS[id] ?? id) : "—";
}
export function areaName(id) {
  return tOr(`bsg.area.${id}`, EN_AREAS[id] ?? id);
}
export function skillName(type) {
  return tOr(`bsg.skill.${type}`, type);
}
export function resName(id) {
  return tOr(`bsg.res.${id}`, id);
}
export function charName(id, fallback) {
  return id ? tOr(`bsg.char.${id}`, fallback ?? EN_CHARACTERS[id] ?? id) : "";
}
export function charShort(id, fallback) {
  return id ? tOr(`bsg.charShort.${id}`, fallback ?? id) : "";
}
export function charType(type) {
  return tOr(`bsg.charType.${type}`, type);
}
export function ship(kind, n = 1) {
  return tOr(`bsg.ship.${kind}`, kind.replace(/_/g, " "), { n });
}

/** A location given by its English name (from a server text) in the reader's language. */
export function locFromName(name) {
  const id = locationId(name);
  return id ? locName(id) : name;
}
/** A space area given by its English name. */
export function areaFromName(name) {
  const id = areaId(name);
  return id ? areaName(id) : name;
}
/** A skill type given by its English name ("Politics"). */
export function skillFromName(name) {
  const id = SKILL_BY_NAME[name];
  return id ? skillName(id) : name;
}

const CHARACTER_PATTERN = new RegExp(
  Object.values(EN_CHARACTERS).map((n) => n.replace(/[.*+?^${}()|[\]\\"]/g, "\\$&")).join("|"), "g");
const CHARACTER_BY_NAME = Object.fromEntries(Object.entries(EN_CHARACTERS).map(([k, v]) => [v, k]));

/** A server text naming players as "Ann (Laura Roslin)": the character names translated. */
export function names(text) {
  return String(text).replace(CHARACTER_PATTERN, (m) => charName(CHARACTER_BY_NAME[m], m));
}

/** "Consolidate Power (Politics 2)" → the skill type translated; card names stay English. */
export function cardDesc(text) {
  return String(text).replace(/\((Politics|Leadership|Tactics|Piloting|Engineering) (\d+)\)/g,
    (m, type, n) => `(${skillFromName(type)} ${n})`);
}

/** "2 Politics, 1 Leadership" → translated. */
export function typeMix(text) {
  return String(text).replace(/(\d+) (Politics|Leadership|Tactics|Piloting|Engineering)/g,
    (m, n, type) => `${n} ${skillFromName(type)}`);
}

/** "1 population, 1 morale" (lowercase resource words) → translated. */
export function resourceList(text) {
  return String(text).replace(/(\d+) (fuel|food|morale|population)/g,
    (m, n, res) => `${n} ${resName(res).toLowerCase()}`);
}
