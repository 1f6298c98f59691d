// A prompt that asks to pick several of its options at once (`prompt.pick`: {min, max}; see
// app/core/pick.py): tap the options to choose them, then send them all with one button.
// Identical options (two copies of a card) are one stack with its count: each tap on a stack
// takes one more copy, a tap on a full stack puts all its copies back.
import { el } from "./render.js";
import { t } from "./i18n/index.js";

/** Identical options together, in the order they first appear: [{option, count}]. */
export function stacks(options) {
  const found = new Map();
  for (const option of options) {
    const key = JSON.stringify(option.action);
    const stack = found.get(key);
    if (stack) stack.count += 1;
    else found.set(key, { option, count: 1 });
  }
  return [...found.values()];
}

/** The action that answers a pick prompt with these options' actions. */
export function pickAction(actions) {
  return { type: "pick", picked: actions };
}

/** The picker: a button per stack (`label(option)` its content), "n of m chosen", and the
 * button that sends the pick (`send(action)`). */
export function picker(prompt, label, send) {
  const { min, max } = prompt.pick;
  const all = stacks(prompt.options);
  const chosen = all.map(() => 0);
  const total = () => chosen.reduce((a, b) => a + b, 0);
  const status = el("p", { class: "pick-status", role: "status", "aria-live": "polite" });
  const go = el("button", { type: "button", class: "pick-send option" }, t("pick.send"));
  const buttons = all.map((stack, i) => {
    const count = el("span", { class: "pick-count" });
    const button = el("button", {
      type: "button", class: "option pick-option", "aria-pressed": "false",
      "data-action": JSON.stringify(stack.option.action), "data-copies": String(stack.count),
      onclick: () => {
        const room = max - total();
        chosen[i] = chosen[i] < stack.count && room > 0 ? chosen[i] + 1 : 0;
        refresh();
      },
    }, label(stack.option), count);
    return { button, count, stack };
  });
  function refresh() {
    buttons.forEach(({ button, count, stack }, i) => {
      button.setAttribute("aria-pressed", String(chosen[i] > 0));
      button.dataset.chosen = String(chosen[i]);
      count.textContent = stack.count > 1 || chosen[i] > 1
        ? t("pick.copies", { chosen: chosen[i], n: stack.count }) : "";
    });
    status.textContent = t("pick.chosen", { chosen: total(), n: max });
    go.disabled = total() < min || total() > max;
  }
  go.addEventListener("click", () => {
    const actions = [];
    all.forEach((stack, i) => {
      for (let k = 0; k < chosen[i]; k += 1) actions.push(stack.option.action);
    });
    go.disabled = true;
    send(pickAction(actions));
  });
  refresh();
  return el("div", { class: "picker", "data-min": String(min), "data-max": String(max) },
    el("div", { class: "options pick-options" }, buttons.map((b) => b.button)),
    el("div", { class: "pick-foot" }, status, go));
}
