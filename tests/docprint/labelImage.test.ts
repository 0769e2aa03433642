// A cut label as an image and as a PDF: the 1-bit PNG reads back (our decoder) as exactly the dots,
// the image label prints them dot for dot through the print path (resvg at 203 dpi), and the saved
// PDF has one page of the label's size per label (poppler).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { toBitmap } from "../../src/docprint/compose";
import { bitmapPng, bitmapRgba, imageLabel } from "../../src/docprint/labelImage";
import { labelsPdf } from "../../src/docprint/labelPdf";
import { decodePng } from "../../src/export/pdf/png";
import { concat } from "../../src/export/pdf/writer";
import type { ImageElement } from "../../src/model/types";
import { dotForDotPicture } from "../../src/print/dotPicture";
import { printJob } from "../../src/print/job";
import { RasterPool } from "../../src/print/rasterPool";
import { decodeTspl } from "../print/support/decodeJob";

const dir = mkdtempSync(join(tmpdir(), "inkless-labelimg-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A 40 × 24 dot pattern: a checkerboard of 3-dot squares with a solid bar. */
function pattern() {
  const w = 40;
  const h = 24;
  const data = Uint8Array.from({ length: w * h }, (_, i) => {
    const x = i % w;
    const y = Math.floor(i / w);
    return y < 4 || (Math.floor(x / 3) + Math.floor(y / 3)) % 2 ? 0 : 255;
  });
  return toBitmap({ width: w, height: h, data });
}

describe("label image", () => {
  it("the 1-bit PNG decodes to exactly the dots", () => {
    const b = pattern();
    const px = decodePng(bitmapPng(b));
    expect(px && [px.width, px.height]).toEqual([40, 24]);
    expect(Array.from(px?.data ?? [])).toEqual(Array.from(bitmapRgba(b)));
  });

  it("the image label prints dot for dot at 203 dpi", async () => {
    const b = pattern();
    const size = { width: (40 / 203) * 25.4, height: (24 / 203) * 25.4 };
    const chunks: Uint8Array[] = [];
    for await (const c of printJob(imageLabel(b, 203, size, "t"), { language: "TSPL", workers: 0 }))
      chunks.push(c);
    const [page] = decodeTspl(Buffer.from(concat(chunks))).pages;
    expect([page.width, page.height]).toEqual([40, 24]);
    const want = Array.from(bitmapRgba(b).filter((_, i) => i % 4 === 0)).map((v) => (v === 0 ? 1 : 0));
    expect(Array.from(page.dots)).toEqual(want);
  });

  it("the print path takes the image label's dots straight from its picture, only when they are the page's dots", () => {
    const b = pattern();
    const size = { width: (40 / 203) * 25.4, height: (24 / 203) * 25.4 };
    const label = imageLabel(b, 203, size, "t");
    expect(dotForDotPicture(label, 203)).toEqual(b);
    // at another resolution, turned, with something else on it, or on a bigger label: drawn as usual
    expect(dotForDotPicture(label, 300)).toBeNull();
    const image = label.elements[0] as ImageElement;
    expect(dotForDotPicture({ ...label, elements: [{ ...image, Rotate: 90 }] }, 203)).toBeNull();
    expect(dotForDotPicture({ ...label, elements: [image, { ...image, StartX: 1 }] }, 203)).toBeNull();
    expect(dotForDotPicture({ ...label, attrs: { ...label.attrs, width: 20 } }, 203)).toBeNull();
    expect(
      dotForDotPicture({ ...label, elements: [{ ...image, imageSrc: "data:image/png;base64,AAAA" }] }, 203),
    ).toBeNull();
  });

  it("a one-label job (each cut label is one) starts no raster threads", async () => {
    const create = vi.spyOn(RasterPool, "create");
    try {
      const size = { width: 5, height: 3 };
      for await (const _ of printJob(imageLabel(pattern(), 203, size, "t"), {
        language: "TSPL",
        workers: 1,
      })) {
        // drain
      }
      expect(create).not.toHaveBeenCalled();
    } finally {
      create.mockRestore();
    }
  });

  it("the PDF has one label-size page per label", () => {
    const file = join(dir, "labels.pdf");
    // 40 × 24 dots are a 5 × 3 mm label at 203 dpi
    writeFileSync(
      file,
      concat(labelsPdf([pattern(), pattern(), pattern()], { width: 5, height: 3 }, "Labels")),
    );
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    expect(info).toMatch(/Pages:\s+3\n/);
    // 5 × 3 mm = 14.17 × 8.50 pt
    expect(info).toMatch(/Page size:\s+14\.173 x 8\.504 pts/);
  });

  it("a 100 × 150 mm label's page is 100 × 150 mm, not its dots' 100.1 × 150.15 mm at 203 dpi", () => {
    const file = join(dir, "shipping.pdf");
    const dots = toBitmap({ width: 800, height: 1200, data: new Uint8Array(800 * 1200).fill(255) });
    writeFileSync(file, concat(labelsPdf([dots], { width: 100, height: 150 }, "Shipping")));
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    expect(info).toMatch(/Page size:\s+283\.465 x 425\.197 pts/);
  });
});
