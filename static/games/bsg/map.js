// The board itself as SVG: Colonial One and the Cylon locations above, Galactica (bow to the
// left) with its ten locations in the middle of the six space areas, every ship in space and
// every character standing in a location or flying a viper.
//
// Two layouts share the drawing: a wide one for desktops and a tall one for phones, where the
// same board is stretched upwards so that its words stay readable at 390 pixels.
//
// Each location and each space area is a part of its own (parts.js), drawn again only when who
// stands there, what flies there or what may be chosen there changed. Everything on the map
// says what it is on a tap (tips.js), not only to a mouse hovering over it.
import { t } from "/static/js/i18n/index.js";
import { fill } from "/static/js/layout.js";
import { tip } from "/static/js/tips.js";
import { AREAS, HAZARDOUS, LOCATIONS, SHIPS_DRAWN } from "./data.js";
import { SHIPS } from "./icons.js";
import { part } from "./parts.js";
import { areaName, charName, charShort, damageName, locName, ship } from "./words.js";
import { flow, lines, measure, s, wrap } from "./svg.js";

function grid(x0, y0, x1, y1, cols, rows, gap, gapY = gap) {
  const w = (x1 - x0 - gap * (cols - 1)) / cols;
  const h = (y1 - y0 - gapY * (rows - 1)) / rows;
  return (col, row) => ({ x: x0 + col * (w + gap), y: y0 + row * (h + gapY), w, h });
}

/** Boxes for `n` locations in rows of `cols` inside `inner` ({x0, y0, x1, y1, gx, gy}). */
function boxesIn(inner, n, cols) {
  const rows = Math.max(1, Math.ceil(n / cols));
  const g = grid(inner.x0, inner.y0, inner.x1, inner.y1, cols, rows, inner.gx, inner.gy);
  return (i) => g(i % cols, Math.floor(i / cols));
}

// Colonial One's locations side by side (four, with Daybreak's overlay; two rows of two on a
// phone), the Cylon locations two by two.
function wide(galactica, counts, extras) {
  const g = grid(200, 294, 842, 466, 5, 2, 6);
  const colonial = counts.colonial_one ?? 3;
  const cylon = counts.cylon ?? 4;
  const band = extras.length ? 8 + 132 : 0;  // the other Ships' panels, side by side below
  const extraW = extras.length ? (1000 - 8 - (extras.length - 1) * 8) / extras.length : 0;
  return {
    width: 1000, height: 600 + band, compact: false,
    colonial: { x: 8, y: 6, w: 484, h: 142, label: [24, 26],
      box: boxesIn({ x0: 22, y0: 36, x1: 476, y1: 140, gx: 8, gy: 4 }, colonial, Math.max(1, colonial)) },
    cylon: { x: 506, y: 6, w: 486, h: 142, label: [520, 26],
      box: boxesIn({ x0: 518, y0: 36, x1: 980, y1: 140, gx: 6, gy: 4 }, cylon, 2) },
    extra: Object.fromEntries(extras.map((ship, i) => {
      const x = 4 + i * (extraW + 8);
      const n = counts[ship] ?? 1;
      return [ship, { x, y: 608, w: extraW, h: 132, label: [x + 16, 628],
        box: boxesIn({ x0: x + 12, y0: 638, x1: x + extraW - 12, y1: 732, gx: 6, gy: 4 }, n,
          Math.min(n, extraW > 600 ? 5 : 3)) }];
    })),
    space: { x: 0, y: 156, w: 1000, h: 444 },
    areas: {
      front_upper: { x: 0, y: 156, w: 500, h: 122 },
      rear_upper: { x: 500, y: 156, w: 500, h: 122 },
      front: { x: 0, y: 278, w: 150, h: 200 },
      rear: { x: 850, y: 278, w: 150, h: 200 },
      front_lower: { x: 0, y: 478, w: 500, h: 122 },
      rear_lower: { x: 500, y: 478, w: 500, h: 122 },
    },
    galactica: { x: 152, y: 284, w: 696, h: 188, bow: 42 },
    gbox: (id) => {
      const i = galactica.indexOf(id);
      return g(i % 5, Math.floor(i / 5));
    },
    nameSize: 13.5, pill: 18,
  };
}

