// The fleet's resources turn by turn, for the end screen: a line chart as inline SVG drawn at the
// width it is shown at (so its words stay at their size on a phone), a legend in words (start,
// end, lowest) and every turn's numbers in a table, for reading and for screen readers.
import { el } from "/static/js/render.js";
import { t } from "/static/js/i18n/index.js";
import { RESOURCES } from "./data.js";
import { s, measure, FONT } from "./svg.js";
import { details } from "./panels.js";
import { resName } from "./words.js";

const TOP = 15; // the highest a resource goes
const FONT_SIZE = 12;
// Lines told apart by more than colour: each resource has its own dash and mark.
const DASHES = { fuel: null, food: "7 4", morale: "2 4", population: "10 3 2 3" };
const MARKS = { fuel: "circle", food: "square", morale: "diamond", population: "triangle" };

let uid = 0;

/** The lowest point of a resource (its first turn there). */
function lowest(points, id) {
  return points.reduce((low, p) => (p[id] < low[id] ? p : low), points[0]);
}

function summary(points, id) {
  const low = lowest(points, id);
  return t("bsg.end.resourceSummary", { resource: id, start: points[0][id],
    end: points[points.length - 1][id], low: low[id], turn: low.turn });
}

function mark(kind, x, y, colour) {
  const r = 3.5;
  const attrs = { fill: colour, stroke: "#10151b", "stroke-width": 1 };
  switch (kind) {
    case "square": return s("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, ...attrs });
    case "diamond": return s("path", { d: `M${x} ${y - r - 1}L${x + r + 1} ${y}L${x} ${y + r + 1}L${x - r - 1} ${y}Z`, ...attrs });
    case "triangle": return s("path", { d: `M${x} ${y - r - 1}L${x + r + 1} ${y + r}L${x - r - 1} ${y + r}Z`, ...attrs });
    default: return s("circle", { cx: x, cy: y, r, ...attrs });
  }
}

/** A tick every 1, 2, 5, 10 ... turns: as many as fit. */
function tickStep(span, room) {
  const most = Math.max(1, Math.floor(room / 34));
  for (const step of [1, 2, 5, 10, 20, 25, 50, 100]) if (span / step <= most) return step;
  return Math.ceil(span / most);
}

/** End labels ("Fuel 3") moved apart so that none overlaps another. */
function spread(labels, min, max) {
  const gap = FONT_SIZE + 2;
  const sorted = [...labels].sort((a, b) => a.y - b.y);
  for (let i = 1; i < sorted.length; i++) sorted[i].y = Math.max(sorted[i].y, sorted[i - 1].y + gap);
  const overflow = sorted.length ? sorted[sorted.length - 1].y - max : 0;
  if (overflow > 0) for (const label of sorted) label.y -= overflow;
  for (let i = sorted.length - 2; i >= 0; i--) sorted[i].y = Math.min(sorted[i].y, sorted[i + 1].y - gap);
  if (sorted.length && sorted[0].y < min) for (const label of sorted) label.y += min - sorted[0].y;
  return labels;
}

function chart(points, width, titleId, descId) {
  const names = Object.fromEntries(RESOURCES.map((r) => [r.id, resName(r.id)]));
  const last = points[points.length - 1];
  const right = 14 + Math.max(...RESOURCES.map((r) => measure(`${names[r.id]} ${last[r.id]}`, FONT_SIZE, 600)));
  const box = { left: 26, right: width - right, top: 10, bottom: 0 };
  const height = Math.round(Math.min(300, Math.max(200, width * 0.45)));
  box.bottom = height - 34;
  const first = points[0].turn;
  const span = Math.max(1, last.turn - first);
  const x = (turn) => box.left + ((turn - first) / span) * (box.right - box.left);
  const y = (v) => box.bottom - (Math.max(0, Math.min(TOP, v)) / TOP) * (box.bottom - box.top);

  const grid = [0, 5, 10, 15].map((v) => [
    s("line", { x1: box.left, x2: box.right, y1: y(v), y2: y(v), stroke: "#2a3542", "stroke-width": 1 }),
    s("text", { x: box.left - 6, y: y(v) + 4, "text-anchor": "end", fill: "#8b97a7" }, v),
  ]);
  const step = tickStep(span, box.right - box.left);
  const ticks = [];
  for (let turn = Math.ceil(first / step) * step; turn <= last.turn; turn += step) {
    ticks.push(s("line", { x1: x(turn), x2: x(turn), y1: box.bottom, y2: box.bottom + 4, stroke: "#6f7f90" }),
      s("text", { x: x(turn), y: box.bottom + 17, "text-anchor": "middle", fill: "#8b97a7" }, turn));
  }
  const axis = s("text", { x: (box.left + box.right) / 2, y: height - 3, "text-anchor": "middle", fill: "#8b97a7" },
    t("bsg.end.turn"));
  // Lines that run together stay apart by a pixel or two.
  const nudge = (i) => (i - (RESOURCES.length - 1) / 2) * 1.6;
  const lines = RESOURCES.map((r, i) => s("polyline", {
    points: points.map((p) => `${x(p.turn).toFixed(1)},${(y(p[r.id]) + nudge(i)).toFixed(1)}`).join(" "),
    fill: "none", stroke: r.colour, "stroke-width": 2.2, "stroke-linejoin": "round",
    "stroke-dasharray": DASHES[r.id], "data-course-line": r.id,
  }));
  const labels = spread(RESOURCES.map((r, i) => ({ r, y: y(last[r.id]) + nudge(i) + 4 })), box.top + 8, box.bottom + 4);
  const ends = RESOURCES.map((r, i) => [
    mark(MARKS[r.id], x(last.turn), y(last[r.id]) + nudge(i), r.colour),
    s("text", { x: box.right + 8, y: labels[i].y, fill: r.colour, "font-weight": 600, "data-course-end": r.id },
      `${names[r.id]} ${last[r.id]}`),
  ]);
  return s("svg", {
    class: "course-chart", role: "img", "aria-labelledby": `${titleId} ${descId}`,
    width, height, viewBox: `0 0 ${width} ${height}`, "font-size": FONT_SIZE, "font-family": FONT,
  },
  s("title", { id: titleId }, t("bsg.end.course")),
  s("desc", { id: descId }, RESOURCES.map((r) => summary(points, r.id)).join(". ")),
  grid, ticks, axis, lines, ends);
}

function sample(r) {
  return s("svg", { class: "course-sample", width: 30, height: 12, viewBox: "0 0 30 12", "aria-hidden": "true" },
    s("line", { x1: 1, x2: 29, y1: 6, y2: 6, stroke: r.colour, "stroke-width": 2.2, "stroke-dasharray": DASHES[r.id] }),
    mark(MARKS[r.id], 15, 6, r.colour));
}

function numbers(points) {
  const fold = details("course-numbers", false, t("bsg.end.numbers"),
    el("div", { class: "table-wrap" }, el("table", { class: "course-table" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("bsg.end.turn")),
        RESOURCES.map((r) => el("th", { scope: "col" }, resName(r.id))))),
      el("tbody", {}, points.map((p) => el("tr", { "data-turn": p.turn },
        el("th", { scope: "row" }, p.turn === 0 ? t("bsg.end.setup") : String(p.turn)),
        RESOURCES.map((r) => el("td", {}, String(p[r.id])))))))));
  fold.classList.add("course-numbers");
  return fold;
}

/** The chart, its legend and its table for `points` ({turn, fuel, food, morale, population}
 * after each turn), `width` pixels wide. */
export function courseChart(points, width) {
  if (!points?.length) return el("p", { class: "muted", "data-course": "none" }, t("bsg.end.noCourse"));
  uid += 1;
  return el("figure", { class: "course", "data-course": String(points.length) },
    chart(points, Math.round(width), `course-title-${uid}`, `course-desc-${uid}`),
    el("figcaption", {}, el("ul", { class: "course-legend" }, RESOURCES.map((r) =>
      el("li", { "data-course-resource": r.id }, sample(r), " ", summary(points, r.id))))),
    numbers(points));
}
