// The fleet's state around the board: resource dials with their red zones, the Jump
// Preparation track, distance, the Boarding Party track, titles and nukes, reserves and decks.
import { el } from "/static/js/render.js";
import { t } from "/static/js/i18n/index.js";
import { fill } from "/static/js/layout.js";
import { tip } from "/static/js/tips.js";
import { BOARDING_END, DECKS, JUMP_TRACK, KOBOL_AT, RESOURCES, SKILLS, SKILL_COLOURS, SLEEPER_AT } from "./data.js";
import { skillIcon } from "./icons.js";
import { part } from "./parts.js";
import { charName, deckName, resName, skillName } from "./words.js";
import { lines, s, wrap } from "./svg.js";

const START = 135;
const SWEEP = 270;

function polar(r, angle) {
  const a = (angle * Math.PI) / 180;
  return [50 + r * Math.cos(a), 54 + r * Math.sin(a)];
}

function arc(r, from, to) {
  const [x1, y1] = polar(r, from);
  const [x2, y2] = polar(r, to);
  const large = to - from > 180 ? 1 : 0;
  return `M${x1.toFixed(2)},${y1.toFixed(2)} A${r},${r} 0 ${large} 1 ${x2.toFixed(2)},${y2.toFixed(2)}`;
}

function dial(resource, value, inRed) {
  const angle = (v) => START + (SWEEP * Math.max(0, Math.min(resource.max, v))) / resource.max;
  const ticks = [];
  for (let v = 0; v <= resource.max; v++) {
    const [x1, y1] = polar(v % 5 === 0 ? 31 : 34, angle(v));
    const [x2, y2] = polar(38, angle(v));
    ticks.push(s("line", { x1, y1, x2, y2, stroke: v <= resource.red ? "#ff6b6b" : "#6f7f90",
      "stroke-width": v % 5 === 0 ? 1.6 : 0.9 }));
  }
  const colour = inRed ? "#ff5a5a" : resource.colour;
  return el("div", { class: `dial${inRed ? " in-red" : ""}`, "data-resource": resource.id,
    ...tip(t("bsg.dialTitle", { resource: resource.id, value, red: resource.red })) },
  s("svg", { viewBox: "0 0 100 96", "aria-hidden": "true" },
    s("path", { d: arc(43, START, START + SWEEP), stroke: "#233041", "stroke-width": 7, fill: "none", "stroke-linecap": "round" }),
    s("path", { d: arc(43, START, angle(resource.red)), stroke: "#7a2626", "stroke-width": 7, fill: "none", "stroke-linecap": "round" }),
    value > 0 ? s("path", { d: arc(43, START, angle(value)), stroke: colour, "stroke-width": 4, fill: "none", "stroke-linecap": "round" }) : null,
    ticks,
    s("text", { x: 50, y: 63, "text-anchor": "middle", "font-size": 30, "font-weight": 800, fill: inRed ? "#ff7b7b" : "#eef3f8" }, value),
    s("text", { x: 50, y: 92, "text-anchor": "middle", "font-size": 11, fill: "#8b97a7" }, `/ ${resource.max}`)),
  el("span", { class: "dial-label" }, resName(resource.id)),
  el("span", { class: "value visually-hidden" }, String(value)));
}

function jumpTrack(position) {
  const x = (i) => 26 + i * 50;
  const spaces = JUMP_TRACK.map((space) => {
    const here = space.space === position;
    const bg = space.zone === "red" ? "#5a1f24" : space.zone === "blue" ? "#1d4d7a" : "#6b5314";
    const stroke = space.zone === "red" ? "#c0474f" : space.zone === "blue" ? "#5fb3e8" : "#e0a526";
    const under = space.space === 0 ? t("bsg.start") : space.zone === "auto" ? t("bsg.autoJump") : "";
    const cx = x(space.space);
    return s("g", { class: `jump-space${here ? " here" : ""}`, "data-space": space.space,
      ...tip(space.risk ? t("bsg.popRisk", { n: space.risk }) : null) },
      space.risk ? s("title", {}, t("bsg.popRisk", { n: space.risk })) : null,
      s("circle", { cx, cy: 30, r: 15, fill: bg, stroke, "stroke-width": here ? 3 : 1.5 }),
      s("text", { x: cx, y: 35, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "#e8eef5" },
        space.zone === "auto" ? "⤳" : space.space),
      under ? s("text", { x: cx, y: 62, "text-anchor": space.zone === "auto" ? "end" : "middle",
        dx: space.zone === "auto" ? 26 : 0, "font-size": 10, fill: "#9aa8b8" }, under) : null,
      space.risk ? s("g", { fill: "#9fd0f5" },
        s("text", { x: cx - 4, y: 62, "text-anchor": "end", "font-size": 10 }, `−${space.risk}`),
        s("circle", { cx: cx + 1, cy: 54.5, r: 2.3 }),
        s("path", { d: `M${cx - 2.5},62 Q${cx + 1},56 ${cx + 4.5},62 Z` })) : null);
  });
  const [tx, ty] = [x(Math.max(0, Math.min(5, position))), 8];
  return s("svg", { viewBox: "0 0 312 70", class: "jump-track", role: "img",
    "aria-label": t("bsg.jumpTrackAt", { n: position }) },
  s("line", { x1: 26, y1: 30, x2: 276, y2: 30, stroke: "#3a4757", "stroke-width": 3 }),
  spaces,
  s("g", { transform: `translate(${tx},${ty})`, class: "fleet-token" },
    s("path", { d: "M-9,-6 L9,-6 L0,6 Z", fill: "#ffd166", stroke: "#11161c", "stroke-width": 1 })));
}

