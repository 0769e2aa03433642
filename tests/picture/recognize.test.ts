// Picture → label (issue 19), on pictures rendered from known labels by our own renderer: the clean
// "scan" (the PNG itself) and a "photo" of it (turned, in perspective, blurred, noisy, JPEG 60).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pixels } from "../../src/export/pdf/png";
import type {
  BarcodeElement,
  LabelDocument,
  QRCodeElement,
  ShapeElement,
  TextElement,
} from "../../src/model/types";
import { locateLabel } from "../../src/server/picture/locate";
import { stopOcr } from "../../src/server/picture/ocr";
import { decodePicture, toGray } from "../../src/server/picture/pixels";
import { recognizeLabel, UnreadablePicture } from "../../src/server/picture/recognize";
import { estimateLabelSize } from "../../src/server/picture/size";
import { homography } from "../../src/server/picture/warp";
import { benchLabel } from "../export/support/labels";
import { EAN_DATA, EAN_ESTIMATE, eanLabel } from "./support/ean";
import { photoOf, pixelsOf, renderPng } from "./support/photo";

/** The bench label with Latin text only (the English model ships). */
const label = (): LabelDocument => {
  const doc = benchLabel(1);
  return {
    ...doc,
    elements: doc.elements.map((e) =>
      e.Type === "Text" && e.Data.includes("Inkless")
        ? {
            ...e,
            Data: "Inkless Label",
            DataSourceList: [
              { ...e.DataSourceList[0], FirstValue: "Inkless Label", NormalText: "Inkless Label" },
            ],
          }
        : e,
    ),
  };
};

let png: Uint8Array;
let pixels: Pixels;
beforeAll(async () => {
  png = await renderPng(label());
  pixels = pixelsOf(png);
}, 60_000);
afterAll(() => stopOcr());

const of = <T>(doc: LabelDocument, type: string) => doc.elements.filter((e) => e.Type === type) as T[];

describe("label area positioning", () => {
  it("finds the label's corners in a photo within 0.5 % of its size", () => {
    for (const seed of [1, 2, 3]) {
      const photo = photoOf(pixels, { seed });
      const found = locateLabel(toGray(decodePicture(photo.jpeg) as Pixels));
      expect(found.found).toBe(true);
      found.corners.forEach(([x, y], i) => {
        expect(Math.abs(x - photo.corners[i][0])).toBeLessThan(pixels.width * 0.005);
        expect(Math.abs(y - photo.corners[i][1])).toBeLessThan(pixels.width * 0.005);
      });
      const [bx, by, bw, bh] = found.box;
      expect(bx).toBeLessThanOrEqual(Math.min(...found.corners.map((c) => c[0])));
      expect(by + bh).toBeGreaterThanOrEqual(Math.max(...found.corners.map((c) => c[1])) - 1);
      expect(bw).toBeGreaterThan(0);
    }
    // three photos made (warp, blur, noise, JPEG) and located: CPU-bound work of a few seconds that
    // took 32 s on the 2-core machine under the load check (docs/testing.md), as the recognitions below
  }, 60_000);

  it("a scan (paper to the edges) is the whole picture", () => {
    const found = locateLabel(toGray(pixels));
    expect(found.found).toBe(false);
    expect(found.box).toEqual([0, 0, pixels.width, pixels.height]);
  });

  it("the homography takes the rectangle's corners onto the quad", () => {
    const q = [
      [10, 20],
      [300, 5],
      [320, 250],
      [0, 200],
    ] as const;
    const m = homography(100, 80, q);
    const map = (x: number, y: number) => {
      const z = m[6] * x + m[7] * y + m[8];
      return [(m[0] * x + m[1] * y + m[2]) / z, (m[3] * x + m[4] * y + m[5]) / z];
    };
    [map(0, 0), map(100, 0), map(100, 80), map(0, 80)].forEach((p, i) => {
      expect(p[0]).toBeCloseTo(q[i][0], 6);
      expect(p[1]).toBeCloseTo(q[i][1], 6);
    });
  });
});

