// Issue 23 item 11: "A4 at actual size, labels tiled" PDFs for sticker sheets on office printers.
// The geometry (as many labels as fit with the label's gaps, or the label settings' rows × columns),
// then a PDF read back: A4 pages, the label count per page (pdftotext), and a label's drawn size
// measured on a pdftoppm raster equal to its size in mm.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pdfPageModeOf } from "../../src/cli/renderExport";
import {
  A4_HEIGHT_MM,
  A4_WIDTH_MM,
  PDF_MARGIN_MM,
  pagePlacement,
  type TiledGeometry,
  tiledGeometry,
} from "../../src/export/layout";
import { writePdf } from "../../src/export/pdf/document";
import { nodeDecoder } from "../../src/export/pdf/images";
import { concat } from "../../src/export/pdf/writer";
import { sheetCountOf } from "../../src/export/sheets";
import { createDataSource, emptyDocument } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import { PAPER_MM } from "../../src/model/presets";
import { loadStockCatalogue } from "../../src/model/stock";
import type { LabelAttrs, LabelDocument, LabelElement } from "../../src/model/types";

const attrs = (over: Partial<LabelAttrs> = {}) => ({ ...emptyDocument().attrs, ...over });

/** Every cut mark lies on the page and outside every label. */
function marksOutside(g: TiledGeometry) {
  for (const m of g.cutMarks) {
    for (const v of [m.x1, m.x2]) expect(v >= 0 && v <= A4_WIDTH_MM).toBe(true);
    for (const v of [m.y1, m.y2]) expect(v >= 0 && v <= A4_HEIGHT_MM).toBe(true);
    for (const c of g.cells) {
      const inside = (x: number, y: number) =>
        x > c.x + 1e-6 && x < c.x + g.labelWidth - 1e-6 && y > c.y + 1e-6 && y < c.y + g.labelHeight - 1e-6;
      expect(inside((m.x1 + m.x2) / 2, (m.y1 + m.y2) / 2)).toBe(false);
    }
  }
}

