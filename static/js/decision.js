// A choice that cannot be undone asks its player first: a modal dialog (keyboard and touch
// alike: Escape or Cancel give up, the focus starts on Cancel) says what is about to happen.
import { el } from "./render.js";
import { t } from "./i18n/index.js";

let open = null;

/** Asks to confirm `what` (the option's words), then calls `then()` if the player agrees. */
export function confirmThen(what, then) {
  open?.close();
  const yes = el("button", { type: "button", class: "confirm-yes" }, t("decision.confirmYes"));
  const no = el("button", { type: "button", class: "confirm-no secondary" }, t("decision.confirmNo"));
  const dialog = el("dialog", { class: "confirm card", "aria-labelledby": "confirm-title",
    "aria-describedby": "confirm-what" },
  el("p", { class: "eyebrow", id: "confirm-title" }, t("decision.confirmTitle")),
  el("p", { class: "confirm-what", id: "confirm-what" }, what),
  el("div", { class: "confirm-buttons" }, no, yes));
  yes.addEventListener("click", () => {
    dialog.close();
    then();
  });
  no.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => {
    dialog.remove();
    if (open === dialog) open = null;
  });
  (document.getElementById("board") ?? document.body).append(dialog);
  open = dialog;
  dialog.showModal();
  no.focus();
}

/** Sends `option` (`send(option)`), asking first when it cannot be undone (`confirm: true`);
 * `words` are its words as the page shows them. */
export function choose(option, words, send) {
  if (option.confirm) confirmThen(words, () => send(option));
  else send(option);
}

/** Whether a prompt asks to pick several options at once; `static/js/pick.js` draws it. */
export const asksToPick = (prompt) => Boolean(prompt?.pick);
export { picker } from "./pick.js";
