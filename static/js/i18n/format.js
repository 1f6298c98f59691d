// Messages into words: the browser's twin of app/core/messages.py (same template syntax, same
// kinds, same results — a browser test renders the same messages on both sides and compares).
//
//   {param}  {param:form}  {n:signed}
//   {n, plural, =0 {...} one {# ...} few {...} many {...} other {...}}
//   {x, select, a {...} other {...}}
//   '{' and '}' are literal braces
//
// A parameter's kind is its name up to the first "_"; the catalog's `kinds` map a kind to the
// key of the names it stands for ("bsg.card.{id}.name"); `seat` is the player's name.

const MINUS = "\u2212";
const parsed = new Map();

export class TemplateError extends Error {}

export function parse(template) {
  let parts = parsed.get(template);
  if (!parts) {
    const [found, end] = parseParts(template, 0, false);
    if (end !== template.length) throw new TemplateError(`unbalanced "}" in ${template}`);
    parts = found;
    parsed.set(template, parts);
  }
  return parts;
}

function parseParts(s, i, inPlural) {
  const parts = [];
  let text = "";
  while (i < s.length) {
    const c = s[i];
    if (c === "'" && (s.slice(i + 1, i + 3) === "{'" || s.slice(i + 1, i + 3) === "}'")) {
      text += s[i + 1]; // '{' and '}' are literal braces
      i += 3;
      continue;
    }
    if (c === "}") break;
    if (c === "#" && inPlural) {
      if (text) { parts.push(text); text = ""; }
      parts.push({ t: "#" });
      i += 1;
      continue;
    }
    if (c !== "{") { text += c; i += 1; continue; }
    if (text) { parts.push(text); text = ""; }
    const [part, next] = parsePlaceholder(s, i + 1);
    parts.push(part);
    i = next;
  }
  if (text) parts.push(text);
  return [parts, i];
}

function findAny(s, i, chars) {
  while (i < s.length && !chars.includes(s[i])) i += 1;
  if (i >= s.length) throw new TemplateError(`unclosed placeholder in ${s}`);
  return i;
}

function parsePlaceholder(s, i) {
  const close = findAny(s, i, "},");
  const head = s.slice(i, close);
  if (s[close] === "}") {
    const trimmed = head.trim();
    const colon = trimmed.indexOf(":");
    const name = colon < 0 ? trimmed : trimmed.slice(0, colon);
    const form = colon < 0 ? null : trimmed.slice(colon + 1) || null;
    if (!name) throw new TemplateError(`empty placeholder in ${s}`);
    return [{ t: "arg", name, form }, close + 1];
  }
  const name = head.trim();
  const second = findAny(s, close + 1, ",");
  const style = s.slice(close + 1, second).trim();
  if (style !== "plural" && style !== "select") throw new TemplateError(`unknown style ${style} in ${s}`);
  i = second + 1;
  const cases = {};
  for (;;) {
    while (i < s.length && /\s/.test(s[i])) i += 1;
    if (i >= s.length) throw new TemplateError(`unclosed ${style} in ${s}`);
    if (s[i] === "}") break;
    const brace = s.indexOf("{", i);
    if (brace < 0) throw new TemplateError(`a case without words in ${s}`);
    const kase = s.slice(i, brace).trim();
    const [sub, end] = parseParts(s, brace + 1, style === "plural");
    if (s[end] !== "}") throw new TemplateError(`unclosed case ${kase} in ${s}`);
    cases[kase] = sub;
    i = end + 1;
  }
  if (!("other" in cases)) throw new TemplateError(`${style} without "other" in ${s}`);
  return [{ t: style, name, cases }, i + 1];
}

export function isMsg(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    && typeof value.key === "string" && "params" in value;
}

function defaultForm(entry) {
  return entry.nom ?? entry.other ?? Object.values(entry)[0] ?? "";
}

function number(n) {
  if (typeof n !== "number") return String(n);
  return n < 0 ? `${MINUS}${-n}` : String(n);
}

export const kindOf = (param) => param.split("_", 1)[0];

export class Catalog {
  constructor(lang, entries = {}, kinds = {}) {
    this.lang = lang;
    this.entries = entries;
    this.kinds = kinds;
    this.plurals = new Intl.PluralRules(lang);
  }

  has(key) {
    return this.entries[key] !== undefined;
  }

  /** A message ({key, params}) in words; `names` are the seats' names. */
  render(m, names = null) {
    if (typeof m === "string") return m;
    if (!isMsg(m)) return "";
    const template = this.entries[m.key];
    if (template === undefined) return m.key;
    if (typeof template === "object" && template !== null) return defaultForm(template);
    return this.parts(parse(template), m.params || {}, names, null);
  }

  parts(parts, params, names, n) {
    let out = "";
    for (const p of parts) {
      if (typeof p === "string") out += p;
      else if (p.t === "arg") out += this.value(p.name, params[p.name], p.form, names);
      else if (p.t === "#") out += number(n);
      else if (p.t === "plural") {
        const count = params[p.name] ?? 0;
        const category = this.plurals.select(typeof count === "number" ? Math.abs(count) : 0);
        const chosen = p.cases[`=${count}`] ?? p.cases[category] ?? p.cases.other;
        out += this.parts(chosen, params, names, count);
      } else {
        const value = params[p.name];
        const chosen = p.cases[String(value)] ?? p.cases.other;
        out += this.parts(chosen, params, names, n);
      }
    }
    return out;
  }

  value(param, value, form, names) {
    if (isMsg(value)) return this.render(value, names);
    if (Array.isArray(value)) return value.map((v) => this.value(param, v, form, names)).join(", ");
    const kind = kindOf(param);
    if (kind === "seat" && Number.isInteger(value)) {
      if (names && value >= 0 && value < names.length) return names[value];
      return this.render({ key: "core.seat", params: { n: value + 1 } });
    }
    const pattern = this.kinds[kind];
    if (pattern !== undefined && value !== undefined && value !== null) {
      const entry = this.entries[pattern.replace("{id}", String(value))];
      if (entry === undefined) return String(value);
      if (typeof entry === "object" && entry !== null) {
        return form && entry[form] !== undefined ? entry[form] : defaultForm(entry);
      }
      return entry;
    }
    if (form === "signed" && typeof value === "number") {
      return (value >= 0 ? "+" : MINUS) + number(Math.abs(value));
    }
    if (value === undefined || value === null) return String(value === null ? "None" : "None");
    if (typeof value === "boolean") return value ? "True" : "False";
    return number(value);
  }
}
