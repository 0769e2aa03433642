import { beforeAll, describe, expect, it } from "vitest";
import { kindOf } from "../../src/elements/registry";
import { tableGrid } from "../../src/model/kinds/tableGrid";
import { ELEMENT_TYPES, type LabelElement, type TableElement } from "../../src/model/types";
import type { FontRegistry } from "../../src/render/fonts";
import { elementTransform, prepareRender, renderLabel } from "../../src/render/index";
import { kitchenSink, PNG_1PX } from "./fixtures";
import { createTableCell, doc, el, loadedFonts, parseSvg, textOf, walk } from "./helpers";

let fonts: FontRegistry;
beforeAll(async () => {
  fonts = await loadedFonts();
});

const groups = (svg: string) => parseSvg(svg).children.filter((c) => c.name === "g");

/** Apply an SVG transform string (translate or matrix) to a point. */
function apply(t: string, x: number, y: number): [number, number] {
  const nums = (t.match(/-?[\d.]+/g) ?? []).map(Number);
  if (t.startsWith("translate")) return [x + nums[0], y + nums[1]];
  const [a, b, c, d, e, f] = nums;
  return [a * x + c * y + e, b * x + d * y + f];
}

describe("renderLabel", () => {
  it("writes the label at true size with one group per element in z-order", () => {
    const d = kitchenSink();
    const svg = renderLabel(d, { fonts });
    const root = parseSvg(svg);
    expect(root.attrs).toMatchObject({
      xmlns: "http://www.w3.org/2000/svg",
      width: "100mm",
      height: "80mm",
      viewBox: "0 0 100 80",
    });
    const ids = groups(svg).map((g) => g.attrs["data-id"]);
    expect(ids).toEqual(d.elements.filter((e) => !e.Id.endsWith("_mirror")).map((e) => e.Id));
    let tspans = 0;
    walk(root, (n) => {
      if (n.name === "tspan") tspans++;
    });
    expect(tspans).toBeGreaterThan(20);
  });

  it("draws mirror copies only on the canvas", () => {
    const d = kitchenSink();
    const mirrorId = d.elements.find((e) => e.Id.endsWith("_mirror"))?.Id;
    expect(groups(renderLabel(d, { fonts, target: "canvas" })).map((g) => g.attrs["data-id"])).toContain(
      mirrorId,
    );
    for (const target of ["export", "print"] as const)
      expect(groups(renderLabel(d, { fonts, target })).map((g) => g.attrs["data-id"])).not.toContain(
        mirrorId,
      );
  });

  it("shows the background on the canvas, and in exports only when PrintBackground is on", () => {
    const d = kitchenSink();
    const hasBg = (svg: string) => parseSvg(svg).children[0]?.name === "image";
    expect(hasBg(renderLabel(d, { fonts, target: "canvas" }))).toBe(true);
    expect(hasBg(renderLabel(d, { fonts, target: "export" }))).toBe(false);
    expect(hasBg(renderLabel({ ...d, attrs: { ...d.attrs, printBackground: true } }, { fonts }))).toBe(true);
    expect(hasBg(renderLabel(d, { fonts, background: false, target: "canvas" }))).toBe(false);
    expect(renderLabel(d, { fonts, target: "canvas" })).toContain(`href="data:image/png;base64,${PNG_1PX}"`);
  });

  it("takes each data-bound element's text from values, defaulting to Data", () => {
    const t = el("Text", { Data: "fixed", TextPrefix: "No.", TextSuffix: "!" });
    const d = doc([t]);
    expect(textOf(groups(renderLabel(d, { fonts }))[0])).toBe("No.fixed!");
    expect(textOf(groups(renderLabel(d, { fonts, values: new Map([[t.Id, "row 7"]]) }))[0])).toBe("No.row7!");
  });

  it("an empty text shows the translated placeholder in grey on the canvas only, fitted to its box", async () => {
    const { PLACEHOLDER_COLOR } = await import("../../src/elements/text/render");
    const t = el("Text", { Data: "", Width: 30, Height: 8, FontSize: 18 });
    const hint = "Double-click to enter text";
    const canvas = groups(renderLabel(doc([t]), { fonts, target: "canvas", placeholder: hint }))[0];
    expect(textOf(canvas)).toBe(hint.replace(/ /g, ""));
    const fills = new Set<string>();
    const xs: number[] = [];
    walk(canvas, (n) => {
      if (n.attrs.fill) fills.add(n.attrs.fill);
      if (n.name === "tspan") xs.push(Number(n.attrs.x));
    });
    expect([...fills]).toEqual([PLACEHOLDER_COLOR]);
    // 18 pt would be ~75 mm wide: the hint is made smaller so it stays in the 30 mm box
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(30);
    for (const target of ["export", "print"] as const)
      expect(textOf(groups(renderLabel(doc([t]), { fonts, target, placeholder: hint }))[0])).toBe("");
    // a text with content shows its content, black
    const full = groups(
      renderLabel(doc([{ ...t, Data: "Hi" } as LabelElement]), {
        fonts,
        target: "canvas",
        placeholder: hint,
      }),
    )[0];
    expect(textOf(full)).toBe("Hi");
    expect(JSON.stringify(full)).not.toContain(PLACEHOLDER_COLOR);
  });

  it("line breaks of a fixed text survive the file and draw as lines", async () => {
    const { parseLabelFile, serializeTprt } = await import("../../src/model/file");
    const { createDataSource } = await import("../../src/model/defaults");
    const v = "Jane Doe\n12 Harbour Street\nSpringfield";
    const t = el("Text", {
      Data: v,
      DataSourceList: [createDataSource({ FirstValue: v, NormalText: v })],
    });
    const r = parseLabelFile(serializeTprt(doc([t])));
    if (!r.ok) throw new Error(r.error.key);
    const back = r.doc.elements[0] as import("../../src/model/types").TextElement;
    expect([back.Data, back.DataSourceList[0].FirstValue, back.DataSourceList[0].NormalText]).toEqual([
      v,
      v,
      v,
    ]);
    const ys = new Set<string>();
    walk(groups(renderLabel(r.doc, { fonts }))[0], (n) => {
      if (n.name === "tspan") ys.add(n.attrs.y);
    });
    expect(ys.size).toBe(3);
  });

  it("rotates about the box centre and mirrors within the box", () => {
    const box = { StartX: 10, StartY: 20, Width: 30, Height: 10 };
    const corners = (t: string) => [apply(t, 0, 0), apply(t, 30, 0), apply(t, 30, 10), apply(t, 0, 10)];
    const bbox = (pts: [number, number][]) => {
      const xs = pts.map((p) => p[0]);
      const ys = pts.map((p) => p[1]);
      return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map(
        (v) => Math.round(v * 1000) / 1000,
      );
    };
    expect(bbox(corners(elementTransform(el("Rectangle", { ...box, Rotate: 0 }))))).toEqual([10, 20, 40, 30]);
    // 90°: Height × Width about the same centre (25, 25)
    expect(bbox(corners(elementTransform(el("Rectangle", { ...box, Rotate: 90 }))))).toEqual([
      20, 10, 30, 40,
    ]);
    expect(bbox(corners(elementTransform(el("Rectangle", { ...box, Rotate: 180 }))))).toEqual([
      10, 20, 40, 30,
    ]);
    const r90 = elementTransform(el("Rectangle", { ...box, Rotate: 90 }));
    expect(apply(r90, 0, 0).map((v) => Math.round(v))).toEqual([30, 10]); // top-left goes to top-right
    const m = elementTransform(el("Rectangle", { ...box, MirrorImage: true }));
    expect(apply(m, 0, 0).map((v) => Math.round(v))).toEqual([40, 20]);
    expect(apply(m, 30, 10).map((v) => Math.round(v))).toEqual([10, 30]);
  });

  it("has a kind for every element type", () => {
    for (const t of ELEMENT_TYPES) expect(kindOf(t)?.type).toBe(t);
    expect(kindOf("__proto__")).toBeUndefined();
    expect(kindOf("Script")).toBeUndefined();
  });

  it("survives broken elements and unknown types without throwing", () => {
    const broken = [
      el("Text", { Data: 42 as unknown as string, FontSize: Number.NaN, Width: Number.POSITIVE_INFINITY }),
      el("Rectangle", { Width: -5, Height: Number.NaN, PenWidth: -1 }),
      el("Table", { Row: 0, Column: -3, CellWidth: null, CellHeight: "x", cells: [null] }),
      { ...el("Rectangle"), Type: "Script" } as unknown as LabelElement,
      el("Image", { imageSrc: "javascript:alert(1)" }),
      el("Image", { imageSrc: "https://tracker.example/x.png" }),
    ];
    const svg = renderLabel(doc(broken, { width: Number.NaN, height: -1 }), { fonts });
    const root = parseSvg(svg);
    expect(root.attrs.width).toBe("100mm");
    expect(svg).not.toContain("javascript:");
    expect(svg).not.toContain("tracker.example");
    expect(groups(svg)).toHaveLength(5);
  });

  it("prepareRender loads the fonts a document names, with the CJK fallback", async () => {
    const { FontRegistry } = await import("../../src/render/fonts");
    const r = new FontRegistry();
    await prepareRender(doc([el("Text", { FontFamily: "Noto Serif", Bold: true, Data: "x" })]), { fonts: r });
    expect(r.isLoaded("Noto Serif", true)).toBe(true);
    expect(r.isLoaded("Noto Sans SC", true)).toBe(true);
    expect(r.isLoaded("Roboto")).toBe(false);
  });
});