function tall(galactica, counts, extras) {
  const g = grid(86, 250, 330, 570, 2, 5, 5);
  const colonial = counts.colonial_one ?? 3;
  const cylon = counts.cylon ?? 4;
  const colonialCols = colonial > 3 ? 2 : Math.max(1, colonial);
  const extra = {};
  let y = 826;
  for (const ship of extras) {
    const n = counts[ship] ?? 1;
    const h = 34 + Math.ceil(n / 2) * 49;
    extra[ship] = { x: 4, y: y + 4, w: 392, h, label: [14, y + 22],
      box: boxesIn({ x0: 10, y0: y + 30, x1: 390, y1: y + h - 4, gx: 6, gy: 4 }, n, 2) };
    y += h + 4;
  }
  return {
    width: 400, height: y, compact: true,
    colonial: { x: 4, y: 4, w: 392, h: 122, label: [14, 22],
      box: boxesIn({ x0: 10, y0: 32, x1: 390, y1: 118, gx: colonialCols > 2 ? 4 : 6, gy: 4 }, colonial, colonialCols) },
    cylon: { x: 4, y: 694, w: 392, h: 128, label: [14, 712],
      box: boxesIn({ x0: 10, y0: 720, x1: 390, y1: 814, gx: 6, gy: 4 }, cylon, 2) },
    extra,
    space: { x: 0, y: 134, w: 400, h: 552 },
    areas: {
      front_upper: { x: 0, y: 134, w: 200, h: 104 },
      rear_upper: { x: 200, y: 134, w: 200, h: 104 },
      front: { x: 0, y: 238, w: 64, h: 344 },
      rear: { x: 336, y: 238, w: 64, h: 344 },
      front_lower: { x: 0, y: 582, w: 200, h: 104 },
      rear_lower: { x: 200, y: 582, w: 200, h: 104 },
    },
    galactica: { x: 66, y: 242, w: 268, h: 336, bow: 18 },
    gbox: (id) => {
      const i = galactica.indexOf(id);
      return g(Math.floor(i / 5), i % 5);
    },
    nameSize: 12, pill: 17,
  };
}

export function layoutFor(width) {
  return width < 640 ? "tall" : "wide";
}

// ---- pieces --------------------------------------------------------------------------------

function defs() {
  return s("defs", {},
    s("pattern", { id: "bsg-hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(45)" },
    s("rect", { width: 8, height: 8, fill: "rgba(120,20,20,.35)" }),
    s("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "#e05d5d", "stroke-width": 3, opacity: 0.55 })),
    s("radialGradient", { id: "bsg-space", cx: "50%", cy: "50%", r: "70%" },
      s("stop", { offset: "0%", "stop-color": "#13233a" }),
      s("stop", { offset: "100%", "stop-color": "#070b12" })),
    s("linearGradient", { id: "bsg-hull", x1: 0, y1: 0, x2: 0, y2: 1 },
      s("stop", { offset: "0%", "stop-color": "#3a4756" }),
      s("stop", { offset: "100%", "stop-color": "#222c37" })),
    s("linearGradient", { id: "bsg-c1", x1: 0, y1: 0, x2: 0, y2: 1 },
      s("stop", { offset: "0%", "stop-color": "#2e3350" }),
      s("stop", { offset: "100%", "stop-color": "#1d2136" })),
    s("linearGradient", { id: "bsg-cylon", x1: 0, y1: 0, x2: 0, y2: 1 },
      s("stop", { offset: "0%", "stop-color": "#3a1a20" }),
      s("stop", { offset: "100%", "stop-color": "#1f0f12" })),
    s("filter", { id: "bsg-glow", x: "-20%", y: "-20%", width: "140%", height: "140%" },
      s("feGaussianBlur", { stdDeviation: 3, result: "blur" }),
      s("feMerge", {}, s("feMergeNode", { in: "blur" }), s("feMergeNode", { in: "SourceGraphic" }))));
}

function stars(box, count) {
  let seed = 7;
  const rnd = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const dots = [];
  for (let i = 0; i < count; i++) {
    dots.push(s("circle", { cx: (box.x + rnd() * box.w).toFixed(1), cy: (box.y + rnd() * box.h).toFixed(1),
      r: (0.4 + rnd() * 1.1).toFixed(2), fill: "#cfe3ff", opacity: (0.15 + rnd() * 0.5).toFixed(2) }));
  }
  return s("g", { class: "stars", "aria-hidden": "true" }, dots);
}

/** Makes an SVG element choose an option when clicked or activated with the keyboard; an
 * element that chooses nothing says `words` on a tap instead. */
function clickable(node, target, ctx, words = null) {
  if (!target) {
    for (const [key, value] of Object.entries(tip(words))) node.setAttribute(key, value);
    return node;
  }
  node.classList.add("target");
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", target.text);
  node.dataset.target = target.key;
  node.addEventListener("click", () => ctx.choose(target.option, target.text));
  node.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      ctx.choose(target.option, target.text);
    }
  });
  node.append(s("title", {}, target.text));
  return node;
}