describe("tiled A4 geometry", () => {
  it("a single 60 × 40 label: as many as fit inside the margins with its gaps, centred, at 1:1", () => {
    const g = tiledGeometry(attrs({ width: 60, height: 40, columnSpacing: 2, rowSpacing: 3 }));
    // (190 + 2) / 62 → 3 columns; (277 + 3) / 43 → 6 rows
    expect([g.columns, g.rows, g.cells.length]).toEqual([3, 6, 18]);
    expect([g.width, g.height, g.labelWidth, g.labelHeight]).toEqual([A4_WIDTH_MM, A4_HEIGHT_MM, 60, 40]);
    expect(g.cells[1].x - g.cells[0].x).toBeCloseTo(62, 9);
    expect(g.cells[3].y - g.cells[0].y).toBeCloseTo(43, 9);
    const blockW = 3 * 60 + 2 * 2;
    expect(g.cells[0].x).toBeCloseTo((A4_WIDTH_MM - blockW) / 2, 9);
    expect(g.cells[0].x).toBeGreaterThanOrEqual(PDF_MARGIN_MM);
    // the page is the "sheet": placed at scale 1, no fitting
    expect(pagePlacement(g.width, g.height, "tiled")).toEqual({
      pageWidth: A4_WIDTH_MM,
      pageHeight: A4_HEIGHT_MM,
      x: 0,
      y: 0,
      scale: 1,
    });
    // a mark on each column edge above and below, on each row edge left and right
    expect(g.cutMarks.length).toBe(2 * 6 + 2 * 12);
    marksOutside(g);
  });

  it("a sticker sheet from the label settings (3 × 8 of 70 × 37 mm) is the page, from its corner", () => {
    const g = tiledGeometry(attrs({ width: 70, height: 37, columns: 3, rows: 8, paddingTop: 0.5 }));
    expect([g.columns, g.rows, g.cells.length]).toEqual([3, 8, 24]);
    expect(g.cells[0]).toEqual({ x: 0, y: 0.5 });
    expect(g.cells[23]).toEqual({ x: 140, y: 0.5 + 7 * 37 });
    marksOutside(g);
  });

  it("a US Letter sheet product (Avery 5160: 3 × 10 of 66.68 × 25.4 mm) is a Letter page, from its corner (issue 37)", async () => {
    const avery = (await loadStockCatalogue()).find((s) => s.brand === "Avery" && s.part === "5160");
    if (!avery) throw new Error("Avery 5160 is not in the catalogue");
    const g = tiledGeometry(attrs(avery.layout));
    expect([g.width, g.height]).toEqual([PAPER_MM.Letter.width, PAPER_MM.Letter.height]);
    expect([g.columns, g.rows, g.cells.length]).toEqual([3, 10, 30]);
    expect(g.cells[0]).toEqual({ x: avery.layout.paddingLeft, y: avery.layout.paddingTop });
    expect(g.cells[29].x + g.labelWidth).toBeCloseTo(PAPER_MM.Letter.width - avery.layout.paddingRight, 6);
    expect(g.cells[29].y + g.labelHeight).toBeCloseTo(PAPER_MM.Letter.height - avery.layout.paddingBottom, 6);
    // the PDF page is the Letter sheet at 1:1, moved only by the office printer's offset
    expect(pagePlacement(g.width, g.height, "tiled", { x: 1, y: -0.5 })).toEqual({
      pageWidth: PAPER_MM.Letter.width,
      pageHeight: PAPER_MM.Letter.height,
      x: 1,
      y: -0.5,
      scale: 1,
    });
    for (const m of g.cutMarks) {
      for (const v of [m.x1, m.x2]) expect(v >= 0 && v <= PAPER_MM.Letter.width).toBe(true);
      for (const v of [m.y1, m.y2]) expect(v >= 0 && v <= PAPER_MM.Letter.height).toBe(true);
    }
  });

  it("a label larger than the printable area gets its own page at actual size; bad input is safe", () => {
    const g = tiledGeometry(attrs({ width: 200, height: 290 }));
    expect(g.cells).toEqual([{ x: PDF_MARGIN_MM, y: PDF_MARGIN_MM }]);
    expect(g.labelWidth).toBe(200);
    const bad = tiledGeometry(
      attrs({ width: Number.NaN, height: -5, columnSpacing: Number.POSITIVE_INFINITY }),
    );
    expect(bad.cells.length).toBeGreaterThanOrEqual(1);
    for (const c of bad.cells) expect(Number.isFinite(c.x) && Number.isFinite(c.y)).toBe(true);
  });

  it("the CLI picks the layout from the file name", () => {
    expect(pdfPageModeOf("x.tiled.pdf")).toBe("tiled");
    expect(pdfPageModeOf("x.label.pdf")).toBe("label");
    expect(pdfPageModeOf("x.pdf")).toBe("a4");
  });
});

