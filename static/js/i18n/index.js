// The interface's words in English, Russian and Polish.
//
// The words are the server's catalogs (core + every game, app/**/i18n/*.yaml), fetched as one
// JSON document per language (/i18n/<lang>.json, cached by its version). say(message, names)
// words a message from the server ({key, params}); t(key, vars) words a key of the page's own
// (a name with forms picks its plural form by vars.n). The language is the one chosen with
// the switch (kept in localStorage), else the browser's. Server-rendered pages carry their
// words as data-i18n attributes, translated by translatePage(); modules that draw with
// JavaScript listen for "quorum:language".
import { Catalog } from "./format.js";

export const LANGUAGES = { en: "English", ru: "Русский", pl: "Polski" };
const STORAGE = "quorum-lang";
export const LANGUAGE_EVENT = "quorum:language";
const VERSION = document.querySelector('meta[name="quorum-words"]')?.content || "";

function stored() {
  try { return localStorage.getItem(STORAGE); } catch { return null; }
}

export function detectLanguage() {
  const chosen = stored();
  if (chosen && LANGUAGES[chosen]) return chosen;
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language || "en"];
  for (const tag of tags) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES[base]) return base;
  }
  return "en";
}

const loaded = {};
async function load(code) {
  if (!loaded[code]) {
    loaded[code] = fetch(`/i18n/${code}.json?v=${VERSION}`)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`words ${r.status}`))))
      .then((data) => new Catalog(code, data.entries, data.kinds))
      .catch(() => { delete loaded[code]; return new Catalog(code); });
  }
  return loaded[code];
}

let current = detectLanguage();
let catalog = await load(current);

export function lang() {
  return current;
}

/** The current language's catalog (for modules that word many things at once). */
export function words() {
  return catalog;
}

/** Is there a word for this key in the current language? */
export function has(key) {
  return catalog.has(key);
}

/** A message from the server in the current language; `names` are the seats' names. */
export function say(message, names = null) {
  return catalog.render(message, names);
}

export function t(key, vars = {}) {
  const entry = catalog.entries[key];
  if (entry === undefined) return vars.fallback !== undefined ? String(vars.fallback) : key;
  if (typeof entry === "object" && entry !== null) {
    if (vars.n !== undefined && vars.n !== null) {
      const category = new Intl.PluralRules(current).select(Math.abs(Number(vars.n)) || 0);
      return entry[category] ?? entry.other ?? entry.nom ?? "";
    }
    return entry.nom ?? entry.other ?? Object.values(entry)[0] ?? "";
  }
  return catalog.render({ key, params: vars }, vars.names ?? null);
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
  if (vars.game && vars.title) vars.title = tOr(`${vars.game}.title`, vars.title);
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
    if (vars.game) vars.title = tOr(`${vars.game}.title`, vars.title);
    document.title = t(titleKey, vars);
  }
}

export async function setLanguage(code) {
  if (!LANGUAGES[code] || code === current) return;
  const next = await load(code);
  current = code;
  catalog = next;
  try { localStorage.setItem(STORAGE, code); } catch { /* storage may be disabled */ }
  translatePage(document);
  window.dispatchEvent(new CustomEvent(LANGUAGE_EVENT, { detail: { lang: code } }));
}

export function onLanguageChange(fn) {
  window.addEventListener(LANGUAGE_EVENT, () => fn(current));
}
