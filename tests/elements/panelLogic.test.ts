// Panel logic: typed input clamped by the shared bounds, the fields a multi-selection shares.
import { describe, expect, it } from "vitest";
import { clampInput, clampLengthInput, lengthBound } from "../../src/editor/panels/fields/clampInput";
import { dashPatch, penBound, sharedFields, sharedValue } from "../../src/elements/common/panelLogic";
import { emptyDocument } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import { isRefusal } from "../../src/model/ops/types";
import { updateElements } from "../../src/model/ops/update";
import type { LabelElement } from "../../src/model/types";
import { fromMm } from "../../src/model/units";

const at = { x: 10, y: 10 };

describe("clampInput", () => {
  it("clamps every bounded field of spec §5 and rounds to its step", () => {
    expect(clampInput("FontSize", "250")).toBe(100);
    expect(clampInput("FontSize", "0")).toBe(1);
    expect(clampInput("FontSize", "12.34")).toBe(12.3);
    expect(clampInput("LetterSpacing", "-5")).toBe(-1);
    expect(clampInput("LetterSpacing", "13")).toBe(12);
    expect(clampInput("LetterSpacing", "2.6")).toBe(3);
    expect(clampInput("LineHeight", "-1")).toBe(0);
    expect(clampInput("LineHeight", "99")).toBe(12);
    expect(clampInput("BoxWidth", "0")).toBe(1);
    expect(clampInput("BoxWidth", "5000")).toBe(1200);
    expect(clampInput("BoxWidth", "12.345")).toBe(12.35);
    expect(clampInput("PenWidth", "0.1")).toBe(0.3);
    expect(clampInput("PenWidth", "11")).toBe(10);
    expect(clampInput("TablePenWidth", "6")).toBe(5);
    expect(clampInput("CornerRadius", "-2")).toBe(0);
    expect(clampInput("CornerRadius", "12")).toBe(10);
    expect(clampInput("TableRows", "0")).toBe(1);
    expect(clampInput("TableCellSize", "0.2")).toBe(1);
    expect(clampInput("Quantity", "0")).toBe(1);
    expect(clampInput("AddedValue", "-3")).toBe(-3);
  });

  it("gives null (the field reverts) for text that is not a number", () => {
    expect(clampInput("FontSize", "")).toBeNull();
    expect(clampInput("FontSize", "  ")).toBeNull();
    expect(clampInput("FontSize", "abc")).toBeNull();
    expect(clampInput("FontSize", "1e999")).toBeNull();
    expect(clampInput("FontSize", "<script>")).toBeNull();
  });
});

describe("lengths in the user's unit", () => {
  const LENGTHS = ["PenWidth", "TablePenWidth", "CornerRadius", "TableCellSize", "BoxWidth"] as const;

  it("stores what is typed in inches as mm: 0.5 inch is 12.7 mm", () => {
    expect(clampLengthInput("TableCellSize", "0.5", "inch")).toBe(12.7);
    expect(clampLengthInput("BoxWidth", " 1.25 ", "inch")).toBe(31.75);
    expect(clampLengthInput("PenWidth", "0.02", "inch")).toBe(0.5);
    // in mm nothing is converted
    expect(clampLengthInput("TableCellSize", "12.7", "mm")).toBe(12.7);
    expect(clampLengthInput("TableCellSize", "0.5", "mm")).toBe(1);
  });

  it("clamps by the mm bounds after converting, and refuses what is not a number", () => {
    // 0.001 inch is under the 0.3 mm pen minimum; 1 inch (25.4 mm) over the table border's 5 mm
    expect(clampLengthInput("PenWidth", "0.001", "inch")).toBe(0.3);
    expect(clampLengthInput("TablePenWidth", "1", "inch")).toBe(5);
    expect(clampLengthInput("TableCellSize", "200", "inch")).toBe(3000);
    for (const bad of ["", "  ", "abc", "1e999", "<b>"])
      expect(clampLengthInput("BoxWidth", bad, "inch")).toBeNull();
  });

  it("gives the input's min, max and step in the unit", () => {
    expect(lengthBound("TablePenWidth", "inch")).toEqual({ min: 0.012, max: 0.197, step: 0.001 });
    expect(lengthBound("TableCellSize", "inch")).toEqual({ min: 0.039, max: 118.11, step: 0.001 });
    expect(lengthBound("TableCellSize", "mm")).toEqual({ min: 1, max: 3000, step: 0.1 });
  });

  it("does not drift: what a typed inch value shows, typed again, stores the same mm", () => {
    const drifts: string[] = [];
    for (const bound of LENGTHS)
      for (let i = 1; i <= 2000; i++) {
        const typed = String(i / 1000);
        const mm = clampLengthInput(bound, typed, "inch");
        const shown = fromMm(mm ?? Number.NaN, "inch");
        const again = clampLengthInput(bound, String(shown), "inch");
        if (mm === null || again !== mm || fromMm(again, "inch") !== shown)
          drifts.push(`${bound}: ${typed} → ${mm} mm → ${shown} → ${again} mm`);
      }
    expect(drifts).toEqual([]);
  });
});

