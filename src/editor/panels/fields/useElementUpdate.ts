// A panel's writes (issue 42): named ops typed by the element's kind. `element(el, patch)` sends
// "element.update" with the fields of `el`'s kind only (a field its kind lacks is a type error; a
// panel holding any element may write only the fields every kind has); `shared(ids, patch)` sends the
// multi-selection's "elements.shared". Each call is one history entry; the store fits a text's box
// to the edit (its kind's `normalize`), so a panel sends only the fields it changed.
import { useMemo } from "react";
import type { ElementPatch, Exact, SharedPatch } from "../../../model/ops/kindUpdate";
import type { LabelElement } from "../../../model/types";
import { useEditorContext } from "../../state/context";
import type { EditorStore } from "../../state/store";

type Send = Pick<EditorStore, "send">;

/** The typed writes over `store` (for code outside React: the inline editor, tests). */
export function elementUpdates(store: Send) {
  return {
    element<E extends LabelElement, P extends ElementPatch<E>>(
      el: E,
      patch: Exact<P, ElementPatch<E>>,
    ): void {
      // `patch` holds only `el`'s kind's fields (checked above), which is what the op's union asks
      store.send({ type: "element.update", id: el.Id, kind: el.Type, patch } as Parameters<Send["send"]>[0]);
    },
    shared(ids: readonly string[], patch: SharedPatch): void {
      store.send({ type: "elements.shared", ids, patch });
    },
  };
}

export function useElementUpdate(): ReturnType<typeof elementUpdates> {
  const { store } = useEditorContext();
  return useMemo(() => elementUpdates(store), [store]);
}
