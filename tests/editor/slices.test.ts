// The screen's components select slices of the editor snapshot and compare them by identity
// (useEditorSelector, docs/architecture.md): that works only if every change keeps the identity
// of what it does not change. Checked here through the real editor machine, op by op and for
// undo and redo: an element (or the label's attributes, or the selection) that is equal after a
// change must be the same object.
import { describe, expect, it } from "vitest";
import type { EditorEvent } from "../../machines/editor.machine";
import { selectSelected, shallowEqual } from "../../src/editor/state/context";
import type { EditorSnapshot } from "../../src/editor/state/store";
import { testEditorStore } from "./editorStore";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The parts of `after` equal to their `before` that are new objects (should be none). */
function copiesOf(before: EditorSnapshot, after: EditorSnapshot): string[] {
  const out: string[] = [];
  const old = new Map(before.doc.elements.map((e) => [e.Id, e]));
  for (const el of after.doc.elements) {
    const prev = old.get(el.Id);
    if (prev && prev !== el && same(prev, el)) out.push(el.Id);
  }
  if (before.doc.attrs !== after.doc.attrs && same(before.doc.attrs, after.doc.attrs)) out.push("attrs");
  if (before.selection !== after.selection && same(before.selection, after.selection)) out.push("selection");
  return out;
}

/** How many elements kept their object through the change. */
function kept(before: EditorSnapshot, after: EditorSnapshot): number {
  const now = new Set(after.doc.elements);
  return before.doc.elements.filter((e) => now.has(e)).length;
}

describe("editor changes keep the identity of what they do not change", () => {
  it("ops, undo and redo copy no unchanged element, attributes or selection", () => {
    const store = testEditorStore();
    for (const [i, elementType] of (
      ["Rectangle", "Text", "Ellipse", "LineHorizontal", "QRcode"] as const
    ).entries())
      store.send({ type: "element.add", elementType, x: 10 + i * 15, y: 10 + i * 10, centered: true });
    const ids = store.get().doc.elements.map((e) => e.Id);
    const steps: EditorEvent[] = [
      { type: "selection.set", ids: [ids[0]] },
      { type: "elements.nudge", dx: 1, dy: 0 },
      { type: "element.update", id: ids[1], kind: "Text", patch: { Name: "renamed" } },
      { type: "elements.rotate.by", by: 90 },
      { type: "elements.lock.toggle" },
      { type: "elements.lock.toggle" },
      { type: "elements.order", to: "top" },
      { type: "label.update", patch: { name: "other" } },
      { type: "history.undo" },
      { type: "history.undo" },
      { type: "history.redo" },
      { type: "selection.set", ids: [ids[2], ids[3]] },
      { type: "elements.move", ids: [ids[2], ids[3]], dx: 2, dy: 2 },
      { type: "history.undo" },
      { type: "selection.set", ids: [ids[4]] },
      { type: "elements.delete" },
      { type: "history.undo" },
    ];
    for (const event of steps) {
      const before = store.get();
      store.send(event);
      const after = store.get();
      expect(copiesOf(before, after), event.type).toEqual([]);
      // each step touches at most two of the five elements: the others are the same objects
      expect(kept(before, after), event.type).toBeGreaterThanOrEqual(3);
    }
  });

  it("the selected elements' slice is unchanged by a change of other elements", () => {
    const store = testEditorStore();
    store.send({ type: "element.add", elementType: "Rectangle", x: 20, y: 20, centered: true });
    store.send({ type: "element.add", elementType: "Ellipse", x: 60, y: 40, centered: true });
    const [a, b] = store.get().doc.elements.map((e) => e.Id);
    store.send({ type: "selection.set", ids: [a] });
    const before = selectSelected(store.get());
    store.send({ type: "element.update", id: b, kind: "Ellipse", patch: { Name: "other" } });
    expect(shallowEqual(before, selectSelected(store.get()))).toBe(true);
    store.send({ type: "element.update", id: a, kind: "Rectangle", patch: { Name: "this" } });
    expect(shallowEqual(before, selectSelected(store.get()))).toBe(false);
  });
});
