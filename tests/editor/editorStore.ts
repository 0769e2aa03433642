// An editor store for tests: the real editor machine on an empty 100 × 80 mm label (no DOM), with
// whatever the test sets instead.
import { createEditorStore, type EditorStore, type StoreOptions } from "../../src/editor/state/store";
import { emptyDocument } from "../../src/model/defaults";

export function testEditorStore(opts: Partial<StoreOptions> = {}): EditorStore {
  return createEditorStore({
    doc: emptyDocument({ name: "T", width: 100, height: 80 }),
    status: "add",
    canvasLock: true,
    notify: () => {},
    ...opts,
  });
}
