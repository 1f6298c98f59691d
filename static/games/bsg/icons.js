// The board's icons, drawn as SVG: the ships (on the map and in a crisis card's activation
// icons), the five skill types, and the jump icon. A skill type is never told by its colour
// alone: its icon goes with its name (or, where there is no room for the name, carries it as
// its label).
import { s } from "./svg.js";
import { skillName } from "./words.js";
import { t } from "/static/js/i18n/index.js";

/** Ships centred on (0, 0), about 20 units wide. */
export const SHIPS = {
  viper: (fill) => s("g", {},
    s("path", { d: "M-10,0 L5,-4.5 L10,-2 L10,2 L5,4.5 Z", fill }),
    s("path", { d: "M1,-3 L5,-8.5 L8,-8.5 L7,-3 Z M1,3 L5,8.5 L8,8.5 L7,3 Z", fill, opacity: 0.85 })),
  raider: () => s("g", {},
    s("path", { d: "M-10,-5 Q0,-12 10,-5 L7,6 Q0,1.5 -7,6 Z", fill: "#aab3bd", stroke: "#5a626b", "stroke-width": 0.8 }),
    s("circle", { cy: -3, r: 1.8, fill: "#ff3b30" })),
  heavy_raider: () => s("g", {},
    s("path", { d: "M-12,-7 L12,-7 L14,0 L12,7 L-12,7 L-14,0 Z", fill: "#838c97", stroke: "#4d545c", "stroke-width": 0.8 }),
    s("rect", { x: -8, y: -2, width: 16, height: 4, fill: "#3a4048" }),
    s("circle", { cx: -10, r: 1.8, fill: "#ff3b30" })),
  basestar: () => {
    const points = [];
    for (let i = 0; i < 12; i++) {
      const r = i % 2 ? 7.5 : 17;
      const a = (Math.PI / 6) * i - Math.PI / 2;
      points.push(`${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`);
    }
    return s("g", {},
      s("polygon", { points: points.join(" "), fill: "#5f6a76", stroke: "#c4ccd5", "stroke-width": 1 }),
      s("circle", { r: 4, fill: "#2a3038" }), s("circle", { r: 1.6, fill: "#ff3b30" }));
  },
  // a Raptor's boxy hull with a gun on its nose (Daybreak's Assault Raptor)
  assault_raptor: (fill) => s("g", {},
    s("path", { d: "M-10,-4 L4,-5 L10,-1.5 L10,1.5 L4,5 L-10,4 Z", fill, stroke: "#3b4650", "stroke-width": 0.8 }),
    s("rect", { x: 9, y: -0.8, width: 4, height: 1.6, fill }),
    s("path", { d: "M-6,-4 L-3,-8 L1,-8 L0,-4.5 Z M-6,4 L-3,8 L1,8 L0,4.5 Z", fill, opacity: 0.85 })),
  civilian: () => s("g", {},
    s("rect", { x: -10, y: -5, width: 20, height: 10, rx: 4, fill: "#93a5b7", stroke: "#51606e", "stroke-width": 0.8 }),
    s("rect", { x: -6, y: -1.5, width: 3, height: 3, fill: "#fff6c8" }),
    s("rect", { x: -1.5, y: -1.5, width: 3, height: 3, fill: "#fff6c8" }),
    s("rect", { x: 3, y: -1.5, width: 3, height: 3, fill: "#fff6c8" })),
};

function gear() {
  const points = [];
  for (let i = 0; i < 16; i++) {
    const r = i % 4 < 2 ? 7.4 : 5.4;
    const a = (Math.PI / 8) * i;
    points.push(`${(8 + r * Math.cos(a)).toFixed(2)},${(8 + r * Math.sin(a)).toFixed(2)}`);
  }
  return [s("polygon", { points: points.join(" "), fill: "currentColor" }),
    s("circle", { cx: 8, cy: 8, r: 2.3, fill: "#10151b" })];
}

function star() {
  const points = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? 3 : 7.4;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    points.push(`${(8 + r * Math.cos(a)).toFixed(2)},${(8.6 + r * Math.sin(a)).toFixed(2)}`);
  }
  return s("polygon", { points: points.join(" "), fill: "currentColor" });
}

