// Every page: translate the server-rendered words and wire the language switch in the header.
import { lang, setLanguage, translatePage, onLanguageChange } from "./index.js";

const select = document.getElementById("lang-switch");
translatePage(document);
if (select) {
  select.value = lang();
  select.addEventListener("change", () => setLanguage(select.value));
  onLanguageChange((code) => { select.value = code; });
}
document.documentElement.classList.remove("i18n-pending");
