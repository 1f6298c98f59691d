// The games list: a finished game's result in the reader's language, by the game's own words
// module when it ships one (its resultText(result)); otherwise the server's English stays.
import { onLanguageChange } from "./i18n/index.js";

const rows = [...document.querySelectorAll(".result-text[data-words]")].filter((n) => n.dataset.words);
const modules = new Map();

async function sayResults() {
  for (const node of rows) {
    const url = node.dataset.words;
    if (!modules.has(url)) modules.set(url, import(url).catch(() => null));
    const module = await modules.get(url);
    if (!module?.resultText) continue;
    try {
      node.textContent = module.resultText(JSON.parse(node.dataset.result));
    } catch { /* keep the server's words */ }
  }
}

if (rows.length) {
  sayResults();
  onLanguageChange(sayResults);
}
