// Small helpers to build SVG, and to fit words into boxes (measured with a canvas in the page's
// own font, so that Russian and Polish names wrap as well as English ones).
const NS = "http://www.w3.org/2000/svg";
export const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.setAttribute("class", value);
    // Through the CSSOM: the Content-Security-Policy refuses style attributes set as markup.
    else if (key === "style") node.style.cssText = value;
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

let context = null;
const cache = new Map();
export function measure(text, size, weight = 400) {
  const key = `${weight}|${size}|${text}`;
  if (cache.has(key)) return cache.get(key);
  context ??= document.createElement("canvas").getContext("2d");
  let width;
  if (context) {
    context.font = `${weight} ${size}px ${FONT}`;
    width = context.measureText(text).width;
  } else {
    width = text.length * size * 0.56;
  }
  cache.set(key, width);
  return width;
}

function greedy(words, width, size, weight) {
  const lines = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (!line || measure(next, size, weight) <= width) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Words wrapped into at most `maxLines` lines of `width`, shrinking the font (down to
 * `minSize`) until they fit. */
export function wrap(text, width, size, maxLines = 2, weight = 600, minSize = 8) {
  const words = String(text).split(/\s+/).filter(Boolean);
  for (let px = size; px >= minSize; px -= 0.5) {
    const lines = greedy(words, width, px, weight);
    if (lines.length <= maxLines && lines.every((l) => measure(l, px, weight) <= width)) {
      return { lines, size: px, fits: true };
    }
  }
  const lines = greedy(words, width, minSize, weight);
  return { lines: lines.slice(0, maxLines), size: minSize, fits: false };
}

/** A <text> of several lines starting at (x, y) (y is the first baseline). */
export function lines(x, y, rows, size, attrs = {}, leading = 1.15) {
  return s("text", { x, y, "font-size": size, ...attrs },
    rows.map((row, i) => s("tspan", { x, dy: i === 0 ? 0 : size * leading }, row)));
}

/** Lay out items of given sizes left to right in a box, wrapping; answers their positions. */
export function flow(items, box, gap = 6) {
  let x = box.x;
  let y = box.y;
  let rowHeight = 0;
  return items.map((item) => {
    if (x > box.x && x + item.w > box.x + box.w) {
      x = box.x;
      y += rowHeight + gap;
      rowHeight = 0;
    }
    const at = { x, y };
    x += item.w + gap;
    rowHeight = Math.max(rowHeight, item.h);
    return at;
  });
}
