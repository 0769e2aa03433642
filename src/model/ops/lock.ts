// Lock toggle (spec §4): with several selected, any locked → all unlocked, else all locked;
// with one selected the state flips. Says tip122 (locked) or tip123 (unlocked).
import type { LabelDocument, LabelElement } from "../types";
import { commit, refuse } from "./commit";
import { MSG } from "./messages";
import { replaceElements, selected } from "./targets";
import type { OpResult } from "./types";

export function toggleLock(doc: LabelDocument, ids: readonly string[]): OpResult {
  const sel = selected(doc, ids);
  if (sel.length === 0) return refuse(MSG.noSelection);
  const lock = sel.length > 1 ? !sel.some((e) => e.Lock) : !sel[0].Lock;
  const next = new Map<string, LabelElement>();
  for (const el of sel) if (el.Lock !== lock) next.set(el.Id, { ...el, Lock: lock });
  return commit(doc, replaceElements(doc, next), {
    kind: "edit",
    message: lock ? MSG.lockedOk : MSG.unlockedOk,
  });
}
