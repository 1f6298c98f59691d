// The generic board: any game's view as readable nested lists, prompts as buttons, the log.
// A game may ship its own board at /static/games/<game>/board.js exporting render(root, body, act).

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child == null) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function label(key) {
  return String(key).replace(/_/g, " ");
}

export function tree(value, depth = 0) {
  if (value === null || value === undefined) return el("span", { class: "muted" }, "—");
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", { class: "muted" }, "none");
    if (value.every((v) => typeof v !== "object" || v === null)) return el("span", {}, value.join(", "));
    return el("ol", { class: "tree" }, value.map((v) => el("li", {}, tree(v, depth + 1))));
  }
  if (typeof value === "object") {
    return el("dl", { class: "tree" }, Object.entries(value).map(([k, v]) => [
      el("dt", {}, label(k)), el("dd", { "data-key": k }, tree(v, depth + 1)),
    ]));
  }
  return el("span", {}, String(value));
}

export function renderGeneric(root, body, act) {
  const names = body.players || [];
  const who = (seat) => names[seat] ?? `Seat ${seat + 1}`;
  const parts = [];
  if (body.status === "finished") {
    parts.push(el("section", { class: "result card" }, el("h2", {}, "Game over"),
      el("p", {}, body.result?.text ?? "")));
  }
  if (body.seat !== null && body.seat !== undefined) {
    parts.push(el("p", { class: "you" }, `You are ${who(body.seat)}.`));
  }
  for (const prompt of body.prompts || []) {
    parts.push(el("section", { class: "prompt card", "data-kind": prompt.kind },
      el("h2", {}, prompt.text),
      el("div", { class: "options" }, prompt.options.map((option) =>
        el("button", { type: "button", class: "option", onclick: () => act(option.action) }, option.label)))));
  }
  const others = (body.waiting || []).filter((w) => w.seat !== body.seat);
  if (body.status !== "finished" && others.length) {
    parts.push(el("p", { class: "waiting" },
      "Waiting for ", others.map((w) => `${who(w.seat)} (${w.text})`).join(", ")));
  }
  parts.push(el("section", { class: "view card" }, el("h2", {}, "Table"), tree(body.view)));
  parts.push(el("section", { class: "log card" }, el("h2", {}, "Log"),
    el("ol", { class: "log" }, (body.log || []).slice().reverse().map((entry) =>
      el("li", { class: entry.private ? "private" : "" }, entry.text)))));
  root.replaceChildren(...parts);
}

export async function loadBoard(game) {
  try {
    const module = await import(`/static/games/${game}/board.js`);
    return module.render;
  } catch {
    return renderGeneric;
  }
}
