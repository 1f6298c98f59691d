// The replay's landmarks in a Battlestar Galactica game: the steps worth jumping to, found by
// the log events' kinds and messages — each turn's start, each crisis revealed, each skill check
// begun, each jump of the fleet — with words in the reader's language for the replay viewer.
import { t } from "/static/js/i18n/index.js";
import { saidLine } from "./said.js";
import { seatNames } from "./words.js";

const KINDS = ["turn", "crisis", "check", "jump"];

/** What kind of landmark an event marks, or null. */
function kindOf(event) {
  const key = event.msg?.key;
  if (event.kind === "turn") return "turn";
  if (event.kind === "crisis" && key === "bsg.crisis.revealed") return "crisis";
  if (event.kind === "check" && key === "bsg.skillcheck.started") return "check";
  if (event.kind === "jump" && key === "bsg.jump.jumps") return "jump";
  return null;
}

function label(kind, event, turn, names) {
  switch (kind) {
    case "crisis": return t("bsg.landmark.crisisAt", { n: turn, card: event.msg.params.card, names });
    case "check": return t("bsg.landmark.checkAt", { n: turn, check: event.msg.params.check, names });
    case "jump": return t("bsg.landmark.jumpAt", { n: turn, names });
    default: return saidLine(event, names);
  }
}

/** The replay's landmarks: `kinds` ({id, name}) and `marks` ({index, kind, label}) in step
 * order, the labels in the current language. `steps` carry their events and views. */
export function landmarks(steps, players) {
  const names = seatNames(steps[steps.length - 1]?.view, players);
  const marks = [];
  let turn = 0;
  steps.forEach((step, index) => {
    const seen = new Set();
    for (const event of step.events || []) {
      if (event.kind === "turn" && Number.isInteger(event.data?.turn)) turn = event.data.turn;
      const kind = kindOf(event);
      if (!kind || seen.has(kind)) continue; // one landmark of a kind per step
      seen.add(kind);
      marks.push({ index, kind, label: label(kind, event, turn, names) });
    }
  });
  return { kinds: KINDS.map((id) => ({ id, name: t(`bsg.landmark.${id}`) })), marks };
}
