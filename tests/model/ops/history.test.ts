import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LabelDocument } from "../../../src/model";
import {
  abandonTransaction,
  beginTransaction,
  canRedo,
  canUndo,
  commitTransaction,
  createHistory,
  type History,
  kindOfDiff,
  record,
  redo,
  undo,
} from "../../../src/model/history";
import {
  addNewElement,
  alignElements,
  bringToTop,
  deleteElements,
  isRefusal,
  moveElements,
  type OpResult,
  pasteElements,
  toggleLock,
  toggleMirror,
  updateElement,
} from "../../../src/model/ops";
import { docWith, ids, ok } from "./helpers";

const base = () =>
  docWith([
    { type: "Rectangle", x: 0, y: 0 },
    { type: "Text", x: 10, y: 10 },
    { type: "Ellipse", x: 30, y: 5 },
  ]);

describe("history", () => {
  it("records kinds, drops redo on a new change, and reports canUndo/canRedo", () => {
    let doc = base();
    let h = createHistory();
    expect(canUndo(h)).toBe(false);
    const add = ok(addNewElement(doc, "Rectangle", { x: 1, y: 1 }));
    h = record(h, add.diff);
    doc = add.doc;
    expect(h.entries[0].kind).toBe("add");
    const del = ok(deleteElements(doc, [ids(doc)[0]]));
    h = record(h, del.diff);
    doc = del.doc;
    expect(h.entries[1].kind).toBe("del");
    const u = undo(h, doc);
    if (!u) throw new Error("no undo");
    expect(canRedo(u.history)).toBe(true);
    const edit = ok(updateElement(u.doc, ids(u.doc)[0], { StartX: 9 }));
    const h2 = record(u.history, edit.diff);
    expect(h2.entries.map((e) => e.kind)).toEqual(["add", "edit"]);
    expect(canRedo(h2)).toBe(false);
    expect(record(h2, { added: {}, updated: {}, removed: {} })).toBe(h2);
  });

  it("derives changeShape and multiple kinds", () => {
    const d = base();
    const [a, b] = ids(d);
    expect(kindOfDiff({ added: { x: d.elements[0] }, updated: {}, removed: { y: d.elements[1] } })).toBe(
      "changeShape",
    );
    expect(kindOfDiff(ok(moveElements(d, [a, b], 1, 1)).diff)).toBe("multiple");
  });

  it("squashes a drag transaction into one entry, abandons on Escape", () => {
    const d = base();
    const [a] = ids(d);
    let h = beginTransaction(createHistory(), d);
    let doc = d;
    for (let i = 1; i <= 30; i++) doc = ok(moveElements(d, [a], i, 0)).doc;
    h = commitTransaction(h, doc);
    expect(h.entries).toHaveLength(1);
    expect(h.pending).toBeNull();
    const back = undo(h, doc);
    expect(back?.doc).toEqual(d);
    const h2 = beginTransaction(h, doc);
    const moved = ok(moveElements(doc, [a], 5, 5)).doc;
    const ab = abandonTransaction(h2, moved);
    expect(ab.doc).toBe(doc);
    expect(ab.history.entries).toHaveLength(1);
  });

  it("restores mirror copies from CopyMirrorImage on undo and redo", () => {
    const d = base();
    const [a] = ids(d);
    const m = ok(toggleMirror(d, [a]));
    let h = record(createHistory(), m.diff);
    const del = ok(deleteElements(m.doc, [a]));
    h = record(h, del.diff);
    const u = undo(h, del.doc);
    expect(u?.doc.elements.map((e) => e.Id)).toEqual(m.doc.elements.map((e) => e.Id));
    const r = u && redo(u.history, u.doc);
    expect(r?.doc.elements.map((e) => e.Id)).toEqual(del.doc.elements.map((e) => e.Id));
  });

  it("undoing every step of a random mixed sequence returns the first document; redo returns the last", () => {
    type Step = (doc: LabelDocument, pick: number) => OpResult;
    const pickIds = (doc: LabelDocument, n: number) => {
      const all = doc.elements.filter((e) => !e.Id.endsWith("_mirror")).map((e) => e.Id);
      return all.filter((_, i) => (n >> i) & 1);
    };
    const steps: Step[] = [
      (doc, n) => addNewElement(doc, n % 2 ? "Text" : "Rectangle", { x: n % 50, y: n % 30 }),
      (doc, n) => moveElements(doc, pickIds(doc, n), (n % 7) - 3, (n % 5) - 2),
      (doc, n) => deleteElements(doc, pickIds(doc, n)),
      (doc, n) => bringToTop(doc, pickIds(doc, n)),
      (doc, n) => alignElements(doc, pickIds(doc, n), "center"),
      (doc, n) => toggleLock(doc, pickIds(doc, n)),
      (doc, n) => toggleMirror(doc, pickIds(doc, n)),
      (doc, n) => pasteElements(doc, { elements: doc.elements.slice(0, 1) }, 1 + (n % 3)),
      (doc, n) =>
        updateElement(doc, pickIds(doc, n)[0] ?? "", { Width: n % 40, Rotate: (n % 4) * 90 } as never),
    ];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(steps.length - 1), fc.nat(255)), { maxLength: 25 }), (plan) => {
        const first = base();
        let doc = first;
        let h: History = createHistory();
        for (const [s, n] of plan) {
          const r = steps[s](doc, n);
          if (isRefusal(r)) continue;
          h = record(h, r.diff, r.kind);
          doc = r.doc;
        }
        const last = doc;
        let cur = { history: h, doc };
        for (let u = undo(cur.history, cur.doc); u; u = undo(cur.history, cur.doc)) cur = u;
        expect(cur.doc).toEqual(first);
        for (let r = redo(cur.history, cur.doc); r; r = redo(cur.history, cur.doc)) cur = r;
        expect(cur.doc).toEqual(last);
      }),
      { numRuns: 200 },
    );
  });
});