/** A Text of the bench label's style at (5, y). */
function textAt(y: number, size: number, data: string, over: Partial<TextElement> = {}): TextElement {
  const first = label().elements.find((e) => e.Type === "Text") as TextElement;
  return {
    ...first,
    Id: `t${y}`,
    StartX: 5,
    StartY: y,
    FontSize: size,
    Data: data,
    DataSourceList: [{ ...first.DataSourceList[0], FirstValue: data, NormalText: data }],
    ...over,
  };
}

describe("recognition", () => {
  it("a scan: codes, texts and the border come back in place", async () => {
    const { doc } = await recognizeLabel(png, { width: 100, height: 80 });
    expect(doc.attrs).toMatchObject({ width: 100, height: 80, type: "AI" });
    const [bar] = of<BarcodeElement>(doc, "Barcode");
    expect(bar).toMatchObject({ BarCodeType: 1, Data: "INK-000001", BarcodeNumPosition: 1 });
    expect(Math.abs(bar.StartY - 30)).toBeLessThan(1);
    const [qr] = of<QRCodeElement>(doc, "QRcode");
    expect(qr).toMatchObject({ QrCodeType: 1, Data: "QR-000001" });
    expect(Math.abs(qr.StartX - 66)).toBeLessThan(2);
    const texts = of<TextElement>(doc, "Text");
    expect(texts.map((t) => t.Data)).toEqual(["INK-000001", "Inkless Label"]);
    // font size from the line height (16 pt, 14 pt), place within 1 mm
    expect(Math.abs(texts[0].FontSize - 16)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(texts[1].FontSize - 14)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(texts[0].StartX - 5)).toBeLessThan(1);
    expect(Math.abs(texts[0].StartY - 4)).toBeLessThan(1);
    expect(Math.abs(texts[1].StartY - 16)).toBeLessThan(1);
    const [rect] = of<ShapeElement>(doc, "Rectangle");
    expect(Math.abs(rect.StartX - 1)).toBeLessThan(0.6);
    expect(Math.abs(rect.Width - 98)).toBeLessThan(1);
    expect(Math.abs(rect.Height - 78)).toBeLessThan(1);
    // nothing else on the label: no leftover artwork image
    expect(of(doc, "Image")).toEqual([]);
  }, 60_000);

  it("a photo: the codes read as the originals and the texts come back", async () => {
    const photo = photoOf(pixels, { seed: 3 });
    const { doc } = await recognizeLabel(photo.jpeg, { width: 100, height: 80 });
    expect(of<BarcodeElement>(doc, "Barcode").map((b) => b.Data)).toEqual(["INK-000001"]);
    expect(of<QRCodeElement>(doc, "QRcode").map((b) => b.Data)).toEqual(["QR-000001"]);
    const texts = of<TextElement>(doc, "Text").map((t) => t.Data);
    expect(texts).toContain("INK-000001");
  }, 60_000);

  it("artwork that is neither text, code nor line is kept as one black-and-white image", async () => {
    const doc = label();
    const logo = {
      ...doc,
      elements: [
        ...doc.elements,
        {
          ...doc.elements[0],
          Type: "Ellipse",
          Name: "Ellipse1",
          Id: "ellipse1",
          StartX: 70,
          StartY: 60,
          Width: 15,
          Height: 12,
          PenWidth: 1.5,
        } as ShapeElement,
      ],
    };
    const { doc: out } = await recognizeLabel(await renderPng(logo), { width: 100, height: 80 });
    const images = out.elements.filter((e) => e.Type === "Image");
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ imageDisplayMode: "BLACKWHITE" });
    expect(Math.abs(images[0].StartX - 70)).toBeLessThan(1.5);
    expect(Math.abs(images[0].Width - 15)).toBeLessThan(2);
  }, 60_000);

  it("a rounded rectangle comes back as one, its arcs not left over as an image", async () => {
    const doc = label();
    const round = {
      ...doc,
      elements: doc.elements.map((e) =>
        e.Type === "Rectangle" ? { ...e, Type: "RoundRectangle" as const, CornerRadius: 4 } : e,
      ),
    };
    const { doc: out } = await recognizeLabel(await renderPng(round), { width: 100, height: 80 });
    const shapes = out.elements.filter((e) => e.Type === "RoundRectangle") as ShapeElement[];
    expect(shapes).toHaveLength(1);
    expect(Math.abs(shapes[0].Width - 98)).toBeLessThan(1);
    expect(out.elements.filter((e) => e.Type === "Image" || e.Type.startsWith("Line"))).toEqual([]);
  }, 60_000);

  it("the lines of one text stay one element; texts 1.5 em apart are separate", async () => {
    const base = label();
    const text = (y: number, size: number, data: string) => textAt(y, size, data);
    // a two-line text (lines 1.1 em apart), then two one-line texts whose baselines are 1.5 em apart
    const doc = {
      ...base,
      elements: [
        text(5, 12, "Batch number 4711\nBest before March"),
        text(20, 12, "Order upright 99732"),
        text(26.3, 11, "Upright keep 31045"),
      ],
    };
    const { doc: out } = await recognizeLabel(await renderPng(doc), { width: 100, height: 80 });
    expect(of<TextElement>(out, "Text").map((t) => t.Data)).toEqual([
      "Batch number 4711\nBest before March",
      "Order upright 99732",
      "Upright keep 31045",
    ]);
  }, 60_000);

  it("a text's size and place: it is drawn again where the original was (scan and photo)", async () => {
    const base = label();
    const text = (y: number, size: number, data: string) => textAt(y, size, data, { Bold: false });
    const truth = [
      text(5, 20, "Carton batch"),
      text(20, 12, "Net cool 35289"),
      text(30, 10, "STORE DRY 4711"),
    ];
    const clean = await renderPng({ ...base, elements: truth });
    for (const picture of [clean, photoOf(pixelsOf(clean), { seed: 5 }).jpeg]) {
      const { doc } = await recognizeLabel(picture, { width: 100, height: 80 });
      const read = of<TextElement>(doc, "Text");
      expect(read.map((t) => t.Data)).toEqual(truth.map((t) => t.Data));
      read.forEach((t, i) => {
        // the size from the letters' edges (not the ink mask's, which blur widens): within one
        // 0.5 pt step (it was 1–2 pt too large)
        expect(Math.abs(t.FontSize - truth[i].FontSize)).toBeLessThanOrEqual(0.5);
        // x is where the text starts, left of its first letter's ink by the side bearing
        // (on a photo the label's corners are found within 0.5 % of its size: 0.5 mm more)
        expect(Math.abs(t.StartX - 5)).toBeLessThan(picture === clean ? 0.3 : 0.8);
        expect(Math.abs(t.StartY - truth[i].StartY)).toBeLessThan(picture === clean ? 0.3 : 0.8);
      });
    }
  }, 60_000);

  it("bytes that are no picture are refused", async () => {
    await expect(recognizeLabel(new Uint8Array([135, 125, 28, 1, 2, 3]))).rejects.toBeInstanceOf(
      UnreadablePicture,
    );
  });
});

