// Explanations that open on tap. An element with `data-tip` shows its words in a bubble when it
// is tapped, clicked, or activated with Enter or Space (it is focusable), and on a mouse's hover;
// a second tap, a tap elsewhere, Escape or scrolling close it. Nothing is told by hovering
// alone, which a phone cannot do. Choices (buttons, the board's targets) are never tips: a tap
// on them chooses.

/** The attributes that make an element a tip with these words (none without words). */
export function tip(words) {
  return words ? { "data-tip": words, tabindex: "0" } : {};
}

let bubble = null;
let anchor = null;
let pinned = false;

function bubbleElement() {
  if (!bubble) {
    bubble = document.createElement("div");
    bubble.id = "tip-bubble";
    bubble.className = "tip-bubble";
    bubble.setAttribute("role", "tooltip");
    bubble.hidden = true;
    document.body.append(bubble);
  }
  return bubble;
}

function place(target) {
  const box = target.getBoundingClientRect();
  const b = bubbleElement();
  const width = Math.min(320, window.innerWidth - 16);
  b.style.maxWidth = `${width}px`;
  const left = Math.max(8, Math.min(box.left + box.width / 2 - b.offsetWidth / 2, window.innerWidth - b.offsetWidth - 8));
  const below = box.bottom + 6;
  const top = below + b.offsetHeight < window.innerHeight - 8 ? below : Math.max(8, box.top - b.offsetHeight - 6);
  b.style.left = `${left}px`;
  b.style.top = `${top}px`;
}

export function hideTip() {
  if (!anchor) return;
  anchor.removeAttribute("aria-describedby");
  anchor.removeAttribute("aria-expanded");
  anchor = null;
  pinned = false;
  bubbleElement().hidden = true;
}

function showTip(target, pin) {
  const b = bubbleElement();
  if (anchor && anchor !== target) hideTip();
  anchor = target;
  pinned = pin;
  b.textContent = target.dataset.tip;
  b.hidden = false;
  target.setAttribute("aria-describedby", b.id);
  target.setAttribute("aria-expanded", "true");
  place(target);
}

function tipOf(node) {
  const target = node instanceof Element ? node.closest("[data-tip]") : null;
  if (!target || !target.dataset.tip) return null;
  // A tap on a choice (or on anything inside one) chooses; it does not explain.
  return node.closest("button, a, .target, input, select, summary, dialog") ? null : target;
}

function toggle(target) {
  if (anchor === target && pinned) hideTip();
  else showTip(target, true);
}

document.addEventListener("click", (ev) => {
  const target = tipOf(ev.target);
  if (target) toggle(target);
  else if (anchor && !bubbleElement().contains(ev.target)) hideTip();
});
document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape") {
    hideTip();
    return;
  }
  if (ev.key !== "Enter" && ev.key !== " ") return;
  const target = ev.target instanceof Element && ev.target.matches("[data-tip]") ? ev.target : null;
  if (!target) return;
  ev.preventDefault();
  toggle(target);
});
document.addEventListener("mouseover", (ev) => {
  const target = tipOf(ev.target);
  if (target && !pinned && target !== anchor) showTip(target, false);
});
document.addEventListener("mouseout", (ev) => {
  if (!anchor || pinned) return;
  if (ev.relatedTarget instanceof Node && anchor.contains(ev.relatedTarget)) return;
  if (tipOf(ev.target) === anchor) hideTip();
});
window.addEventListener("scroll", () => hideTip(), { passive: true });

/** After a board is drawn again: a tip whose element is gone closes, one still there keeps its
 * place (its words follow the element's, in whatever language it now speaks). */
export function refreshTip() {
  if (!anchor) return;
  if (!anchor.isConnected) hideTip();
  else {
    bubbleElement().textContent = anchor.dataset.tip;
    place(anchor);
  }
}
