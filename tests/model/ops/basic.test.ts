import { describe, expect, it } from "vitest";
import { createDataSource, PX_PER_MM, type TextElement } from "../../../src/model";
import {
  addNewElement,
  applyDiff,
  deleteElements,
  deleteElementsConfirmed,
  invertDiff,
  isRefusal,
  moveElements,
  updateElement,
} from "../../../src/model/ops";
import { byId, docWith, ids, ok } from "./helpers";

describe("add", () => {
  it("adds on top with the next counter name and selects it", () => {
    const doc = docWith([{ type: "Rectangle", x: 0, y: 0 }]);
    const r = ok(addNewElement(doc, "Rectangle", { x: 50, y: 40, centered: true }));
    expect(r.doc.elements).toHaveLength(2);
    const el = r.doc.elements[1];
    expect(el.Name).toBe("Rectangle2");
    expect(r.select).toEqual([el.Id]);
    expect(el.StartX + el.Width / 2).toBeCloseTo(50);
    expect(el.StartY + el.Height / 2).toBeCloseTo(40);
    expect(Object.keys(r.diff.added)).toEqual([el.Id]);
    expect(r.kind).toBe("add");
  });
  it("a drop near an edge lands whole on the label (issue 34)", () => {
    const doc = docWith([]);
    const { width, height } = doc.attrs;
    for (const [x, y] of [
      [0, 0],
      [width, height],
      [width - 1, 2],
      [-5, height + 5],
    ]) {
      const el = ok(addNewElement(doc, "Rectangle", { x, y, centered: true })).doc.elements[0];
      expect(el.StartX).toBeGreaterThanOrEqual(0);
      expect(el.StartY).toBeGreaterThanOrEqual(0);
      expect(el.StartX + el.Width).toBeLessThanOrEqual(width + 1e-9);
      expect(el.StartY + el.Height).toBeLessThanOrEqual(height + 1e-9);
    }
  });
});

describe("update", () => {
  it("clamps numbers by the bounds and ignores unknown or hostile fields", () => {
    const doc = docWith([{ type: "Text", x: 0, y: 0 }]);
    const id = doc.elements[0].Id;
    const patch = JSON.parse(
      '{"FontSize": 250, "__proto__": {"x": 1}, "Nope": 3, "Id": "zz", "Bold": "yes"}',
    );
    const r = ok(updateElement(doc, id, patch));
    const el = byId(r.doc, id);
    expect(el.Id).toBe(id);
    expect((el as { FontSize: number }).FontSize).toBe(100);
    expect("Nope" in el).toBe(false);
    expect((el as { Bold: boolean }).Bold).toBe(false);
    expect(r.diff.updated[id][0]).toBe(doc.elements[0]);
  });
  it("uses the table pen width bound for tables", () => {
    const doc = docWith([{ type: "Table", x: 0, y: 0 }]);
    const id = doc.elements[0].Id;
    expect(
      (byId(ok(updateElement(doc, id, { PenWidth: 9 } as never)).doc, id) as { PenWidth: number }).PenWidth,
    ).toBe(5);
  });
});

describe("move", () => {
  it("moves unlocked elements, skips locked ones, refuses when all are locked", () => {
    const doc = docWith([
      { type: "Rectangle", x: 0, y: 0 },
      { type: "Rectangle", x: 10, y: 10, over: { Lock: true } },
      { type: "Line", x: 5, y: 5 },
    ]);
    const [a, b, c] = ids(doc);
    const r = ok(moveElements(doc, [a, b, c], 2, 3));
    expect(byId(r.doc, a).StartX).toBe(2);
    expect(byId(r.doc, b).StartX).toBe(10);
    const line = byId(r.doc, c) as { EndX: number; StartX: number };
    expect(line.StartX).toBe(7);
    expect(line.EndX).toBe(5 + 100 / PX_PER_MM + 2);
    expect(Object.keys(r.diff.updated).sort()).toEqual([a, c].sort());
    const refused = moveElements(doc, [b], 1, 1);
    expect(isRefusal(refused) && refused.refused).toBe("tip.tip109");
    expect(isRefusal(moveElements(doc, [], 1, 1)) && "x").toBe("x");
  });
});

describe("delete", () => {
  it("removes the mirror copy too and the diff undoes exactly", () => {
    const doc0 = docWith([
      { type: "Rectangle", x: 0, y: 0 },
      { type: "Ellipse", x: 30, y: 0, over: { CopyMirrorImage: true } },
    ]);
    // the mirror copy is derived by any op; force one through a no-op move of nothing
    const [a, b] = ids(doc0);
    const withCopy = ok(moveElements(doc0, [a], 0, 0)).doc;
    expect(ids(withCopy)).toEqual([a, b, `${b}_mirror`]);
    const r = ok(deleteElements(withCopy, [b]));
    expect(ids(r.doc)).toEqual([a]);
    expect(applyDiff(r.doc, invertDiff(r.diff))).toEqual(withCopy);
  });
  it("asks before deleting a referenced element, then empties the reference", () => {
    const doc0 = docWith([
      { type: "Text", x: 0, y: 0 },
      { type: "Text", x: 0, y: 20 },
    ]);
    const [a, b] = ids(doc0);
    const ref = createDataSource({ DataSourceType: 3, ReferenceId: a });
    const doc = { ...doc0, elements: [doc0.elements[0], { ...doc0.elements[1], DataSourceList: [ref] }] };
    const r = deleteElements(doc, [a]);
    expect(r).toEqual({ refused: "tip.tip77", title: "tip.tip71", needsConfirm: true });
    const c = ok(deleteElementsConfirmed(doc, [a]));
    expect(ids(c.doc)).toEqual([b]);
    const src = (byId(c.doc, b) as TextElement).DataSourceList[0];
    expect(src).toMatchObject({ DataSourceType: 0, ReferenceId: "", FirstValue: "" });
  });
});

describe("drag frames", () => {
  it("movedDocument gives the same document as moveElements, without a diff", async () => {
    const { movedDocument } = await import("../../../src/model/ops");
    const doc = docWith([
      { type: "Rectangle", x: 0, y: 0, over: { CopyMirrorImage: true } },
      { type: "Rectangle", x: 10, y: 10, over: { Lock: true } },
    ]);
    const [a, b] = ids(doc);
    expect(movedDocument(doc, [a, b], 3, 4)).toEqual(ok(moveElements(doc, [a, b], 3, 4)).doc);
    expect(movedDocument(doc, [b], 3, 4)).toBe(doc);
  });
});

describe("inline text", () => {
  it("sets the fixed content of plain text and refuses anything else", async () => {
    const { canEditInline, withFixedText } = await import("../../../src/model/ops");
    const doc = docWith([
      { type: "Text", x: 0, y: 0 },
      { type: "Barcode", x: 0, y: 20 },
    ]);
    const [t, b] = ids(doc);
    const text = byId(doc, t) as TextElement;
    expect(canEditInline(text)).toBe(true);
    const el = withFixedText(text, "<b>hi</b>");
    expect(el.Data).toBe("<b>hi</b>");
    expect(el.DataSourceList[0].NormalText).toBe("<b>hi</b>");
    expect(withFixedText(el, "<b>hi</b>")).toBe(el);
    expect(canEditInline(byId(doc, b))).toBe(false);
    const two = { ...text, DataSourceList: [createDataSource(), createDataSource()] } as TextElement;
    expect(canEditInline(two)).toBe(false);
    expect(canEditInline(undefined)).toBe(false);
  });
});
