// The panels' typed writes (issue 42): a patch for one kind's elements, refused on another kind's; a
// multi-selection's patch of the fields its kinds share, a field one of them lacks dropped.
import { describe, expect, it } from "vitest";
import { createElement, emptyDocument, type LabelElement, type LineElement } from "../../../src/model";
import { updateOfKind, updateShared } from "../../../src/model/ops/kindUpdate";
import { isRefusal } from "../../../src/model/ops/types";
import type { LabelDocument, ShapeElement, TextElement } from "../../../src/model/types";

function doc(): { doc: LabelDocument; text: string; rect: string; ellipse: string; line: string } {
  const els: LabelElement[] = [];
  els.push(createElement("Text", els, { x: 5, y: 5 }));
  els.push(createElement("Rectangle", els, { x: 20, y: 10, width: 20, height: 10 }));
  els.push(createElement("Ellipse", els, { x: 30, y: 30, width: 10, height: 10 }));
  els.push(createElement("LineHorizontal", els, { x: 5, y: 40, width: 20, height: 0 }));
  const [text, rect, ellipse, line] = els.map((e) => e.Id);
  return { doc: { ...emptyDocument(), elements: els }, text, rect, ellipse, line };
}

const el = <E extends LabelElement>(d: LabelDocument, id: string) => d.elements.find((e) => e.Id === id) as E;

describe("updateOfKind", () => {
  it("sets the fields on every named element of the kind, as one diff", () => {
    const d = doc();
    // a rectangle and an ellipse are one kind (shape): one patch for both
    const r = updateOfKind(d.doc, [d.rect, d.ellipse], {
      kind: "Rectangle",
      patch: { Fill: true, PenWidth: 2 },
    });
    if (isRefusal(r)) throw new Error(r.refused);
    expect(el<ShapeElement>(r.doc, d.rect)).toMatchObject({ Fill: true, PenWidth: 2 });
    expect(el<ShapeElement>(r.doc, d.ellipse)).toMatchObject({ Fill: true, PenWidth: 2 });
    expect(Object.keys(r.diff.updated).sort()).toEqual([d.rect, d.ellipse].sort());
  });

  it("refuses a patch named for another kind, and a kind that does not exist, changing nothing", () => {
    const d = doc();
    const wrong = updateOfKind(d.doc, [d.text], { kind: "LineHorizontal", patch: { PenWidth: 3 } });
    expect(wrong).toEqual({ refused: "editor.ops.notFound" });
    const made = updateOfKind(d.doc, [d.text], { kind: "Sticker" as "Text", patch: { Bold: true } });
    expect(made).toEqual({ refused: "editor.ops.notFound" });
    expect(el<TextElement>(d.doc, d.text).Bold).toBe(false);
  });
});

describe("updateShared", () => {
  it("sets a field every selected kind shares (pen width of a shape and a line, dash with its second spelling)", () => {
    const d = doc();
    const r = updateShared(d.doc, [d.rect, d.line], { PenWidth: 1.5, Dash: true, DashStyle: 1 });
    if (isRefusal(r)) throw new Error(r.refused);
    expect(el<ShapeElement>(r.doc, d.rect)).toMatchObject({ PenWidth: 1.5, Dash: true, DashStyle: 1 });
    expect(el<LineElement>(r.doc, d.line)).toMatchObject({ PenWidth: 1.5, Dash: true, DashStyle: 1 });
  });

  it("drops a field one selected kind lacks (a text has no fill, a line no font size) and any unknown field", () => {
    const d = doc();
    const r = updateShared(d.doc, [d.text, d.rect], { Fill: true, Bold: true, Data: "x" } as never);
    if (isRefusal(r)) throw new Error(r.refused);
    expect(r.doc).toEqual(d.doc);
    const s = updateShared(d.doc, [d.rect, d.line], { FontSize: 30, PenWidth: 2 });
    if (isRefusal(s)) throw new Error(s.refused);
    expect(el<ShapeElement>(s.doc, d.rect).PenWidth).toBe(2);
    expect("FontSize" in el(s.doc, d.rect)).toBe(false);
  });
});
