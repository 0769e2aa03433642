// Region work on a worker thread (src/docprint/regionClient.ts, the app's worker file regionWorker.ts
// run in a Node worker thread): the same boxes and the same label dots as on this thread, in order,
// pages one ahead; a job that fails rejects with its reason and the worker goes on; a stopped worker
// fails its jobs and every later one.
import { afterAll, describe, expect, it } from "vitest";
import { composeLabel } from "../../src/docprint/compose";
import { grayFromRgba, type PixelBox } from "../../src/docprint/image";
import { findPageLabels, foundLabel, printedLabels } from "../../src/docprint/pageCut";
import { regionsHere } from "../../src/docprint/regionClient";
import { regionWork } from "../../src/docprint/regionWork";
import { fracOf } from "../../src/docprint/split";
import { encodePng1 } from "../../src/export/pdf/png";
import type { Bitmap } from "../../src/print/bitmap";
import { nodeRegions } from "./support/nodeRegions";
import { pdfjsPages } from "./support/pdfjs";
import { scanCode128 } from "./support/scan";
import { labelValue, sheetPdf, TEST_SET } from "./support/sheets";

const DPI = 203;
const O = { pageDpi: DPI, dpi: DPI, label: { width: 100, height: 150 } };
const same = (a: Bitmap, b: Bitmap) =>
  a.width === b.width && a.height === b.height && Buffer.from(a.data).equals(Buffer.from(b.data));

describe("region work from RGBA", () => {
  it("a threshold label read from the pixels as grey one by one: the same box and dots as from its grey", () => {
    // white margins, then pixels of every kind: white, black, colours, greys, half transparent
    const [w, h] = [120, 90];
    const rgba = new Uint8ClampedArray(w * h * 4).fill(255);
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % 256;
    };
    for (let y = 10; y < 80; y++)
      for (let x = 15; x < 100; x++) {
        const p = (y * w + x) * 4;
        const kind = next() % 4;
        const v =
          kind === 0 ? [0, 0, 0, 255] : kind === 1 ? [255, 255, 255, 255] : [next(), next(), next(), 255];
        if (next() % 10 === 0) v[3] = next();
        rgba.set(v, p);
      }
    const o = { pageDpi: 203, dpi: 203, label: { width: 20, height: 15 } };
    const fromRgba = regionWork({
      drawing: { width: w, height: h, data: rgba.slice() },
      ink: 160,
      compose: o,
    });
    const gray = grayFromRgba(rgba, w, h);
    const fromGray = regionWork({ drawing: gray, ink: 160, compose: o });
    expect(fromRgba.gray).toBeUndefined();
    expect(fromRgba.ink).toEqual(fromGray.ink);
    expect(same(fromRgba.label as Bitmap, fromGray.label as Bitmap)).toBe(true);
    expect(same(fromRgba.label as Bitmap, composeLabel(gray, fromGray.ink as PixelBox, o))).toBe(true);
  });
});

describe("region work on a worker thread", () => {
  const worker = nodeRegions();
  afterAll(() => worker.close());
  const four = TEST_SET.find((s) => s.name === "four");
  if (!four) throw new Error("no 4-up sheet");

  it("cuts and prints the pages as this thread does, label for label, in order", async () => {
    const { doc, pages } = await pdfjsPages(await sheetPdf({ ...four, pages: 3 }));
    const cut = [];
    for (const n of [1, 2, 3]) {
      const here = await findPageLabels(pages, n, DPI);
      const there = await findPageLabels(pages, n, DPI, undefined, { run: worker, compose: O });
      expect(there.labels.map((l) => l.box)).toEqual(here.labels.map((l) => l.box));
      expect(there.labels).toHaveLength(4);
      for (const [i, l] of there.labels.entries()) {
        const label = foundLabel(here.labels[i], O);
        expect(same(l.label as Bitmap, label)).toBe(true);
        // its PNG made there too, the same bytes as made here
        expect(Buffer.from(l.label?.png ?? []).equals(Buffer.from(encodePng1(label)))).toBe(true);
      }
      cut.push({ n, boxes: here.labels.map((l) => fracOf(l.box, here.width, here.height)) });
    }
    const onWorker: Bitmap[] = [];
    for await (const b of printedLabels(pages, cut, O, worker)) onWorker.push(b);
    const onThread: Bitmap[] = [];
    for await (const b of printedLabels(pages, cut, O, regionsHere)) onThread.push(b);
    expect(onWorker).toHaveLength(12);
    for (const [i, b] of onWorker.entries()) expect(same(b, onThread[i])).toBe(true);
    // in order: the label of page p, place k carries that label's value
    for (const [i, b] of onWorker.entries()) {
      const value = await scanCode128(b);
      expect(value).toBe(labelValue(four.name, i % 4, Math.floor(i / 4) + 1));
    }
    await doc.destroy();
  });

  it("a job that fails rejects with its reason; the worker goes on", async () => {
    const broken = { width: 2, height: 2, data: new Uint8Array(3) };
    await expect(worker({ drawing: broken, compose: O })).rejects.toThrow();
    const white = { width: 8, height: 8, data: new Uint8Array(64).fill(255) };
    expect((await worker({ drawing: white, ink: 160 })).ink).toBeNull();
  });

  it("a stopped worker fails its jobs and every later one", async () => {
    const other = nodeRegions();
    const white = () => ({ width: 8, height: 8, data: new Uint8Array(64).fill(255) });
    const pending = other({ drawing: white(), ink: 160 });
    other.close();
    await expect(pending).rejects.toThrow(/closed/);
    await expect(other({ drawing: white(), ink: 160 })).rejects.toThrow(/closed/);
  });
});