describe("multi-selection fields", () => {
  it("shares text settings between Text and TimeText", () => {
    const f = sharedFields(["Text", "TimeText"]);
    expect(f).toContain("FontSize");
    expect(f).toContain("FontFamily");
    expect(f).toContain("AntiMirror");
    expect(f).not.toContain("PenWidth");
  });

  it("shares pen and dash between lines and shapes, fill only among shapes", () => {
    expect(sharedFields(["Line", "Rectangle"])).toEqual(["PenWidth", "Dash"]);
    expect(sharedFields(["Ellipse", "Rectangle"])).toEqual(["PenWidth", "Dash", "Fill"]);
    expect(sharedFields(["RoundRectangle", "RoundRectangle"])).toContain("CornerRadius");
    expect(sharedFields(["RoundRectangle", "Rectangle"])).not.toContain("CornerRadius");
  });

  it("shares nothing between text and a shape, and nothing for an empty selection", () => {
    expect(sharedFields(["Text", "Rectangle"])).toEqual([]);
    expect(sharedFields([])).toEqual([]);
  });

  it("a table in the selection tightens the pen bound to 0.3–5", () => {
    expect(penBound(["Rectangle", "Table"])).toBe("TablePenWidth");
    expect(penBound(["Rectangle", "Line"])).toBe("PenWidth");
  });

  it("shows the common value, or nothing where the elements differ", () => {
    const doc = emptyDocument();
    const a = createElement("Rectangle", doc.elements, at);
    const b = { ...createElement("Ellipse", [a], at), PenWidth: 2 };
    expect(sharedValue([a, { ...b, PenWidth: a.PenWidth }], "PenWidth")).toBe(a.PenWidth);
    expect(sharedValue([a, b], "PenWidth")).toBeUndefined();
  });

  it("an edit of a shared field reaches every selected element, clamped per kind, in one step", () => {
    const r = createElement("Rectangle", [], at);
    const t = createElement("Table", [r], at);
    const doc = { ...emptyDocument(), elements: [r, t] as LabelElement[] };
    const res = updateElements(doc, [
      { id: r.Id, patch: { PenWidth: 8, ...dashPatch(true) } },
      { id: t.Id, patch: { PenWidth: 8 } },
    ]);
    if (isRefusal(res)) throw new Error("refused");
    const [r2, t2] = res.doc.elements;
    expect(r2.Type === "Rectangle" && r2.PenWidth).toBe(8);
    expect(r2.Type === "Rectangle" && r2.Dash && r2.DashStyle).toBe(1);
    expect(t2.Type === "Table" && t2.PenWidth).toBe(5);
    expect(Object.keys(res.diff.updated).sort()).toEqual([r.Id, t.Id].sort());
  });
});
