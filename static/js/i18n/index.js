// The interface's words in English, Russian and Polish.
//
// t(key, vars) looks a key up in the current language (falling back to English, then to
// vars.fallback, then to the key), fills {placeholders} and picks plural forms with
// Intl.PluralRules. The language is the one chosen with the switch (kept in localStorage), else
// the browser's. Server-rendered pages carry their words as data-i18n attributes, translated by
// translatePage(); modules that draw with JavaScript listen for "quorum:language".
import en from "./en.js";
import ru from "./ru.js";
import pl from "./pl.js";

export const LANGUAGES = { en: "English", ru: "Русский", pl: "Polski" };
const DICTS = { en, ru, pl };
const STORAGE = "quorum-lang";
export const LANGUAGE_EVENT = "quorum:language";

function stored() {
  try { return localStorage.getItem(STORAGE); } catch { return null; }
}

export function detectLanguage() {
  const chosen = stored();
  if (chosen && DICTS[chosen]) return chosen;
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language || "en"];
  for (const tag of tags) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (DICTS[base]) return base;
  }
  return "en";
}

let current = detectLanguage();

export function lang() {
  return current;
}

const pluralRules = {};
function pluralForm(n) {
  pluralRules[current] ??= new Intl.PluralRules(current);
  return pluralRules[current].select(Number(n) || 0);
}

function entryFor(key) {
  const own = DICTS[current][key];
  return own !== undefined ? own : en[key];
}

/** Is there a translation for this key (in any language, English included)? */
export function has(key) {
  return entryFor(key) !== undefined;
}

export function t(key, vars = {}) {
  let entry = entryFor(key);
  if (entry === undefined) return vars.fallback !== undefined ? String(vars.fallback) : key;
  if (typeof entry === "function") return entry(vars);
  if (typeof entry === "object" && entry !== null) {
    entry = entry[pluralForm(vars.n)] ?? entry.other ?? entry.many ?? "";
  }
  return String(entry).replace(/\{(\w+)\}/g, (match, name) =>
    (vars[name] !== undefined && vars[name] !== null ? String(vars[name]) : match));
}

/** Translate `key` if some dictionary has it, else answer `fallback` unchanged. */
export function tOr(key, fallback, vars = {}) {
  return has(key) ? t(key, vars) : fallback;
}

function varsOf(node) {
  const raw = node.getAttribute("data-i18n-vars");
  if (!raw) return {};
  let vars = {};
  try { vars = JSON.parse(raw); } catch { return {}; }
  // A game's title, where the page names one, in the reader's language.
  if (vars.game && vars.title) vars.title = tOr(`game.title.${vars.game}`, vars.title);
  return vars;
}

/** Put the current language's words into every element marked with data-i18n attributes:
 * data-i18n="key" sets the text, data-i18n-attr="aria-label:key;title:key" sets attributes,
 * both with the variables of data-i18n-vars (JSON). The page title comes from
 * <html data-title-key data-title-vars>. */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) {
    node.textContent = t(node.getAttribute("data-i18n"), varsOf(node));
  }
  for (const node of root.querySelectorAll("[data-i18n-attr]")) {
    const vars = varsOf(node);
    for (const pair of node.getAttribute("data-i18n-attr").split(";")) {
      const [attr, key] = pair.split(":").map((s) => s.trim());
      if (attr && key) node.setAttribute(attr, t(key, vars));
    }
  }
  const html = document.documentElement;
  html.lang = current;
  const titleKey = html.dataset.titleKey;
  if (titleKey && root === document) {
    let vars = {};
    try { vars = JSON.parse(html.dataset.titleVars || "{}"); } catch { /* keep none */ }
    if (vars.game) vars.title = tOr(`game.title.${vars.game}`, vars.title);
    document.title = t(titleKey, vars);
  }
}

export function setLanguage(code) {
  if (!DICTS[code] || code === current) return;
  current = code;
  try { localStorage.setItem(STORAGE, code); } catch { /* storage may be disabled */ }
  translatePage(document);
  window.dispatchEvent(new CustomEvent(LANGUAGE_EVENT, { detail: { lang: code } }));
}

export function onLanguageChange(fn) {
  window.addEventListener(LANGUAGE_EVENT, () => fn(current));
}
