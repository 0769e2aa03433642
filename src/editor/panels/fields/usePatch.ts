// Applying a panel edit to one or several elements as one history step. The store fits each text's
// box to the edit (its kind's `normalize`), so a panel sends only the fields it changed.

import type { LabelElement } from "../../../model/types";
import { useEditorContext } from "../../state/context";

export type Patch = Partial<LabelElement> | Record<string, unknown>;

export function usePatch() {
  const { store } = useEditorContext();
  return (ids: readonly string[], patch: Patch): void => {
    store.send({
      type: "elements.update",
      patches: ids.map((id) => ({ id, patch: patch as Partial<LabelElement> })),
    });
  };
}
