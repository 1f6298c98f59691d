// Messages from the server ({key, params}) in the reader's language, as the board shows them.
// Old stored games may carry log lines without a message: their English text is shown then.
import { say, words } from "/static/js/i18n/index.js";
import { isMsg } from "/static/js/i18n/format.js";

const MARK = "\u0001";

/** A message in words; a plain string (an old entry's text) as it is. */
export function said(message, names, fallback = "") {
  if (isMsg(message)) return say(message, names);
  return typeof message === "string" ? message : fallback;
}

/** A server line ({msg, text}) in words: its message, or its text where it has none. */
export function saidLine(entry, names) {
  if (!entry) return "";
  return isMsg(entry.msg) ? say(entry.msg, names) : entry.text ?? entry.label ?? "";
}

/** One parameter of a message in words (a card's name, a check's title ...). */
export function saidParam(message, param, names) {
  if (!isMsg(message)) return "";
  const value = message.params?.[param];
  if (value === undefined || value === null) return "";
  return words().value(param, value, null, names);
}

/** A message whose `text` parameter (a card's or an ability's words) ends it, split into its
 * head and that text: "Activate Command" and the location's text, for a button and its detail.
 * The split is found by wording the message with a marker in place of the text, so it works
 * in any language; a message that does not end with its text stays whole. */
export function saidSplit(entry, names, param = "text") {
  const message = entry?.msg;
  if (!isMsg(message)) return { text: entry?.text ?? entry?.label ?? "", detail: null };
  const whole = say(message, names);
  const value = message.params?.[param];
  if (value === undefined || value === null) return { text: whole, detail: null };
  const marked = say({ key: message.key, params: { ...message.params, [param]: MARK } }, names);
  const at = marked.indexOf(MARK);
  const detail = words().value(param, value, null, names);
  if (at < 0 || marked.slice(at + MARK.length).trim()) return { text: whole, detail: null };
  const head = marked.slice(0, at).replace(/[\s:—–-]+$/u, "");
  return head ? { text: head, detail } : { text: whole, detail: null };
}
