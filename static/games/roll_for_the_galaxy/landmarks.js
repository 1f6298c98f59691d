// The replay's landmarks in a Roll for the Galaxy game: each round's start, each Reveal, each
// phase played and each tile completed, labelled with the step's own log line.
import { t } from "/static/js/i18n/index.js";
import { sayLine } from "/static/js/render.js";

const NAMES = {
  round: "roll_for_the_galaxy.board.landmark.round",
  reveal: "roll_for_the_galaxy.board.landmark.reveal",
  phase: "roll_for_the_galaxy.board.landmark.phase",
  complete: "roll_for_the_galaxy.board.landmark.complete",
};

/** The kind of landmark an event is (null: none). */
function kindOf(event) {
  if (event.kind === "round" || event.kind === "reveal" || event.kind === "phase") return event.kind;
  if (event.msg?.key === "roll_for_the_galaxy.ev.complete") return "complete";
  return null;
}

/** The replay's landmarks: `kinds` ({id, name}) and `marks` ({index, kind, label}) in step
 * order. `steps` carry their events and views. */
export function landmarks(steps, players) {
  const marks = [];
  steps.forEach((step, index) => {
    const seen = new Set();
    for (const event of step.events || []) {
      const kind = kindOf(event);
      if (!kind || seen.has(kind) || event.to) continue; // one of a kind per step, public ones
      seen.add(kind);
      marks.push({ index, kind, label: sayLine(event, players) });
    }
  });
  return { kinds: Object.keys(NAMES).map((id) => ({ id, name: t(NAMES[id]) })), marks };
}
