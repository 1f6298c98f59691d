// Board facts the drawing needs, as in app/games/bsg/cards/board.yaml and locations.yaml (ids
// and numbers only: every word comes from the catalogs, app/games/bsg/i18n/, by id).

export const SKILLS = ["politics", "leadership", "tactics", "piloting", "engineering"];
export const SKILL_COLOURS = {
  politics: "#e3c02b",
  leadership: "#43a85a",
  tactics: "#9a6ad6",
  piloting: "#dd4b3d",
  engineering: "#3d86dc",
};

export const RESOURCES = [
  { id: "fuel", red: 4, max: 15, colour: "#e0a526" },
  { id: "food", red: 4, max: 15, colour: "#7cc36b" },
  { id: "morale", red: 5, max: 15, colour: "#5fb3e8" },
  { id: "population", red: 6, max: 15, colour: "#c9a4f0" },
];

// Jump Preparation track: 0..2 red, 3 and 4 blue (population at risk on an FTL jump), 5 Auto-Jump.
export const JUMP_TRACK = [
  { space: 0, zone: "red" },
  { space: 1, zone: "red" },
  { space: 2, zone: "red" },
  { space: 3, zone: "blue", risk: 3 },
  { space: 4, zone: "blue", risk: 1 },
  { space: 5, zone: "auto" },
];
export const KOBOL_AT = 8;
export const SLEEPER_AT = 4;
export const BOARDING_END = 4;

// The six space areas, clockwise from the bow (Galactica's bow points left).
export const AREAS = [
  { id: "front", index: 1, launch: false, adjacent: ["front_lower", "front_upper"] },
  { id: "front_upper", index: 2, launch: false, adjacent: ["front", "rear_upper"] },
  { id: "rear_upper", index: 3, launch: false, adjacent: ["front_upper", "rear"] },
  { id: "rear", index: 4, launch: false, adjacent: ["rear_upper", "rear_lower"] },
  { id: "rear_lower", index: 5, launch: true, adjacent: ["rear", "front_lower"] },
  { id: "front_lower", index: 6, launch: true, adjacent: ["rear_lower", "front"] },
];

export const LOCATIONS = {
  galactica: ["ftl_control", "weapons_control", "command", "communications", "admirals_quarters",
    "hangar_deck", "armory", "research_lab", "sickbay", "brig"],
  colonial_one: ["press_room", "presidents_office", "administration"],
  cylon: ["caprica", "cylon_fleet", "human_fleet", "resurrection_ship"],
};
export const HAZARDOUS = new Set(["sickbay", "brig"]);

export const SEAT_COLOURS = ["#4fc3f7", "#ffb74d", "#8bd48e", "#f48fb1", "#c39be0", "#e6e6e6", "#e0d36a"];

export const DECKS = ["crisis", "super_crisis", "quorum", "destination", "destiny", "loyalty",
  "civilian_ship", "galactica_damage"];
