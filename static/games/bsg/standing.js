// The seat's standing choices against its own hand: a skill card whose moment a chosen
// "always pass" (autopass.<timing>) skips gets a notice with a one-tap undo ("You hold Evasive
// Maneuvers, but you always pass after a viper is attacked"). Worked out here, from this seat's
// own view and the card reference: the server is never asked, so nobody learns what the seat
// holds from it. The generic page (static/js/standing.js) draws the notices.

let timings = null; // card id → its ability's timing, from the card reference
let asked = false;
const waiting = new Set();

function loadTimings() {
  if (asked) return;
  asked = true;
  fetch("/api/rules/bsg/cards")
    .then((response) => (response.ok ? response.json() : []))
    .then((cards) => {
      timings = new Map(cards.filter((card) => card.ability?.timing).map((card) => [card.id, card.ability.timing]));
      for (const redraw of waiting) redraw();
      waiting.clear();
    })
    .catch(() => { timings = new Map(); });
}

/** [{msg, key}]: one notice per card in this seat's hand (each name once) whose timing a chosen
 * `autopass.<timing>` key skips; `key` is the choice its undo turns off. `redraw` is called once
 * the card reference has come. */
export function standingNotices(body, chosen, redraw) {
  const skipped = chosen.filter((key) => key.startsWith("autopass.")).map((key) => key.slice("autopass.".length));
  const hand = body?.view?.you?.hand;
  if (!skipped.length || !Array.isArray(hand) || !hand.length) return [];
  loadTimings();
  if (timings === null) {
    if (redraw) waiting.add(redraw);
    return [];
  }
  const notices = [];
  const seen = new Set();
  for (const card of hand) {
    const timing = timings.get(card.id);
    const name = card.name ?? card.id;
    if (!timing || !skipped.includes(timing) || seen.has(name)) continue;
    seen.add(name);
    notices.push({ key: `autopass.${timing}`, msg: { key: `bsg.standing.holding.${timing}`, params: { card: card.id } } });
  }
  return notices;
}
