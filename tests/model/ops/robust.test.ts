import { describe, expect, it } from "vitest";
import type { TableElement, TextElement } from "../../../src/model";
import { elementBox, elementsInFrame, hitTest } from "../../../src/model/geometry";
import {
  addNewElement,
  applyDiff,
  diffDocs,
  isRefusal,
  moveElements,
  updateElement,
  updateLabelAttrs,
  updateTableCells,
} from "../../../src/model/ops";
import { byId, docWith, ids, ok } from "./helpers";

describe("hostile and malformed input", () => {
  it("ignores wrong types, NaN, prototype keys and non-object patches", () => {
    const d = docWith([{ type: "Text", x: 0, y: 0 }]);
    const [a] = ids(d);
    for (const bad of [null, 42, "x", [], JSON.parse('{"__proto__": {"polluted": true}}')]) {
      const r = ok(updateElement(d, a, bad as never));
      expect(r.doc).toBe(d);
    }
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    const r = ok(updateElement(d, a, { StartX: Number.NaN, Width: "12.5", DataSourceList: [1, 2] } as never));
    const el = byId(r.doc, a) as TextElement;
    expect(el.StartX).toBe(0);
    expect(el.Width).toBe(12.5);
    expect(el.DataSourceList).toBe((d.elements[0] as TextElement).DataSourceList);
    expect(ok(updateElement(d, a, { StartX: 1e12 })).doc.elements[0].StartX).toBe(10000);
    expect(ok(moveElements(d, [a], Number.POSITIVE_INFINITY, 1)).doc).toBe(d);
    expect(updateElement(d, "nope", { StartX: 1 })).toEqual({ refused: "editor.ops.notFound" });
  });

  it("keeps hostile strings as data (they are escaped by the renderer)", () => {
    const d = docWith([{ type: "Text", x: 0, y: 0 }]);
    const r = ok(updateElement(d, ids(d)[0], { Data: "<script>alert(1)</script>" } as never));
    expect((r.doc.elements[0] as TextElement).Data).toBe("<script>alert(1)</script>");
  });

  it("clamps new-element patches like edits", () => {
    const d = docWith([]);
    const r = ok(addNewElement(d, "Text", { x: 0, y: 0, patch: { FontSize: 500, Id: "evil" } as never }));
    const el = r.doc.elements[0] as TextElement;
    expect(el.FontSize).toBe(100);
    expect(el.Id).not.toBe("evil");
  });

  it("validates label attribute edits (name rules, size bounds)", () => {
    const d = docWith([]);
    expect(updateLabelAttrs(d, { name: "" })).toEqual({ refused: "tip.tip41" });
    expect(updateLabelAttrs(d, { name: "a<b" })).toEqual({ refused: "tip.tip42" });
    const r = ok(updateLabelAttrs(d, { width: 9999, columns: 0.2, name: "ok" }));
    expect(r.doc.attrs).toMatchObject({ width: 400, columns: 1, name: "ok" });
    expect(r.diff.attrs?.[0]).toBe(d.attrs);
  });

  it("table cell patches cannot move cells", () => {
    const d = docWith([{ type: "Table", x: 0, y: 0 }]);
    const id = ids(d)[0];
    const r = ok(updateTableCells(d, id, [[0, 0]], { LocaltionEnd: [5, 5], Bold: true } as never));
    const t = r.doc.elements[0] as TableElement;
    expect(t.cells[0].LocaltionEnd).toEqual([0, 0]);
    expect(t.cells[0].Bold).toBe(true);
    expect(isRefusal(updateTableCells(d, "x", [], {}))).toBe(true);
  });

  it("applying a diff to a drifted document never throws and ignores unknown ids", () => {
    const d = docWith([
      { type: "Rectangle", x: 0, y: 0 },
      { type: "Ellipse", x: 9, y: 9 },
    ]);
    const [a, b] = ids(d);
    const moved = ok(moveElements(d, [a, b], 1, 1));
    const onlyB = { ...d, elements: [d.elements[1]] };
    const out = applyDiff(onlyB, moved.diff);
    expect(out.elements.map((e) => e.Id)).toEqual([b]);
    expect(out.elements[0].StartX).toBe(10);
    expect(diffDocs(d, d)).toEqual({ added: {}, updated: {}, removed: {} });
  });
});

describe("geometry", () => {
  it("rotated boxes keep their centre and swap sides", () => {
    const d = docWith([{ type: "Rectangle", x: 10, y: 10, w: 40, h: 10, over: { Rotate: 270 } }]);
    expect(elementBox(d.elements[0])).toEqual({ x: 25, y: -5, width: 10, height: 40 });
  });
  it("frames select fully-contained elements and hit-testing picks the topmost", () => {
    const d = docWith([
      // filled: an unfilled shape is hit on its outline only (tests/editor/shapeHit.test.ts)
      { type: "Rectangle", x: 0, y: 0, w: 10, h: 10, over: { Fill: true } as never },
      { type: "Rectangle", x: 5, y: 5, w: 10, h: 10, over: { Fill: true } as never },
      { type: "Rectangle", x: 50, y: 50, w: 10, h: 10, over: { Fill: true } as never },
    ]);
    const [a, b, c] = ids(d);
    expect(elementsInFrame(d.elements, { x: -1, y: -1, width: 17, height: 17 })).toEqual([a, b]);
    expect(hitTest(d.elements, { x: 7, y: 7 })?.Id).toBe(b);
    expect(hitTest(d.elements, { x: 2, y: 2 })?.Id).toBe(a);
    expect(hitTest(d.elements, { x: 30, y: 30 })).toBeNull();
    expect(hitTest(d.elements, { x: 49, y: 49 }, 1)?.Id).toBe(c);
  });
});

describe("diff order", () => {
  it("pure appends carry no order, unless an id looks like an array index; both undo and redo exactly", async () => {
    const { addElements, invertDiff } = await import("../../../src/model/ops");
    const d = docWith([
      { type: "Rectangle", x: 0, y: 0 },
      { type: "Ellipse", x: 5, y: 5 },
    ]);
    const extra = docWith([
      { type: "Text", x: 1, y: 1 },
      { type: "Text", x: 2, y: 2 },
    ]).elements;
    const plain = ok(addElements(d, extra));
    expect(plain.diff.order).toBeUndefined();
    const numeric = ok(
      addElements(d, [
        { ...extra[0], Id: "12345678" },
        { ...extra[1], Id: "00000001" },
      ]),
    );
    expect(numeric.diff.order).toBeDefined();
    for (const r of [plain, numeric]) {
      expect(applyDiff(d, r.diff)).toEqual(r.doc);
      expect(applyDiff(r.doc, invertDiff(r.diff))).toEqual(d);
    }
  });
});

describe("malformed elements", () => {
  it("deleting next to a table without cells or sources does not throw", async () => {
    const { deleteElements } = await import("../../../src/model/ops");
    const d = docWith([
      { type: "Table", x: 0, y: 0 },
      { type: "Text", x: 0, y: 0 },
    ]);
    const broken = {
      ...d,
      elements: [
        { ...d.elements[0], cells: undefined } as never,
        { ...d.elements[1], DataSourceList: null } as never,
      ],
    };
    const r = ok(deleteElements(broken, [ids(d)[1]]));
    expect(r.doc.elements).toHaveLength(1);
  });
});
