// The store's one pass after an op: every element the op updated is made consistent by its kind
// (`normalize`: a text's box fitted to its text, measured through the injected env), so no caller
// computes a size. Mirror copies follow their originals (commit re-derives them and the diff).
import { type KindEnv, normalizeElement } from "../kinds";
import { isMirrorCopy, type LabelDocument } from "../types";
import { commit } from "./commit";
import type { OpSuccess } from "./types";

export function normalizeResult(before: LabelDocument, r: OpSuccess, env: KindEnv): OpSuccess {
  const updated = r.diff.updated;
  if (Object.keys(updated).length === 0) return r;
  let changed = false;
  const elements = r.doc.elements.map((el) => {
    const pair = updated[el.Id];
    if (!pair || isMirrorCopy(el)) return el;
    const next = normalizeElement(pair[0], el, env);
    if (next !== el) changed = true;
    return next;
  });
  if (!changed) return r;
  const { doc: _doc, diff: _diff, ...extra } = r;
  return commit(before, { ...r.doc, elements }, extra);
}