function titleBadges(player, ctx) {
  const out = [];
  if (player.president) out.push({ letter: t("bsg.presidentShort"), fill: "#e0a526", title: t("bsg.president") });
  if (player.admiral) out.push({ letter: t("bsg.admiralShort"), fill: "#cfd8dc", title: t("bsg.admiral") });
  return out;
}

/** A character standing somewhere: a pill in the seat's colour with the character's short name. */
function token(player, ctx, maxWidth) {
  const size = ctx.L.compact ? 10.5 : 11.5;
  let name = charShort(player.character?.id, player.name);
  let fontSize = size;
  const badges = titleBadges(player, ctx);
  const badgeW = badges.length * 13;
  let w = measure(name, fontSize, 700) + 14 + badgeW;
  while (w > maxWidth && fontSize > 8) {
    fontSize -= 0.5;
    w = measure(name, fontSize, 700) + 14 + badgeW;
  }
  if (w > maxWidth) {
    name = name.slice(0, 3);
    w = measure(name, fontSize, 700) + 14 + badgeW;
  }
  const h = ctx.L.pill;
  const current = player.seat === ctx.view.current;
  const tip_ = [player.name, charName(player.character?.id),
    ...badges.map((b) => b.title), player.revealed ? t("bsg.revealedCylon") : null,
    player.leader ? t("bsg.board.cylonLeader") : null, player.infiltrating ? t("bsg.board.infiltrating") : null]
    .filter(Boolean).join(" · ");
  return {
    w, h,
    draw: (x, y) => s("g", { class: `token${current ? " current" : ""}${player.seat === ctx.seat ? " mine" : ""}`,
      transform: `translate(${x},${y})`, "data-seat": player.seat, ...tip(tip_) },
    s("title", {}, tip_),
    s("rect", { width: w, height: h, rx: h / 2, fill: ctx.colour(player.seat),
      // a Cylon Leader (Daybreak) is outlined in the Cylons' red whether or not revealed
      stroke: player.revealed || player.leader ? "#ff4d4d" : current ? "#ffffff" : "rgba(0,0,0,.45)",
      "stroke-width": current || player.revealed || player.leader ? 2 : 1,
      "stroke-dasharray": player.revealed ? "3 2" : null }),
    s("text", { x: 7, y: h / 2 + fontSize * 0.36, "font-size": fontSize, "font-weight": 700, fill: "#11161c" }, name),
    badges.map((b, i) => s("g", { transform: `translate(${w - badgeW + i * 13 + 4},${h / 2})` },
      s("circle", { r: 6.2, fill: b.fill, stroke: "#11161c", "stroke-width": 1 }),
      s("text", { y: 3.2, "text-anchor": "middle", "font-size": 8.5, "font-weight": 800, fill: "#11161c" }, b.letter)))),
  };
}

