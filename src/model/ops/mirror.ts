// Mirror creates or removes the canvas mirror copy (`<Id>_mirror`, refused for tables);
// anti-mirror toggles the inverse (white on black) rendering. Both follow the lock-toggle rule for
// several elements: if any lacks it, all get it; otherwise all lose it.

import { isMirrorable } from "../kinds/caps";
import type { LabelDocument, LabelElement } from "../types";
import { commit, refuse } from "./commit";
import { MSG } from "./messages";
import { replaceElements, selected } from "./targets";
import type { OpResult } from "./types";

export function toggleMirror(doc: LabelDocument, ids: readonly string[]): OpResult {
  const sel = selected(doc, ids);
  if (sel.length === 0) return refuse(MSG.noSelection);
  if (sel.some((e) => !isMirrorable(e))) return refuse(MSG.tableMirror);
  const on = sel.some((e) => !e.CopyMirrorImage);
  const next = new Map<string, LabelElement>();
  for (const el of sel) if (el.CopyMirrorImage !== on) next.set(el.Id, { ...el, CopyMirrorImage: on });
  return commit(doc, replaceElements(doc, next));
}
