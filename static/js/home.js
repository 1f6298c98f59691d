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
  const max = Number(chosen?.dataset.max) || nameFields.length;
  const min = Number(chosen?.dataset.min) || 1;
  nameFields.forEach((input, i) => {
    // A field that already holds a name stays visible, so nothing typed is ever hidden.
    input.hidden = i >= max && !input.value;
    input.required = i < min;
  });
}
select?.addEventListener("change", update);
update();
