// A seat's standing choices, for every game: answers given in advance ("always pass before a die
// roll") that the server keeps beside the game and plays for the seat the moment it is asked
// (README, the public API). Nobody else learns them, so all of this is the seat's page's alone.
//
// In the decision area, under the question: a one-tap "Always: <the choice>" for each choice
// that would answer what this seat is asked now (an option naming it in `standing`), and the
// game's own notices about the seat's choices (a board module's `standingNotices`), each with a
// one-tap undo. In "my cards": the choices turned on, each with a one-tap "turn off".
//
// The server sends the seat's choices over the socket ({"type": "standing", "choices",
// "chosen"}) on connect and after every change; a change is sent as the whole list.
import { el } from "./render.js";
import { say, t, onLanguageChange } from "./i18n/index.js";

/**
 * mountStanding({offer, list, send, notices}) → {update(body), receive(message)}.
 * `offer` and `list`: the containers (in the decision area, in my cards); `send(chosen)` sends
 * the seat's choices; `notices(body, chosen, redraw)` (optional, the game's): [{msg, key}].
 */
export function mountStanding({ offer, list, send, notices = null }) {
  let choices = [];
  let chosen = [];
  let body = null;
  let waiting = false; // a change is on its way: the buttons wait for the server's answer

  const words = (key) => {
    const choice = choices.find((c) => c.key === key);
    return choice ? say(choice.msg) : key;
  };

  function change(next) {
    if (waiting) return;
    waiting = send(next) !== null;
    draw();
  }
  const turnOn = (key) => change(choices.map((c) => c.key).filter((k) => k === key || chosen.includes(k)));
  const turnOff = (key) => change(chosen.filter((k) => k !== key));

  /** The keys that would answer what this seat is asked now and are not on yet. */
  function offered() {
    if (!body || body.status === "finished") return [];
    const keys = [];
    for (const prompt of body.prompts || []) {
      for (const option of prompt.options || []) {
        for (const key of option.standing || []) {
          if (!chosen.includes(key) && !keys.includes(key) && choices.some((c) => c.key === key)) keys.push(key);
        }
      }
    }
    return keys;
  }

  let drawn = null; // what the last drawing showed: a state that changes none of it redraws nothing
  const redraw = () => draw(true);

  function draw(force = false) {
    if (!offer || !list) return;
    const over = body?.status === "finished";
    const keys = offered();
    const told = body && !over && notices ? notices(body, chosen, redraw) : [];
    const showing = JSON.stringify([keys, told, chosen, choices, waiting, over]);
    if (showing === drawn && !force) return;
    drawn = showing;
    const buttons = keys.map((key) => el("button", {
      type: "button", class: "standing-on secondary", "data-standing": key, disabled: waiting,
      onclick: () => turnOn(key),
    }, t("standing.always", { choice: words(key) })));
    const notes = told.map((notice) => el("p", { class: "standing-notice", role: "status", "data-standing": notice.key },
      el("span", {}, say(notice.msg)), " ",
      el("button", { type: "button", class: "standing-undo secondary", disabled: waiting,
        onclick: () => turnOff(notice.key) }, t("standing.undo"))));
    offer.replaceChildren(...notes, ...(buttons.length ? [el("div", { class: "standing-offers" }, buttons)] : []));
    offer.hidden = !notes.length && !buttons.length;
    if (!chosen.length || over) {
      list.replaceChildren();
      list.hidden = true;
      return;
    }
    list.hidden = false;
    list.replaceChildren(el("section", { class: "standing card", "data-section": "standing" },
      el("h2", {}, t("standing.title")),
      el("p", { class: "muted small" }, t("standing.explain")),
      el("ul", { class: "standing-chosen" }, chosen.map((key) => el("li", { "data-standing": key },
        el("span", {}, t("standing.always", { choice: words(key) })),
        el("button", { type: "button", class: "standing-off secondary", disabled: waiting,
          onclick: () => turnOff(key) }, t("standing.off")))))));
  }

  onLanguageChange(redraw);
  return {
    update(next) {
      body = next;
      draw();
    },
    receive(message) {
      if (message.type === "standing") {
        choices = message.choices || [];
        chosen = message.chosen || [];
        waiting = false;
      } else if (message.type === "ack") {
        chosen = message.chosen || chosen;
        waiting = false;
      } else if (message.type === "error") {
        waiting = false;
      }
      draw();
    },
  };
}
