// Issue 37: the office printer's calibration page and offset. The page's crosshairs sit at the
// centres of the tiled labels, and an offset moves them, and the labels of a tiled A4 PDF, by exactly
// that many mm: measured on pdftoppm rasters (10 px per mm), not read from our own numbers.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { calibrationCentres, calibrationPdf } from "../../src/export/calibrationPdf";
import { pagePlacement, sheetOffsetOf, tiledGeometry } from "../../src/export/layout";
import { writePdf } from "../../src/export/pdf/document";
import { nodeDecoder } from "../../src/export/pdf/images";
import { concat } from "../../src/export/pdf/writer";
import { emptyDocument } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import type { LabelDocument, LabelElement } from "../../src/model/types";

const dir = mkdtempSync(join(tmpdir(), "inkless-calibration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const DPI = 254;
const PX_MM = DPI / 25.4;
let files = 0;

/** The first page of `pdf` as 8-bit grey pixels; `ink` is the bounding box (px) of the black ones. */
function raster(pdf: Uint8Array) {
  const path = join(dir, `p${++files}`);
  writeFileSync(`${path}.pdf`, pdf);
  execFileSync("pdftoppm", [
    "-gray",
    "-r",
    String(DPI),
    "-f",
    "1",
    "-l",
    "1",
    "-singlefile",
    `${path}.pdf`,
    path,
  ]);
  const b = readFileSync(`${path}.pgm`);
  const head = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(b.subarray(0, 40).toString("latin1"));
  if (!head) throw new Error("not a PGM");
  const w = Number(head[1]);
  const h = Number(head[2]);
  const px = b.subarray(head[0].length);
  const black = (x: number, y: number) => px[y * w + x] < 64;
  /** the black pixels' box inside a window (px) */
  const ink = (x0 = 0, y0 = 0, x1 = w, y1 = h) => {
    let box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
    for (let y = Math.max(0, y0); y < Math.min(h, y1); y++)
      for (let x = Math.max(0, x0); x < Math.min(w, x1); x++)
        if (black(x, y))
          box = {
            left: Math.min(box.left, x),
            top: Math.min(box.top, y),
            right: Math.max(box.right, x),
            bottom: Math.max(box.bottom, y),
          };
    return box;
  };
  return { w, h, ink };
}

const label = { ...emptyDocument().attrs, width: 60, height: 40, columnSpacing: 2, rowSpacing: 3 };

describe("the office printer's offset", () => {
  it("is kept within ±10 mm to 0.1 mm; anything else is no offset", () => {
    expect(sheetOffsetOf({ x: 1.26, y: -3 })).toEqual({ x: 1.3, y: -3 });
    expect(sheetOffsetOf({ x: 11, y: Number.NaN })).toEqual({ x: 0, y: 0 });
    expect(sheetOffsetOf({ x: "2" as unknown as number })).toEqual({ x: 0, y: 0 });
    expect(sheetOffsetOf(undefined)).toEqual({ x: 0, y: 0 });
    // only pages at actual size move: a page scaled to fit or a label-size page does not
    expect(pagePlacement(210, 297, "tiled", { x: 2, y: 1 })).toMatchObject({ x: 2, y: 1, scale: 1 });
    expect(pagePlacement(60, 40, "label", { x: 2, y: 1 })).toMatchObject({ x: 0, y: 0 });
  });
});

describe("the calibration page", () => {
  it("draws a crosshair at each label's centre; the offset moves them all by that many mm", () => {
    const g = tiledGeometry(label);
    const centres = calibrationCentres(label);
    expect(centres).toHaveLength(g.cells.length);
    const plain = raster(calibrationPdf(label));
    // A4 at 10 px per mm
    expect(Math.abs(plain.w - 2100) + Math.abs(plain.h - 2970)).toBeLessThanOrEqual(2);
    // each cross (its ruler arms are 10 mm each way) is centred on its label's centre
    for (const c of [centres[0], centres[centres.length - 1]]) {
      const box = plain.ink((c.x - 15) * PX_MM, (c.y - 15) * PX_MM, (c.x + 15) * PX_MM, (c.y + 15) * PX_MM);
      expect((box.left + box.right) / 2 / PX_MM).toBeCloseTo(c.x, 0);
      expect((box.top + box.bottom) / 2 / PX_MM).toBeCloseTo(c.y, 0);
      expect((box.right - box.left) / PX_MM).toBeGreaterThan(19);
    }
    const moved = raster(calibrationPdf(label, { x: 2.5, y: -1.5 }));
    const a = plain.ink();
    const b = moved.ink();
    // 2.5 mm right = 25 px, 1.5 mm up = 15 px (±1 px of rasterising)
    expect(Math.abs(b.left - a.left - 25)).toBeLessThanOrEqual(1);
    expect(Math.abs(b.right - a.right - 25)).toBeLessThanOrEqual(1);
    expect(Math.abs(b.top - a.top + 15)).toBeLessThanOrEqual(1);
    expect(Math.abs(b.bottom - a.bottom + 15)).toBeLessThanOrEqual(1);
    expect(calibrationCentres(label, { x: 2.5, y: -1.5 })[0]).toEqual({
      x: centres[0].x + 2.5,
      y: centres[0].y - 1.5,
    });
  });

  it("the labels of a tiled A4 PDF move by the same offset", async () => {
    const box = {
      ...createElement("Rectangle", [], { x: 0, y: 0 }),
      StartX: 0,
      StartY: 0,
      Width: 60,
      Height: 40,
      PenWidth: 0.4,
    };
    const doc: LabelDocument = { attrs: { ...label, name: "offset" }, elements: [box as LabelElement] };
    const g = tiledGeometry(label);
    /** the first label's frame, found within 0.7 mm of where `at` says it is (cut marks are 1 mm off) */
    const frame = async (sheetOffset?: { x: number; y: number }) => {
      const pdf = concat(
        (await writePdf(doc, { decoder: nodeDecoder, pageMode: "tiled", sheetOffset })).chunks,
      );
      const o = sheetOffsetOf(sheetOffset);
      const x = g.cells[0].x + o.x;
      const y = g.cells[0].y + o.y;
      return raster(pdf).ink((x - 0.7) * PX_MM, (y - 0.7) * PX_MM, (x + 60.7) * PX_MM, (y + 40.7) * PX_MM);
    };
    const a = await frame();
    const b = await frame({ x: -3, y: 4 });
    expect(Math.abs(b.left - a.left + 30)).toBeLessThanOrEqual(1);
    expect(Math.abs(b.right - a.right + 30)).toBeLessThanOrEqual(1);
    expect(Math.abs(b.top - a.top - 40)).toBeLessThanOrEqual(1);
    expect(Math.abs(b.bottom - a.bottom - 40)).toBeLessThanOrEqual(1);
    // the frame's centre is where the calibration page's first cross is, offset included
    const c = calibrationCentres(label, { x: -3, y: 4 })[0];
    expect((b.left + b.right) / 2 / PX_MM).toBeCloseTo(c.x, 0);
    expect((b.top + b.bottom) / 2 / PX_MM).toBeCloseTo(c.y, 0);
  }, 60_000);
});