// The skill types, each in a 16×16 box: a speech bubble (Politics), a star (Leadership), a
// crosshair (Tactics), a wing (Piloting), a gear (Engineering), a dagger (Treachery).
const SKILL_SHAPES = {
  politics: () => s("path", { fill: "currentColor",
    d: "M2.5,2.5 H13.5 A1.5,1.5 0 0 1 15,4 V10 A1.5,1.5 0 0 1 13.5,11.5 H7.5 L4,14.5 V11.5 H2.5 A1.5,1.5 0 0 1 1,10 V4 A1.5,1.5 0 0 1 2.5,2.5 Z" }),
  leadership: star,
  tactics: () => [
    s("circle", { cx: 8, cy: 8, r: 5, fill: "none", stroke: "currentColor", "stroke-width": 1.8 }),
    s("circle", { cx: 8, cy: 8, r: 1.5, fill: "currentColor" }),
    s("path", { d: "M8,0.5 V4.5 M8,11.5 V15.5 M0.5,8 H4.5 M11.5,8 H15.5", stroke: "currentColor", "stroke-width": 1.8 })],
  piloting: () => s("path", { fill: "currentColor",
    d: "M8,0.8 L9.6,6.6 L15.2,10.4 L15.2,12 L9.4,10.6 L9.1,13.4 L10.8,15 L5.2,15 L6.9,13.4 L6.6,10.6 L0.8,12 L0.8,10.4 L6.4,6.6 Z" }),
  engineering: gear,
  // a dagger (Treachery, Daybreak)
  treachery: () => s("path", { fill: "currentColor",
    d: "M8,0.6 L10,4 L10,10 L12.6,10 L12.6,11.8 L9,11.8 L9,15.4 L7,15.4 L7,11.8 L3.4,11.8 L3.4,10 L6,10 L6,4 Z" }),
};

// Each icon is drawn once (per label) and copied: a hand or the decks show dozens of them.
const drawnIcons = new Map();

/** A skill type's icon in its colour; `labelled` gives it the type's name for screen readers
 * (when no name is written beside it). */
export function skillIcon(type, { labelled = false } = {}) {
  const shape = SKILL_SHAPES[type];
  if (!shape) return null;
  const name = labelled ? skillName(type) : "";
  const key = `${type}\u0001${name}`;
  let icon = drawnIcons.get(key);
  if (!icon) {
    const attrs = labelled ? { role: "img", "aria-label": name } : { "aria-hidden": "true" };
    icon = s("svg", { class: `icon skill-icon skill-${type}`, viewBox: "0 0 16 16", "data-skill": type, ...attrs },
      labelled ? s("title", {}, name) : null, shape());
    drawnIcons.set(key, icon);
  }
  return icon.cloneNode(true);
}

const ACTIVATION_SHIP = {
  activate_raiders: "raider", launch_raiders: "raider",
  activate_heavy_raiders: "heavy_raider", activate_basestars: "basestar",
};

/** A crisis card's Cylon activation icon (`activate_raiders` ...), as printed at its bottom. */
export function activationIcon(id) {
  const kind = ACTIVATION_SHIP[id];
  if (!kind) return null;
  const scale = kind === "basestar" ? 0.62 : kind === "heavy_raider" ? 0.75 : 0.9;
  return s("svg", { class: "icon activation-icon", viewBox: "0 0 28 24", "aria-hidden": "true", "data-icon": id },
    s("circle", { cx: 14, cy: 12, r: 11.5, fill: "#2a1418", stroke: "#c0474f", "stroke-width": 1.2 }),
    s("g", { transform: `translate(14,${id === "launch_raiders" ? 13.5 : 12}) scale(${scale})` }, SHIPS[kind]()),
    id === "launch_raiders" ? s("path", { d: "M14,1.8 L17.5,6 L10.5,6 Z", fill: "#ffd166" }) : null);
}

/** The jump icon: the card moves the fleet's token along the Jump Preparation track. */
export function jumpIcon() {
  return s("svg", { class: "icon jump-icon", viewBox: "0 0 28 24", "aria-hidden": "true", "data-icon": "jump" },
    s("circle", { cx: 14, cy: 12, r: 11.5, fill: "#1d4d7a", stroke: "#5fb3e8", "stroke-width": 1.2 }),
    s("path", { d: "M7,7 L12,12 L7,17 M13,7 L18,12 L13,17 M19,7 L22,12 L19,17", fill: "none", stroke: "#e8eef5",
      "stroke-width": 2, "stroke-linecap": "round", "stroke-linejoin": "round" }));
}

/** The words of an activation icon and of the jump icon. */
export const activationName = (id) => t(`bsg.icon.${id}`, { fallback: id });
export const jumpName = () => t("bsg.crisis.prepare_jump");