function distanceBar(distance) {
  const max = Math.max(KOBOL_AT + 2, distance + 1);
  const x = (d) => 10 + (d / max) * 250;
  return s("svg", { viewBox: "0 0 270 46", class: "distance-bar", role: "img", "aria-label": t("bsg.distanceIs", { n: distance }) },
    s("rect", { x: 10, y: 18, width: 250, height: 8, rx: 4, fill: "#233041" }),
    s("rect", { x: 10, y: 18, width: Math.max(0, x(distance) - 10), height: 8, rx: 4, fill: "#5fb3e8" }),
    [[SLEEPER_AT, t("bsg.sleeperShort")], [KOBOL_AT, t("bsg.kobol")]].map(([d, label]) => s("g", {},
      s("line", { x1: x(d), y1: 13, x2: x(d), y2: 31, stroke: "#e0a526", "stroke-width": 2 }),
      s("text", { x: x(d), y: 43, "text-anchor": "middle", "font-size": 10.5, fill: "#d7b25a" }, `${label} ${d}`))),
    s("circle", { cx: x(distance), cy: 22, r: 6, fill: "#ffd166", stroke: "#11161c" }));
}

function boardingTrack(centurions) {
  const x = (i) => 6 + i * 50;
  const boxes = [];
  for (let box = 0; box <= BOARDING_END; box++) {
    const end = box === BOARDING_END;
    const here = centurions.filter((c) => c === box).length;
    const w = end ? 86 : 44;
    const label = end ? wrap(t("bsg.humansLoseShort"), w - 8, 9.5, 2, 600, 7) : null;
    const cy = end ? 15 : 21;
    boxes.push(s("g", { class: "boarding-box", "data-box": box },
      s("rect", { x: x(box), y: 4, width: w, height: end ? 44 : 32, rx: 6, fill: end ? "#4a1418" : "#1f2a36",
        stroke: end ? "#e05d5d" : "#3a4757" }),
      here ? s("g", {},
        s("circle", { cx: x(box) + w / 2, cy, r: 9, fill: "#c0392b", stroke: "#ffb3a8" }),
        s("text", { x: x(box) + w / 2, y: cy + 4, "text-anchor": "middle", "font-size": 10.5, "font-weight": 800, fill: "#fff" },
          here > 1 ? `×${here}` : "C")) : null,
      end ? lines(x(box) + w / 2, here ? 34 : 24, label.lines, label.size,
        { "text-anchor": "middle", fill: "#ff8a8a", "font-weight": 600 })
        : s("text", { x: x(box) + w / 2, y: 48, "text-anchor": "middle", "font-size": 10, fill: "#8b97a7" },
          box === 0 ? t("bsg.start") : box)));
  }
  return s("svg", { viewBox: "0 0 300 52", class: "boarding-track", role: "img",
    "aria-label": t("bsg.boardingIs", { n: centurions.length }) }, boxes);
}

function who(view, seat) {
  const p = view.players[seat];
  return p ? (p.character ? `${p.name} · ${charName(p.character.id)}` : p.name) : "—";
}

function stat(label, value, attrs = {}) {
  return el("div", { class: "stat", ...attrs }, el("span", { class: "stat-label" }, label), el("span", { class: "stat-value" }, value));
}

