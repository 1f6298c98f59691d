// The replay's landmarks in a Star Realms game: each turn's start, each attack on a player and
// each base destroyed, labelled with the step's own log line in the reader's language.
import { t } from "/static/js/i18n/index.js";
import { sayLine } from "/static/js/render.js";

const KINDS = { turn: "turn", attack: "attack", destroy: "destroy" };
const NAMES = {
  turn: "star_realms.board.landmark.turn",
  attack: "star_realms.board.landmark.attack",
  destroy: "star_realms.board.landmark.destroy",
};

/** The replay's landmarks: `kinds` ({id, name}) and `marks` ({index, kind, label}) in step
 * order. `steps` carry their events and views. */
export function landmarks(steps, players) {
  const seats = steps[steps.length - 1]?.view?.players;
  const names = Array.isArray(seats) ? seats.map((p, i) => p?.name ?? players[i] ?? "") : players;
  const marks = [];
  steps.forEach((step, index) => {
    const seen = new Set();
    for (const event of step.events || []) {
      const kind = KINDS[event.kind];
      if (!kind || seen.has(kind) || event.to) continue;  // one of a kind per step, public ones
      seen.add(kind);
      marks.push({ index, kind, label: sayLine(event, names) });
    }
  });
  return { kinds: Object.keys(NAMES).map((id) => ({ id, name: t(NAMES[id]) })), marks };
}
