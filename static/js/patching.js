// JSON Patch (RFC 6902) applied copy-on-write: the document a patch makes shares with the one
// before it everything the patch did not touch, and the one before stays as it was. A board can
// then tell what changed by identity (`before.view.space === after.view.space`) without
// comparing contents, and a long replay keeps every step's view for little memory.
import { applyOperation } from "../vendor/fast-json-patch/core.js";

const shallow = (value) => (Array.isArray(value) ? value.slice() : { ...value });
const unescapeKey = (key) => key.replace(/~1/g, "/").replace(/~0/g, "~");

/** `root` with a fresh copy of every container on the way to the one `pointer` changes, made
 * once per patch (`own` holds the copies): what a patch changes is never shared with the
 * document before it, and what it leaves alone is. */
function ownPath(root, pointer, own) {
  if (typeof pointer !== "string" || pointer === "" || root === null || typeof root !== "object") return root;
  if (!own.has(root)) {
    root = shallow(root);
    own.add(root);
  }
  let node = root;
  const keys = pointer.split("/").slice(1, -1);
  for (const raw of keys) {
    const key = unescapeKey(raw);
    if (!Object.prototype.hasOwnProperty.call(node, key)) break; // the library says what is wrong
    let child = node[key];
    if (child === null || typeof child !== "object") break;
    if (!own.has(child)) {
      child = shallow(child);
      own.add(child);
      node[key] = child;
    }
    node = child;
  }
  return root;
}

/** The document after `ops`, leaving `doc` as it was; throws when an operation does not apply. */
export function patched(doc, ops) {
  if (!Array.isArray(ops)) throw new Error("a patch is not a list of operations");
  const own = new Set();
  ops.forEach((op, index) => {
    doc = ownPath(doc, op.path, own);
    if (op.op === "move") doc = ownPath(doc, op.from, own);
    doc = applyOperation(doc, op, true, true, true, index).newDocument;
  });
  return doc;
}