describe("table", () => {
  const table = (over: Partial<TableElement>) =>
    el("Table", {
      StartX: 0,
      StartY: 0,
      Width: 30,
      Height: 20,
      Row: 2,
      Column: 2,
      CellWidth: [15, 15],
      CellHeight: [10, 10],
      PenWidth: 0.5,
      ...over,
    }) as TableElement;

  it("leaves out the inner lines of merged cells", () => {
    const plain = table({
      cells: [createTableCell(0, 0), createTableCell(0, 1), createTableCell(1, 0), createTableCell(1, 1)],
    });
    const merged = table({
      cells: [createTableCell(0, 0, { LocaltionEnd: [0, 1] }), createTableCell(1, 0), createTableCell(1, 1)],
    });
    const pathOf = (t: TableElement) =>
      groups(renderLabel(doc([t]), { fonts }))[0].children.find((c) => c.name === "path")?.attrs.d;
    expect(pathOf(plain)).toBe("M0 10L30 10M15 0L15 20");
    expect(pathOf(merged)).toBe("M0 10L30 10M15 10L15 20");
    expect(tableGrid(merged).owner).toEqual([
      [0, 0],
      [1, 2],
    ]);
  });

  it("scales cell sizes to the element box and centres cell text vertically", () => {
    const t = table({ CellWidth: [10, 30], cells: [createTableCell(0, 0, { Data: "A", TextAlign: 1 })] });
    const g = tableGrid(t);
    expect(g.xs).toEqual([0, 7.5, 30]);
    const text = groups(renderLabel(doc([t]), { fonts }))[0].children.find((c) => c.name === "text");
    const y = Number(text?.children[0].attrs.y);
    expect(y).toBeGreaterThan(4);
    expect(y).toBeLessThan(8);
  });

  it("reads cell values from the record under tableCellKey", async () => {
    const { tableCellKey } = await import("../../src/model/types");
    const t = table({ cells: [createTableCell(0, 0, { Data: "fixed" })] });
    const svg = renderLabel(doc([t]), { fonts, values: new Map([[tableCellKey(t.Id, 0, 0), "Record"]]) });
    expect(textOf(groups(svg)[0])).toBe("Record");
  });
});