const dir = mkdtempSync(join(tmpdir(), "inkless-tiled-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: "utf8" });

/** A 60 × 40 mm label: a black frame on its edges and a numbered text, `records` records. */
function framedLabel(records: number): LabelDocument {
  const el = (type: LabelElement["Type"], over: Record<string, unknown>) =>
    ({ ...createElement(type, [], { x: 0, y: 0 }), ...over }) as LabelElement;
  const seq = createDataSource({
    DataSourceType: 2,
    InitialValue: "INK-000001",
    FirstValue: "INK-000001",
    AddedValue: 1,
    Quantity: records,
  });
  return {
    attrs: {
      ...emptyDocument().attrs,
      name: "tiled",
      width: 60,
      height: 40,
      columnSpacing: 2,
      rowSpacing: 3,
    },
    elements: [
      el("Rectangle", { StartX: 0, StartY: 0, Width: 60, Height: 40, PenWidth: 0.4 }),
      el("Text", {
        StartX: 5,
        StartY: 15,
        Width: 50,
        Height: 10,
        FontSize: 14,
        Data: "INK-000001",
        DataSourceList: [seq],
      }),
    ],
  };
}

/** Page 1 as an 8-bit grey raster at `dpi` (pdftoppm PGM). */
function grey(pdf: string, dpi: number) {
  const out = join(dir, `g${dpi}`);
  run("pdftoppm", ["-gray", "-r", String(dpi), "-f", "1", "-l", "1", "-singlefile", pdf, out]);
  const b = readFileSync(`${out}.pgm`);
  const head = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(b.subarray(0, 40).toString("latin1"));
  if (!head) throw new Error("not a PGM");
  const w = Number(head[1]);
  const h = Number(head[2]);
  const px = b.subarray(head[0].length);
  return { w, h, dark: (x: number, y: number) => px[y * w + x] < 128 };
}

describe("tiled A4 PDF read back", () => {
  it("A4 pages, 18 labels a page, each label drawn at its size in mm, cut marks outside", async () => {
    const doc = framedLabel(20);
    expect(sheetCountOf(doc, { pageMode: "tiled" })).toBe(2);
    const r = await writePdf(doc, { decoder: nodeDecoder, pageMode: "tiled" });
    expect(r.count).toBe(2);
    const path = join(dir, "tiled.pdf");
    writeFileSync(path, concat(r.chunks));
    expect(run("pdfinfo", [path])).toMatch(
      /Pages:\s+2\n[\s\S]*Page size:\s+595\.27\d* x 841\.8\d* pts \(A4\)/,
    );
    const count = (page: number) =>
      (run("pdftotext", ["-f", String(page), "-l", String(page), path, "-"]).match(/INK-0000\d\d/g) ?? [])
        .length;
    expect(count(1)).toBe(18);
    expect(count(2)).toBe(2);
    expect(run("pdftotext", ["-f", "2", "-l", "2", path, "-"])).toContain("INK-000020");

    // measured: 254 dpi = 10 px per mm; the frame's outer ink edges of the first label
    const dpi = 254;
    const pxmm = dpi / 25.4;
    const img = grey(path, dpi);
    const g = tiledGeometry(doc.attrs);
    const c = g.cells[0];
    const midY = Math.round((c.y + 20) * pxmm);
    const midX = Math.round((c.x + 30) * pxmm);
    const scanX = (from: number, to: number, step: number) => {
      for (let x = from; x !== to; x += step) if (img.dark(x, midY)) return x;
      return Number.NaN;
    };
    const scanY = (from: number, to: number, step: number) => {
      for (let y = from; y !== to; y += step) if (img.dark(midX, y)) return y;
      return Number.NaN;
    };
    // from 1 mm outside the label inwards (the gap to the neighbour is 2 mm, the margin more)
    const left = scanX(Math.round((c.x - 1) * pxmm), midX, 1);
    const right = scanX(Math.round((c.x + 61) * pxmm), midX, -1);
    const top = scanY(Math.round((c.y - 1) * pxmm), midY, 1);
    const bottom = scanY(Math.round((c.y + 41) * pxmm), midY, -1);
    const widthMm = (right - left + 1) / pxmm;
    const heightMm = (bottom - top + 1) / pxmm;
    expect(Math.abs(widthMm - 60)).toBeLessThanOrEqual(0.3);
    expect(Math.abs(heightMm - 40)).toBeLessThanOrEqual(0.3);
    expect(Math.abs(left / pxmm - c.x)).toBeLessThanOrEqual(0.3);
    // the next label starts one label + one gap further: 62 mm
    const next = scanX(Math.round((g.cells[1].x - 1) * pxmm), Math.round((g.cells[1].x + 30) * pxmm), 1);
    expect(Math.abs((next - left) / pxmm - 62)).toBeLessThanOrEqual(0.2);
    // a cut mark above the first column's left edge, none inside the page's top margin elsewhere
    const markY = Math.round((c.y - 3) * pxmm);
    expect(img.dark(Math.round(c.x * pxmm), markY)).toBe(true);
    expect(img.dark(Math.round((c.x + 30) * pxmm), markY)).toBe(false);
  }, 60_000);
});
