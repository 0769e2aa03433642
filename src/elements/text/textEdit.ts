// Typing a plain text's content (no source, or one fixed-text source), the one way for both places it
// is typed: the panel's content box (ContentField.tsx) and the inline editor on the canvas
// (InlineTextEditor.tsx). The content (the store fits the box to it) follows TEXT_EDIT_DELAY_MS after
// the last key: each settled edit is one history entry (an `element.update` event), through the one
// debounce of typed contents (src/editor/panels/fields/settle.ts). `flush` applies a waiting edit at
// once (closing the inline editor, leaving the panel).
import { createSettle, type Settle, useSettle } from "../../editor/panels/fields/settle";
import { useEditorContext } from "../../editor/state/context";
import type { EditorStore } from "../../editor/state/store";
import { TEXT_EDIT_DELAY_MS } from "../../model/constants";
import type { ElementPatch } from "../../model/ops/kindUpdate";
import { canEditInline, withFixedText } from "../../model/ops/text";
import type { TextElement } from "../../model/types";

/** The patch that sets a plain text's content (the store then fits its box to it). */
export function contentPatch(el: TextElement, value: string): ElementPatch<TextElement> {
  const next = withFixedText(el, value);
  return { Data: next.Data, DataSourceList: next.DataSourceList };
}

/** Writes element `id`'s typed content, if it is still a plain text and the content differs. */
function contentWriter(store: Pick<EditorStore, "get" | "send">, id: string) {
  return (value: string) => {
    const cur = store.get().doc.elements.find((e) => e.Id === id);
    // the text may have gone (undo, delete) or taken a source meanwhile: nothing to write then
    if (cur?.Type === "Text" && canEditInline(cur) && cur.Data !== value)
      store.send({ type: "element.update", id, kind: cur.Type, patch: contentPatch(cur, value) });
  };
}

/** The debounced typing of element `id`'s content, sent to the editor store. */
export function createTextEdit(store: Pick<EditorStore, "get" | "send">, id: string): Settle<string> {
  return createSettle(contentWriter(store, id), TEXT_EDIT_DELAY_MS);
}

/** createTextEdit for a component: one per element, its waiting edit applied when it unmounts. */
export function useTextEdit(id: string): Settle<string> {
  const { store } = useEditorContext();
  return useSettle(id, contentWriter(store, id), TEXT_EDIT_DELAY_MS);
}