function location(id, box, ctx, ship) {
  const { view } = ctx;
  const damaged = (view.damaged_locations || []).includes(id);
  const hazardous = HAZARDOUS.has(id);
  const target = ctx.targets.get(`loc:${id}`);
  const name = locName(id);
  const low = box.h < 60;
  const here = view.players.filter((p) => p.location === id);
  const tokens = here.map((p) => token(p, ctx, box.w - 10));
  const tokensWidth = tokens.reduce((sum, tk) => sum + tk.w + 4, 0);
  const nameWidth = low ? Math.max(box.w * 0.45, box.w - tokensWidth - 16) : box.w - (hazardous ? 24 : 12);
  let fit = wrap(name, nameWidth, ctx.L.nameSize, low ? 1 : 2, 650, ctx.L.nameSize * 0.85);
  if (!fit.fits) fit = wrap(name, nameWidth, ctx.L.nameSize, low ? 1 : 3, 650, 8);
  const top = box.y + 6 + fit.size;
  const tokenTop = box.y + 10 + fit.lines.length * fit.size * 1.15;
  const spots = low
    ? flow(tokens, { x: box.x + box.w - Math.min(tokensWidth, box.w * 0.55) - 2, y: box.y + box.h - ctx.L.pill - 5,
      w: Math.min(tokensWidth, box.w * 0.55), h: box.h }, 4)
    : flow(tokens, { x: box.x + 5, y: tokenTop, w: box.w - 10, h: box.h }, 4);
  const bg = ship === "cylon" || ship === "rebel_basestar" ? "#2a1418" : ship === "colonial_one" ? "#252a44" : "#1c2632";
  const words = `${name}${damaged ? ` — ${t("bsg.damaged")}` : ""}${hazardous ? ` — ${t("bsg.hazardous")}` : ""}`;
  const group = s("g", { class: `location${damaged ? " damaged" : ""}${hazardous ? " hazardous" : ""}`,
    "data-location": id },
  s("rect", { class: "loc-bg", x: box.x, y: box.y, width: box.w, height: box.h, rx: 7, fill: bg,
    stroke: damaged ? "#e05d5d" : hazardous ? "#c98a34" : "rgba(160,185,210,.35)",
    "stroke-width": damaged ? 2 : 1.2, "stroke-dasharray": hazardous && !damaged ? "5 3" : null }),
  damaged ? s("rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 7, fill: "url(#bsg-hatch)",
    "pointer-events": "none" }) : null,
  lines(box.x + 6, top, fit.lines, fit.size, { class: "loc-name", "font-weight": 650, fill: "#e3e9f0" }),
  hazardous ? s("g", { transform: `translate(${box.x + box.w - 12},${box.y + 11})`, ...tip(t("bsg.hazardous")) },
    s("title", {}, t("bsg.hazardous")),
    s("path", { d: "M0,-7 L7,6 L-7,6 Z", fill: "#c98a34" }),
    s("text", { y: 4.5, "text-anchor": "middle", "font-size": 9, "font-weight": 800, fill: "#11161c" }, "!")) : null,
  damaged ? s("text", { class: "damaged-label", x: box.x + box.w - 5, y: box.y + box.h - 5, "text-anchor": "end",
    "font-size": ctx.L.compact ? 9 : 10, "font-weight": 800, fill: "#ff7b7b", "letter-spacing": ".05em" },
  t("bsg.damagedMark")) : null,
  tokens.map((tk, i) => tk.draw(spots[i].x, spots[i].y)),
  s("title", {}, words));
  return clickable(group, target, ctx, words);
}

// ---- ships ---------------------------------------------------------------------------------

const ICON_SIZE = { viper: [22, 18], assault_raptor: [24, 18], raider: [22, 18], heavy_raider: [30, 16], basestar: [36, 36], civilian: [22, 12] };

function shipChip(kind, { count = 1, label = null, pilot = null, damage = 0, key, words }, ctx) {
  const [iw, ih] = ICON_SIZE[kind];
  const countText = count > 1 ? `×${count}` : "";
  const countW = countText ? measure(countText, 12, 700) + 3 : 0;
  let pilotW = 0;
  let pilotName = "";
  if (pilot) {
    pilotName = ctx.L.compact ? charShort(pilot.character?.id, pilot.name).slice(0, 2) : charShort(pilot.character?.id, pilot.name);
    pilotW = ctx.L.compact ? 17 : measure(pilotName, 10.5, 700) + 10;
  }
  const w = iw + countW + (pilotW ? pilotW + 2 : 0);
  const h = Math.max(ih, pilot ? 16 : 0);
  const k = ctx.L.compact ? 1 : 1.35;
  const target = ctx.targets.get(key);
  return {
    w: w * k, h: h * k,
    draw: (x, y) => {
      const g = s("g", { class: `ship ship-${kind}`, transform: `translate(${x},${y}) scale(${k})`, "data-ship": key },
        s("title", {}, words),
        s("rect", { class: "hit", x: -2, y: -2, width: w + 4, height: h + 4, rx: 4, fill: "transparent" }),
        s("g", { transform: `translate(${iw / 2},${h / 2})` },
          kind === "viper" ? SHIPS.viper(pilot ? "#f1f5f9" : "#b7c6d4")
            : kind === "assault_raptor" ? SHIPS.assault_raptor(pilot ? "#f3e3b0" : "#c9b887") : SHIPS[kind]()),
        countText ? s("text", { x: iw + 2, y: h / 2 + 4.3, "font-size": 12, "font-weight": 700, fill: "#dfe7ef" }, countText) : null,
        damage ? s("g", { transform: `translate(${iw - 4},3)` },
          s("circle", { r: 6.5, fill: "#d83a3a", stroke: "#11161c" }),
          s("text", { y: 3.5, "text-anchor": "middle", "font-size": 9.5, "font-weight": 800, fill: "#fff" }, damage)) : null,
        pilot ? s("g", { transform: `translate(${iw + 2},${h / 2 - 8})`, "data-seat": pilot.seat, class: "pilot" },
          s("rect", { width: pilotW, height: 16, rx: 8, fill: ctx.colour(pilot.seat),
            stroke: pilot.seat === ctx.view.current ? "#fff" : "rgba(0,0,0,.45)" }),
          s("text", { x: pilotW / 2, y: 11.5, "text-anchor": "middle", "font-size": ctx.L.compact ? 9.5 : 10.5,
            "font-weight": 700, fill: "#11161c" }, pilotName)) : null,
        label);
      return clickable(g, target, ctx, words);
    },
  };
}

