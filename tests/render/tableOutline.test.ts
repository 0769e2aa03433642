// application.md §9 "Table in previews: dashed red outline": the print dialog's preview draws each
// table inside a dashed red outline the size of its box; what is printed or exported never has it.
import { describe, expect, it } from "vitest";
import { pageSvg } from "../../src/print/pageSvg";
import { renderLabel, TABLE_OUTLINE_COLOR } from "../../src/render/index";
import { doc, el } from "./helpers";

const label = () =>
  doc([
    el("Table", { Id: "tab1", StartX: 4, StartY: 6, Width: 40, Height: 18 }),
    el("Rectangle", { Id: "box1", StartX: 50, StartY: 6, Width: 10, Height: 10 }),
  ]);

const outlines = (svg: string) =>
  [...svg.matchAll(/<rect data-preview="table-outline"[^>]*\/>/g)].map((m) => m[0]);

describe("the table's outline in previews", () => {
  it("a preview draws each table inside a dashed red outline of its box, in the table's own group", () => {
    const svg = renderLabel(label(), { target: "print", tableOutline: true });
    const [rect, ...more] = outlines(svg);
    expect(more).toEqual([]);
    expect(rect).toContain(`stroke="${TABLE_OUTLINE_COLOR}"`);
    expect(rect).toMatch(/stroke-dasharray="[\d.]+ [\d.]+"/);
    expect(rect).toContain('fill="none"');
    // just outside the table's 40 × 18 mm box, so the table's own border stays visible
    expect(rect).toContain('x="-0.6" y="-0.6" width="41.2" height="19.2"');
    // inside the table's group (placed, rotated and mirrored with it), not the rectangle's
    const group = svg.slice(svg.indexOf('data-id="tab1"'), svg.indexOf('data-id="box1"'));
    expect(group).toContain(rect);
  });

  it("the print preview's page has it for every label of the page", () => {
    const d = { ...label(), attrs: { ...label().attrs, columns: 2, rows: 1 } };
    const svg = pageSvg(d, [0, 1], () => new Map(), { target: "print", tableOutline: true });
    expect(outlines(svg)).toHaveLength(2);
  });

  it("printing and exporting draw no outline", () => {
    expect(outlines(renderLabel(label(), { target: "print" }))).toEqual([]);
    expect(outlines(renderLabel(label()))).toEqual([]);
  });
});