/** Resources, titles and tracks, each drawn again only when what it shows changed. */
export function statusPanel(view) {
  const resources = part("status-dials", [view.resources, view.in_red], () => el("div", { class: "dials", "data-section": "resources" },
    RESOURCES.map((r) => dial(r, view.resources?.[r.id] ?? 0, Boolean(view.in_red?.[r.id])))));
  const nukes = view.nukes ?? 0;
  const titles = part("status-titles", [view.players, view.president, view.admiral, nukes, view.turn, view.current],
    () => el("div", { class: "titles", "data-section": "titles" },
      stat(t("bsg.president"), who(view, view.president), { "data-title": "president" }),
      stat(t("bsg.admiral"), [who(view, view.admiral), " ",
        view.admiral === null || view.admiral === undefined ? null : el("span", { class: "nukes", ...tip(t("bsg.nukesLeft", { n: nukes })) },
          "☢".repeat(nukes) || "—", el("span", { class: "visually-hidden" }, ` ${t("bsg.nukesLeft", { n: nukes })}`))], { "data-title": "admiral" }),
      stat(t("bsg.turn"), view.turn ? t("bsg.turnOf", { n: view.turn, who: who(view, view.current) }) : t("bsg.setup"))));
  const tracks = part("status-tracks", [view.jump_track, view.distance, view.centurions], () => el("div", { class: "tracks" },
    el("div", { class: "track", "data-section": "jump-track", "data-value": view.jump_track },
      el("h3", {}, t("bsg.jumpTrack")), jumpTrack(view.jump_track ?? 0)),
    el("div", { class: "track", "data-section": "distance", "data-value": view.distance },
      el("h3", {}, t("bsg.distance"), " ", el("b", { class: "big" }, view.distance ?? 0)), distanceBar(view.distance ?? 0)),
    el("div", { class: "track", "data-section": "boarding", "data-value": (view.centurions || []).length },
      el("h3", {}, t("bsg.boardingTrack")), boardingTrack(view.centurions || []))));
  const section = part("status", [], () => el("section", { class: "bsg-status card", "data-section": "status" }));
  fill(section, [resources, titles, tracks]);
  return section;
}

function deckTile(label, count, discard, colour, type = null) {
  const top = discard?.top;
  const words = [t("bsg.deckCount", { n: count }),
    discard ? t("bsg.discardCount", { n: discard.count }) : null,
    top ? t("bsg.discardTop", { card: top.id }) : null].filter(Boolean).join(" · ");
  return el("li", { class: "deck-tile", ...tip(words), style: colour ? `--deck: ${colour}` : null, "data-deck": type },
    type ? skillIcon(type) : null,
    el("span", { class: "deck-name" }, label),
    el("span", { class: "deck-count" }, count),
    discard ? el("span", { class: "deck-discard", "aria-label": t("bsg.discardCount", { n: discard.count }) }, `↓${discard.count}`) : null);
}

export function decksPanel(view) {
  const decks = view.decks || {};
  const discards = view.discards || {};
  const reserves = view.reserves || {};
  const destroyed = view.destroyed || {};
  return el("section", { class: "bsg-decks card", "data-section": "decks" },
    el("h2", {}, t("bsg.decks")),
    el("ul", { class: "deck-tiles" },
      SKILLS.filter((type) => `skill:${type}` in decks).map((type) => deckTile(skillName(type), decks[`skill:${type}`] ?? 0, discards[`skill:${type}`], SKILL_COLOURS[type], type)),
      DECKS.filter((d) => d in decks).map((d) => deckTile(deckName(d), decks[d], discards[d]))),
    el("ul", { class: "reserve-list" },
      el("li", {}, t("bsg.reserveVipers", { n: reserves.viper ?? 0 })),
      el("li", {}, t("bsg.reserveRaptors", { n: reserves.raptor ?? 0 })),
      el("li", {}, t("bsg.damagedVipers", { n: view.damaged_vipers ?? 0 })),
      destroyed.viper || destroyed.raptor ? el("li", {}, t("bsg.destroyedShips", { v: destroyed.viper ?? 0, r: destroyed.raptor ?? 0 })) : null,
      el("li", {}, t("bsg.quorumHandSize", { n: view.quorum_hand_size ?? 0 })),
      // Daybreak: Assault Raptors (in reserve, and set aside until gained) and the Miracle supply
      reserves.assault_raptor !== undefined ? el("li", { "data-key": "assault_raptors" },
        t("bsg.board.reserveAssaultRaptors", { n: reserves.assault_raptor, aside: view.aside_assault_raptors ?? 0 })) : null,
      view.miracle_supply !== undefined ? el("li", { "data-key": "miracle_supply" },
        t("bsg.board.miracleSupply", { n: view.miracle_supply })) : null));
}
