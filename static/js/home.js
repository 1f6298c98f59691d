// Show only the options of the chosen game.
const select = document.getElementById("game");
function showOptions() {
  for (const fs of document.querySelectorAll("fieldset.options")) {
    const on = fs.dataset.game === select.value;
    fs.hidden = !on;
    fs.disabled = !on;
  }
}
select?.addEventListener("change", showOptions);
showOptions();
