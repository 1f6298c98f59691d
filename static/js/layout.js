// The play and watch pages' layout: a decision area and three sections — the board, my cards
// and what I know, the log and the chat. Wide screens show the sections side by side and the
// decision area above them; narrow ones (a phone) show one section at a time under a tab bar,
// with the decision area fixed at the bottom, collapsed to at most a quarter of the screen
// until its player taps "Show all".
//
// A board draws into the places `placesIn(root)` answers (each section's `.section-fill`; the
// talk section's `#chat` is the chat module's); a page without them (the replay) has none.
export const NARROW = "(max-width: 899px)";
const narrow = window.matchMedia(NARROW);
const TAB_KEY = "quorum-tab";

/** {decision, board, mine, talk}: the containers a board fills, or null on a page without. */
export function placesIn(root) {
  const find = (name) => root.querySelector(`[data-fill="${name}"]`);
  const places = { decision: find("decision"), board: find("board"), mine: find("mine"), talk: find("talk") };
  return Object.values(places).every(Boolean) ? places : null;
}

/** Puts `nodes` (nested lists; null, undefined and false skipped) into `container` in order,
 * moving only what is not in its place: a node kept from the last drawing is not touched. */
export function fill(container, nodes) {
  let current = container.firstChild;
  for (const node of [nodes].flat(Infinity)) {
    if (node === null || node === undefined || node === false) continue;
    if (node === current) {
      current = current.nextSibling;
      continue;
    }
    container.insertBefore(node, current);
  }
  while (current) {
    const next = current.nextSibling;
    current.remove();
    current = next;
  }
}

// ---- the tabs (narrow screens) -------------------------------------------------------------

const scrolls = {};

function tabsOf(board) {
  return [...document.querySelectorAll("#section-tabs [role=tab]")].filter((tab) => board.contains(
    document.getElementById(tab.getAttribute("aria-controls"))));
}

/** Shows section `name` (on a narrow screen the others are hidden), remembering where each
 * section was scrolled to. */
export function showSection(name, { focus = false } = {}) {
  const board = document.getElementById("board");
  const tabs = tabsOf(board);
  const tab = tabs.find((b) => b.dataset.tab === name && !b.hidden);
  if (!tab) return;
  const before = board.dataset.tab;
  if (before && before !== name) scrolls[before] = window.scrollY;
  board.dataset.tab = name;
  for (const b of tabs) {
    const chosen = b === tab;
    b.setAttribute("aria-selected", chosen ? "true" : "false");
    b.tabIndex = chosen ? 0 : -1;
    if (chosen) b.classList.remove("news");
  }
  for (const section of board.querySelectorAll(":scope > .page-section")) {
    section.classList.toggle("shown", section.id === `section-${name}`);
  }
  try { sessionStorage.setItem(TAB_KEY, name); } catch { /* storage off */ }
  if (before && before !== name && narrow.matches) {
    // Back where this section was left, or at its start (not below it).
    const start = Math.max(0, board.getBoundingClientRect().top + window.scrollY - tabHeight());
    window.scrollTo(0, scrolls[name] ?? Math.min(window.scrollY, start));
  }
  if (focus) tab.focus();
}

function tabHeight() {
  return document.getElementById("section-tabs")?.offsetHeight ?? 0;
}

/** A dot on a hidden section's tab: something new is there. */
export function markSection(name) {
  const board = document.getElementById("board");
  if (!board || board.dataset.tab === name || !narrow.matches) return;
  document.getElementById(`tab-${name}`)?.classList.add("news");
}

function initTabs(board) {
  const tabs = tabsOf(board);
  for (const tab of tabs) {
    tab.addEventListener("click", () => showSection(tab.dataset.tab));
    // The tab list's keys (WAI-ARIA tabs): arrows move between tabs, Home and End to the ends.
    tab.addEventListener("keydown", (ev) => {
      const shown = tabs.filter((b) => !b.hidden);
      const at = shown.indexOf(tab);
      const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: shown.length - 1 }[ev.key];
      if (to === undefined) return;
      ev.preventDefault();
      showSection(shown[(to + shown.length) % shown.length].dataset.tab, { focus: true });
    });
  }
  let first = "board";
  try { first = sessionStorage.getItem(TAB_KEY) || "board"; } catch { /* storage off */ }
  showSection(first);
}

// ---- the decision area ----------------------------------------------------------------------

let promptSeen = null;

/** Sets an attribute only when it changes: each write restyles what depends on it. */
function setData(node, name, value) {
  if (node && node.dataset[name] !== value) node.dataset[name] = value;
}

function setOpen(decision, open) {
  setData(decision, "state", open ? "open" : "shut");
  const toggle = document.getElementById("decision-toggle");
  if (toggle && toggle.getAttribute("aria-expanded") !== String(open)) toggle.setAttribute("aria-expanded", String(open));
}

function initDecision(board) {
  const decision = board.querySelector(":scope > .decision");
  const toggle = document.getElementById("decision-toggle");
  if (!decision || !toggle) return;
  toggle.addEventListener("click", () => setOpen(decision, decision.dataset.state !== "open"));
  // The page's end stays reachable above the fixed decision area of a narrow screen. The room
  // is the board's own padding (not an inherited custom property, whose change would restyle
  // every element of the board each time the question changes height).
  const makeRoom = () => {
    const room = narrow.matches ? `${decision.offsetHeight + 13}px` : "";
    if (board.style.paddingBottom !== room) board.style.paddingBottom = room;
  };
  if (typeof ResizeObserver !== "undefined") new ResizeObserver(makeRoom).observe(decision);
  narrow.addEventListener("change", () => {
    setOpen(decision, !narrow.matches);
    makeRoom();
  });
}

/** After each drawing: the decision area shows whether this seat is asked, and starts
 * collapsed on a narrow screen for each new question; a section with nothing to show (a
 * spectator's own cards) has no tab. */
export function afterDrawing(body) {
  const board = document.getElementById("board");
  const decision = board?.querySelector(":scope > .decision");
  if (!decision) return;
  const prompts = body.prompts || [];
  const asking = prompts.length > 0;
  setData(decision, "asking", asking ? "true" : "false");
  const toggle = document.getElementById("decision-toggle");
  if (toggle && toggle.hidden !== !asking) toggle.hidden = !asking;
  const seen = asking ? JSON.stringify(prompts.map((p) => [p.kind, p.msg ?? p.text ?? ""])) : null;
  if (seen !== promptSeen) {
    promptSeen = seen;
    setOpen(decision, !narrow.matches);
  }
  for (const tab of tabsOf(board)) {
    const fillOf = document.getElementById(tab.getAttribute("aria-controls"))?.querySelector(".section-fill");
    const empty = Boolean(fillOf) && !fillOf.firstChild && tab.dataset.tab !== "talk";
    if (tab.hidden !== empty) tab.hidden = empty;
    if (empty && board.dataset.tab === tab.dataset.tab) showSection("board");
  }
}

/** Wires the tabs and the decision area of the page, if it has them. */
export function initLayout() {
  const board = document.getElementById("board");
  if (!board || !placesIn(board)) return;
  initTabs(board);
  initDecision(board);
  setOpen(board.querySelector(":scope > .decision"), !narrow.matches);
}
