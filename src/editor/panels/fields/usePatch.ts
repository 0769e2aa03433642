// Applying a panel edit to one or several elements as one history step. Text and TimeText get their
// size recomputed with the edit (style and content changes change the box).

import { fitsText } from "../../../model/kinds/caps";
import type { LabelElement } from "../../../model/types";
import { getFontRegistry } from "../../../render";
import { textSizePatch } from "../../../render/text/size";
import { useEditorContext } from "../../state/context";

export type Patch = Partial<LabelElement> | Record<string, unknown>;

/** The patches for `ids`, each text element's with its new size. */
export function patchesFor(
  elements: readonly LabelElement[],
  ids: readonly string[],
  patch: Patch,
): { id: string; patch: Partial<LabelElement> }[] {
  return ids.map((id) => {
    const el = elements.find((e) => e.Id === id);
    let p = patch as Partial<LabelElement>;
    if (el && fitsText(el)) {
      const next = { ...el, ...p } as typeof el;
      p = { ...p, ...textSizePatch(next, getFontRegistry()) } as Partial<LabelElement>;
    }
    return { id, patch: p };
  });
}

export function usePatch() {
  const { store } = useEditorContext();
  return (ids: readonly string[], patch: Patch): void => {
    const doc = store.get().doc;
    store.send({ type: "elements.update", patches: patchesFor(doc.elements, ids, patch) });
  };
}