function area(id, box, ctx) {
  const info = AREAS.find((a) => a.id === id);
  const ships = ctx.view.space?.[id] || { raider: 0, heavy_raider: 0, basestars: [], vipers: [], civilians: 0 };
  const players = ctx.view.players;
  const compact = ctx.L.compact;
  const name = areaName(id);
  const labelSize = compact ? 10 : 11.5;
  const chips = [];
  ships.basestars.forEach((b, i) => chips.push(shipChip("basestar", {
    damage: b.damage, key: `ship:${id}:basestar:${i}`,
    words: (b.damage ? t("bsg.target.basestarDamaged", { area: id, n: b.damage }) : t("bsg.target.basestar", { area: id }))
      + (b.tokens?.length ? ` — ${b.tokens.map(damageName).join(", ")}` : ""),
  }, ctx)));
  if (ships.heavy_raider) {
    chips.push(shipChip("heavy_raider", { count: ships.heavy_raider, key: `ship:${id}:heavy_raider:0`,
      words: `${ships.heavy_raider} ${ship("heavy_raider", ships.heavy_raider)}` }, ctx));
  }
  if (ships.raider) {
    chips.push(shipChip("raider", { count: ships.raider, key: `ship:${id}:raider:0`,
      words: `${ships.raider} ${ship("raider", ships.raider)}` }, ctx));
  }
  ships.vipers.forEach((v, i) => {
    const pilot = v.pilot === null || v.pilot === undefined ? null : players[v.pilot];
    // an Assault Raptor (Daybreak) flies among the vipers, and is chosen as one
    const words = v.assault
      ? (pilot ? t("bsg.board.pilotedAssaultRaptor", { seat: pilot.seat, names: ctx.names }) : t("bsg.board.assaultRaptor"))
      : (pilot ? t("bsg.pilotedViper", { seat: pilot.seat, names: ctx.names }) : t("bsg.unmannedViper"));
    chips.push(shipChip(v.assault ? "assault_raptor" : "viper", { pilot, key: `ship:${id}:viper:${i}`, words }, ctx));
  });
  if (ships.civilians) {
    chips.push(shipChip("civilian", { count: ships.civilians, key: `ship:${id}:civilian:0`,
      words: `${ships.civilians} ${ship("civilian", ships.civilians)}` }, ctx));
  }
  const narrow = box.w < 100;
  const labelH = narrow ? 50 : 20;
  const inner = { x: box.x + 8, y: box.y + labelH + 4, w: box.w - 16, h: box.h - labelH - 8 };
  const spots = flow(chips, inner, compact ? 5 : 8);
  const target = ctx.targets.get(`area:${id}`);
  const labelFit = wrap(name, box.w - 30, labelSize, narrow ? 2 : 1, 600, 7.5);
  const group = s("g", { class: "area", "data-area": id },
    s("rect", { class: "area-bg", x: box.x + 1.5, y: box.y + 1.5, width: box.w - 3, height: box.h - 3, rx: 10,
      fill: "rgba(40,70,110,.10)", stroke: "rgba(110,150,200,.22)", "stroke-width": 1 }),
    s("circle", { cx: box.x + 14, cy: box.y + 14, r: 8, fill: "rgba(110,150,200,.18)" }),
    s("text", { x: box.x + 14, y: box.y + 17.5, "text-anchor": "middle", "font-size": 10, "font-weight": 700,
      fill: "#9fb3c8" }, info.index),
    lines(box.x + (narrow ? 6 : 26), narrow ? box.y + 34 : box.y + 18, labelFit.lines, labelFit.size,
      { class: "area-name", fill: "#8fa6bd", "font-weight": 600 }),
    info.launch ? s("g", { transform: `translate(${box.x + box.w - 16},${box.y + 13})`, class: "launch-icon",
      ...tip(t("bsg.launchArea")) },
      s("title", {}, t("bsg.launchArea")),
      s("circle", { r: 8, fill: "rgba(224,165,38,.18)", stroke: "#e0a526", "stroke-width": 1 }),
      s("path", { d: "M0,-4.5 L4,1.5 L1.2,1.5 L1.2,4.5 L-1.2,4.5 L-1.2,1.5 L-4,1.5 Z", fill: "#e0a526" })) : null,
    s("title", {}, name),
    chips.map((chip, i) => chip.draw(spots[i].x, spots[i].y)));
  return clickable(group, target, ctx, name);
}

