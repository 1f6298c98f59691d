// The board's parts kept from one state to the next. States arrive as patches applied
// copy-on-write (static/js/patching.js), so whatever a change did not touch is the very same
// object in the new state: a part drawn from the same objects (and the same words, layout and
// choices) is the node already on the page, and only the parts whose inputs changed are drawn
// again. Redrawing a 5-player board whole took most of each update; now an update draws what
// it changed (bench/README.md, "The board's updates").

let kept = new Map();
let round = 0;

const same = (a, b) => a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/** The node of part `name`, drawn by `draw()` only when `inputs` (a list compared item by item,
 * by identity) differ from the last drawing's. A part may be null. */
export function part(name, inputs, draw) {
  const old = kept.get(name);
  if (old && same(old.inputs, inputs)) {
    old.round = round;
    return old.node;
  }
  const node = draw();
  kept.set(name, { inputs, node, round });
  return node;
}

/** Every part is drawn again from the next drawing on (the language changed, the card
 * reference arrived). */
export function forgetParts() {
  kept = new Map();
}

/** Starts a drawing; parts not asked for in the last few drawings are let go (a crisis
 * resolved, a log line scrolled out), so that the kept parts stay those on the board. */
export function startDrawing() {
  round += 1;
  if (round % 50 === 0) {
    for (const [name, entry] of kept) if (round - entry.round > 10) kept.delete(name);
  }
}