describe("the label size from a code of standard size", () => {
  const eanPng = () => renderPng(eanLabel());

  it("an EAN-13 gives the label's size, on a scan and on a photo; a label without one gives none", async () => {
    const clean = await eanPng();
    for (const picture of [clean, photoOf(pixelsOf(clean), { seed: 4 }).jpeg]) {
      const g = toGray(decodePicture(picture) as Pixels);
      const size = await estimateLabelSize(g, locateLabel(g).corners);
      expect(Math.abs((size?.width ?? 0) - EAN_ESTIMATE.width)).toBeLessThanOrEqual(1.5);
      expect(Math.abs((size?.height ?? 0) - EAN_ESTIMATE.height)).toBeLessThanOrEqual(1.5);
    }
    // the bench label: a Code 128 and a QR code, whose sizes are not standard
    expect(await estimateLabelSize(toGray(pixels), locateLabel(toGray(pixels)).corners)).toBeNull();
  }, 60_000);

  it("recognition without a typed width takes the estimate (else 100 mm)", async () => {
    const { doc } = await recognizeLabel(await eanPng());
    expect(Math.abs(doc.attrs.width - EAN_ESTIMATE.width)).toBeLessThanOrEqual(1.5);
    expect(of<BarcodeElement>(doc, "Barcode").map((b) => b.Data)).toEqual([EAN_DATA]);
    expect((await recognizeLabel(png)).doc.attrs.width).toBe(100);
  }, 60_000);
});