function hull(L) {
  const { x, y, w, h, bow } = L.galactica;
  const d = `M${x},${y + h / 2} L${x + bow},${y} L${x + w - 10},${y} Q${x + w},${y} ${x + w},${y + 10}`
    + ` L${x + w},${y + h - 10} Q${x + w},${y + h} ${x + w - 10},${y + h} L${x + bow},${y + h} Z`;
  const cx = x + bow / 2 + 3;
  const cy = y + h / 2;
  return s("g", { class: "hull" },
    s("path", { d, fill: "url(#bsg-hull)", stroke: "#6b7d90", "stroke-width": 1.5 }),
    s("text", { x: cx, y: cy, transform: `rotate(-90 ${cx} ${cy})`, "text-anchor": "middle",
      "font-size": L.compact ? 10 : 13, "font-weight": 800, "letter-spacing": ".25em", fill: "#a9b8c8" },
    t("bsg.galacticaMark")));
}

function panel(box, fillId, stroke, label, size) {
  return s("g", {},
    s("rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 16, fill: `url(#${fillId})`, stroke, "stroke-width": 1.2 }),
    s("text", { x: box.label[0], y: box.label[1], "font-size": size, "font-weight": 800, "letter-spacing": ".14em",
      fill: "#aab5d6" }, label.toUpperCase()));
}

function targetsWords(ctx, test) {
  const out = [];
  for (const [key, target] of ctx.targets) {
    if (test(key)) out.push(`${key}=${target.text}=${JSON.stringify([target.option.action, target.option.confirm])}`);
  }
  return out.join("|");
}

const playerWords = (p, ctx) => [p.seat, p.name, p.character?.id, p.president, p.admiral, p.revealed,
  p.leader, p.infiltrating, p.seat === ctx.view.current, p.seat === ctx.seat].join(":");

/** What a location is drawn from: its damage, who stands there, what choosing it does. */
function locationInputs(id, ctx) {
  const here = ctx.view.players.filter((p) => p.location === id).map((p) => playerWords(p, ctx)).join("|");
  return [(ctx.view.damaged_locations || []).includes(id), here, targetsWords(ctx, (key) => key === `loc:${id}`)];
}

/** What a space area is drawn from: its ships (the same object while they stay), their pilots,
 * what choosing it or a ship in it does. */
function areaInputs(id, ctx) {
  const ships = ctx.view.space?.[id];
  const pilots = (ships?.vipers || []).map((v) => (v.pilot === null || v.pilot === undefined ? "-"
    : playerWords(ctx.view.players[v.pilot] ?? {}, ctx))).join("|");
  return [ships, pilots, targetsWords(ctx, (key) => key === `area:${id}` || key.startsWith(`ship:${id}:`))];
}

/** The locations on this game's board, by Ship: the view's (a Daybreak game's overlays put
 * their own locations in place of the ones they cover) or the base board's. */
function boardLocations(view) {
  return view.locations ?? LOCATIONS;
}

/** A Ship's panel with no location left on it (Colonial One destroyed) says so. */
function gone(box, words, size) {
  return s("text", { class: "ship-gone", x: box.x + box.w / 2, y: box.y + box.h / 2 + 8, "text-anchor": "middle",
    "font-size": size + 2, "font-weight": 800, fill: "#ff7b7b", "letter-spacing": ".05em" }, words);
}

/** The Rebel Basestar's Allegiance marker (Search for Home), at its panel's top right. */
function allegiance(box, side, compact) {
  if (!side) return null;
  const words = t(`bsg.board.allegiance.${side}`);
  const size = compact ? 10 : 11.5;
  const w = measure(words, size, 700) + 16;
  return s("g", { class: "allegiance", "data-allegiance": side, transform: `translate(${box.x + box.w - w - 10},${box.y + 8})`,
    ...tip(words) },
  s("title", {}, words),
  s("rect", { width: w, height: size + 8, rx: (size + 8) / 2, fill: side === "cylon" ? "#d83a3a" : "#3d86dc" }),
  s("text", { x: w / 2, y: size + 2, "text-anchor": "middle", "font-size": size, "font-weight": 700, fill: "#fff" }, words));
}

const SHIP_FILL = { galactica: "bsg-hull", colonial_one: "bsg-c1", cylon: "bsg-cylon" };

/** The whole board as one SVG element. ctx: {view, seat, layout, targets, choose, colour}. */
export function drawMap(ctx) {
  const where = boardLocations(ctx.view);
  const extras = Object.keys(where).filter((ship) => !SHIPS_DRAWN.includes(ship));
  const counts = Object.fromEntries(Object.entries(where).map(([ship, ids]) => [ship, ids.length]));
  const galactica = where.galactica ?? LOCATIONS.galactica;
  const colonial = where.colonial_one ?? [];
  const cylon = where.cylon ?? [];
  const L = (ctx.layout === "tall" ? tall : wide)(galactica, counts, extras);
  ctx.L = L;
  const at = ctx.layout;
  const labelSize = L.compact ? 10.5 : 12;
  // a board's shape changes only with its overlays' locations and the Ships it has
  const shape = `${at}:${Object.entries(counts).map(([ship, n]) => `${ship}=${n}`).join(",")}`;
  const svg = part(`map-${at}`, [shape], () => s("svg", {
    class: `bsg-map ${ctx.layout}`, viewBox: `0 0 ${L.width} ${L.height}`, role: "group",
    "aria-label": t("bsg.boardLabel"), "font-family": "inherit",
  }));
  fill(svg, [
    part(`map-space-${at}`, [], () => [defs(),
      s("rect", { x: L.space.x, y: L.space.y, width: L.space.w, height: L.space.h, rx: 14, fill: "url(#bsg-space)" }),
      stars(L.space, L.compact ? 70 : 110)]),
    AREAS.map((a) => part(`area-${at}-${a.id}`, areaInputs(a.id, ctx), () => area(a.id, L.areas[a.id], ctx))),
    part(`map-hull-${at}`, [], () => hull(L)),
    galactica.map((id) => part(`loc-${at}-${shape}-${id}`, locationInputs(id, ctx),
      () => location(id, L.gbox(id), ctx, "galactica"))),
    part(`map-colonial-${at}`, [colonial.length === 0], () => [
      panel(L.colonial, "bsg-c1", "#4b5280", t("bsg.colonialOne"), labelSize),
      colonial.length ? null : gone(L.colonial, t("bsg.board.colonialOneDestroyed"), labelSize)]),
    colonial.map((id, i) => part(`loc-${at}-${shape}-${id}`, locationInputs(id, ctx),
      () => location(id, L.colonial.box(i), ctx, "colonial_one"))),
    part(`map-cylon-${at}`, [], () => panel(L.cylon, "bsg-cylon", "#6e2b32", t("bsg.cylonLocations"), labelSize)),
    cylon.map((id, i) => part(`loc-${at}-${shape}-${id}`, locationInputs(id, ctx),
      () => location(id, L.cylon.box(i), ctx, "cylon"))),
    extras.map((ship) => [
      part(`map-ship-${at}-${shape}-${ship}`, [ctx.view.rebel_basestar ?? null], () => s("g", { "data-ship-panel": ship },
        panel(L.extra[ship], SHIP_FILL[ship] ?? "bsg-c1", ship === "rebel_basestar" ? "#6e2b32" : "#4b5280",
          t(`bsg.board.ship.${ship}`, { fallback: ship }), labelSize),
        ship === "rebel_basestar" ? allegiance(L.extra[ship], ctx.view.rebel_basestar, L.compact) : null)),
      where[ship].map((id, i) => part(`loc-${at}-${shape}-${id}`, locationInputs(id, ctx),
        () => location(id, L.extra[ship].box(i), ctx, ship)))])]);
  return svg;
}