describe("fragment cache", () => {
  it("reuses unchanged elements and re-renders changed ones, values and fonts", async () => {
    const { FontRegistry } = await import("../../src/render/fonts");
    const r = new FontRegistry();
    const t = el("Text", {
      Data: "cached",
      FontFamily: "Roboto",
    }) as import("../../src/model/types").TextElement;
    const d = doc([t]);
    const approx = renderLabel(d, { fonts: r });
    expect(renderLabel(d, { fonts: r })).toBe(approx);
    await r.ensure("Roboto");
    const real = renderLabel(d, { fonts: r });
    expect(real).not.toBe(approx); // real metrics replaced the approximate ones
    expect(renderLabel(d, { fonts: r, cache: false })).toBe(real);
    const changed = doc([{ ...t, Data: "changed" }]);
    expect(textOf(groups(renderLabel(changed, { fonts: r }))[0])).toBe("changed");
    expect(textOf(groups(renderLabel(d, { fonts: r, values: new Map([[t.Id, "rec"]]) }))[0])).toBe("rec");
    expect(textOf(groups(renderLabel(d, { fonts: r }))[0])).toBe("cached");
  });
});

describe("malformed documents", () => {
  it("render an empty label instead of throwing", () => {
    const bad = [
      { attrs: undefined, elements: undefined },
      { attrs: { width: "x" }, elements: [null, 7, "str", { Id: 5, Type: "Text" }, { Type: "Rectangle" }] },
    ] as unknown as import("../../src/model/types").LabelDocument[];
    for (const d of bad) {
      const root = parseSvg(renderLabel(d, { fonts }));
      expect(root.attrs.width).toBe("100mm");
      expect(root.children).toHaveLength(0);
    }
  });
});
