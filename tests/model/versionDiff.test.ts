// The compare of two versions (issue 40): label fields that differ, elements added, removed and
// changed (matched by Id, naming the properties that differ); the file's address and id are not
// content.
import { describe, expect, it } from "vitest";
import { defaultLabelAttrs } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import type { LabelDocument, LabelElement } from "../../src/model/types";
import { isSameLabel, versionDiff } from "../../src/model/versionDiff";

const text = createElement("Text", [], { x: 1, y: 2 });
const code = createElement("Barcode", [text], { x: 5, y: 5 });
const line = createElement("Line", [text, code], { x: 0, y: 20 });
const v1: LabelDocument = {
  attrs: defaultLabelAttrs({ name: "Box", width: 40, height: 30 }),
  elements: [text, code],
};

describe("versionDiff", () => {
  it("finds nothing between a version and its copy stored elsewhere", () => {
    const copy: LabelDocument = {
      attrs: { ...v1.attrs, file: "/files/u/other.tprt", id: "x", canvas_img: ["/files/u/c.png"] },
      elements: v1.elements.map((e) => ({ ...e })),
    };
    const d = versionDiff(v1, copy);
    expect(d).toEqual({ fields: [], added: [], removed: [], changed: [] });
    expect(isSameLabel(d)).toBe(true);
  });

  it("names the label fields, and the elements added, removed and changed with their properties", () => {
    const moved = { ...text, StartX: 9, FontSize: 14 } as LabelElement;
    const v2: LabelDocument = {
      attrs: { ...v1.attrs, name: "Box XL", width: 60, columns: 2 },
      elements: [moved, line],
    };
    const d = versionDiff(v1, v2);
    expect(d.fields).toEqual([
      { field: "name", from: "Box", to: "Box XL" },
      { field: "width", from: 40, to: 60 },
      { field: "columns", from: 1, to: 2 },
    ]);
    expect(d.added).toEqual([{ id: line.Id, type: "Line", name: line.Name }]);
    expect(d.removed).toEqual([{ id: code.Id, type: "Barcode", name: code.Name }]);
    expect(d.changed).toEqual([
      { id: text.Id, type: "Text", name: text.Name, props: ["StartX", "FontSize"] },
    ]);
    expect(isSameLabel(d)).toBe(false);
    // the other way round, added and removed swap
    const back = versionDiff(v2, v1);
    expect(back.added.map((e) => e.id)).toEqual([code.Id]);
    expect(back.removed.map((e) => e.id)).toEqual([line.Id]);
  });
});
