import { t } from "./i18n/index.js";

// Show only the options of the chosen game, and as many name fields as it seats.
const select = document.getElementById("game");
const nameFields = [...document.querySelectorAll("fieldset.players input")];

function update() {
  for (const fs of document.querySelectorAll("fieldset.options")) {
    const on = fs.dataset.game === select.value;
    fs.hidden = !on;
    fs.disabled = !on;
  }
  const chosen = select.selectedOptions[0];
  // a choice of an option may seat more (or fewer) players than the game's default
  const options = document.querySelector(`fieldset.options[data-game="${CSS.escape(select.value)}"]`);
  const byChoice = [...(options?.querySelectorAll("select:not(:disabled)") || [])]
    .map((choice) => Number(choice.selectedOptions[0]?.dataset.max)).filter(Boolean);
  const max = byChoice.length ? Math.min(...byChoice) : Number(chosen?.dataset.max) || nameFields.length;
  const min = Number(chosen?.dataset.min) || 1;
  nameFields.forEach((input, i) => {
    // A field that already holds a name stays visible, so nothing typed is ever hidden.
    const row = input.closest(".seat-row") || input;
    row.hidden = i >= max && !input.value;
    const bot = row.querySelector("select.seat-bot");
    if (bot) {
      // each game offers its own computer players: only the chosen game's are choices
      for (const option of bot.options) option.hidden = !!option.dataset.game && option.dataset.game !== select.value;
      // a computer chosen for another game stays a computer of the same kind where this one has it
      const was = bot.selectedOptions[0];
      if (was?.hidden) {
        const same = [...bot.options].find((o) => !o.hidden && o.value === was.value);
        if (same) same.selected = true;
        else bot.value = "";
      }
      bot.disabled = row.hidden;
    }
    input.required = i < min && !bot?.value;
  });
}

// A seat turned over to a computer and left unnamed gets the name "Computer n" (in the page's
// language); changing it back to a person clears that name again. The words arrive before this
// module runs, so a choice made while the page was still loading is named at start as well.
function nameForBot(i, input, bot) {
  const auto = input.dataset.autoName;
  if (bot.value && !input.value) {
    input.value = input.dataset.autoName = botName(i + 1);
    update();
  } else if (!bot.value && auto && input.value === auto) {
    input.value = "";
    delete input.dataset.autoName;
  }
}
const botSeats = nameFields.map((input, i) => [i, input, input.closest(".seat-row")?.querySelector("select.seat-bot")])
  .filter(([, , bot]) => bot);
for (const [i, input, bot] of botSeats) bot.addEventListener("change", () => nameForBot(i, input, bot));

function botName(n) {
  return t("home.botName", { n });
}
update();
for (const [i, input, bot] of botSeats) nameForBot(i, input, bot);

// An option that applies only with another option's choice ({"expansion": ["daybreak"]}) shows
// only while that choice is made, and is not sent otherwise.
function updateWhen() {
  for (const fs of document.querySelectorAll("fieldset.options")) {
    for (const label of fs.querySelectorAll("[data-when]")) {
      const when = JSON.parse(label.dataset.when);
      const on = Object.entries(when).every(([name, values]) => {
        const input = fs.querySelector(`[name="option_${CSS.escape(name)}"]`);
        const value = input ? (input.type === "checkbox" ? input.checked : input.value) : undefined;
        return (Array.isArray(values) ? values : [values]).includes(value);
      });
      label.hidden = !on;
      for (const input of label.querySelectorAll("input, select")) input.disabled = !on;
    }
  }
}
// one listener for every choice in the form, the game's included
document.querySelector("form.create")?.addEventListener("change", () => {
  updateWhen();
  update();
});
updateWhen();
