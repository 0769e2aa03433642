// Typing a plain text's content (no source, or one fixed-text source), the one way for both places it
// is typed: the panel's content box (ContentField.tsx) and the inline editor on the canvas
// (InlineTextEditor.tsx). The element, with the size it then needs, follows TEXT_EDIT_DELAY_MS after
// the last key: each settled edit is one history entry (an `element.update` event). `flush` applies a
// waiting edit at once (closing the inline editor, leaving the panel).
import { useEffect, useMemo } from "react";
import { useEditorContext } from "../../editor/state/context";
import type { EditorStore } from "../../editor/state/store";
import { TEXT_EDIT_DELAY_MS } from "../../model/constants";
import { canEditInline, withFixedText } from "../../model/ops/text";
import type { TextElement } from "../../model/types";
import { getFontRegistry } from "../../render";
import { textSizePatch } from "../../render/text/size";

/** The patch that sets a plain text's content and the size it then needs. */
export function contentPatch(el: TextElement, value: string): Partial<TextElement> {
  const next = withFixedText(el, value);
  return { Data: next.Data, DataSourceList: next.DataSourceList, ...textSizePatch(next, getFontRegistry()) };
}

export interface TextEdit {
  /** a key press: the new content, applied TEXT_EDIT_DELAY_MS after the last one */
  change(value: string): void;
  /** applies the waiting edit now (nothing when none waits) */
  flush(): void;
  /** an edit waits to be applied (outside changes of the content are not shown meanwhile) */
  pending(): boolean;
  /** forgets the timer (the waiting edit is applied first) */
  dispose(): void;
}

/** The debounced typing of element `id`'s content, sent to the editor store. */
export function createTextEdit(store: Pick<EditorStore, "get" | "send">, id: string): TextEdit {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let waiting: string | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const v = waiting;
    waiting = null;
    if (v === null) return;
    const cur = store.get().doc.elements.find((e) => e.Id === id);
    // the text may have gone (undo, delete) or taken a source meanwhile: nothing to write then
    if (cur?.Type === "Text" && canEditInline(cur) && cur.Data !== v)
      store.send({ type: "element.update", id, patch: contentPatch(cur, v) });
  };
  return {
    change(value) {
      waiting = value;
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, TEXT_EDIT_DELAY_MS);
    },
    flush,
    pending: () => waiting !== null,
    dispose: flush,
  };
}

/** createTextEdit for a component: one per element, its waiting edit applied when it unmounts. */
export function useTextEdit(id: string): TextEdit {
  const { store } = useEditorContext();
  const edit = useMemo(() => createTextEdit(store, id), [store, id]);
  useEffect(() => () => edit.dispose(), [edit]);
  return edit;
}
