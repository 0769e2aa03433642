// The CLI's image export at printer speed (issue 41): 1,000 labels drawn by the raster workers and
// encoded by our PNG encoder (8-bit grey for a grey label), every image in order with codes that
// scan, and the very pixels resvg draws for the label (what the export wrote before: RGB).
import { Resvg } from "@resvg/resvg-wasm";
import { afterAll, describe, expect, it } from "vitest";
import { clampRange } from "../../src/export/layout";
import { decodePng, type Pixels } from "../../src/export/pdf/png";
import { nodeImages } from "../../src/print/nodeImages";
import { initRaster } from "../../src/print/raster";
import { sharedRasterPool } from "../../src/print/rasterPool";
import { decode } from "../codes/support/zxing";
import { benchLabel } from "./support/labels";

afterAll(async () => {
  await (await sharedRasterPool())?.close();
});

const colourType = (png: Uint8Array) => png[25];

async function codesOf(p: Pixels) {
  const [code] = await decode(p, { formats: ["Code128"] });
  const [qr] = await decode(p, { formats: ["QRCode"] });
  return [code?.text, qr?.text];
}

describe("image export through the raster workers", () => {
  it("1,000 labels: all in order, grey PNGs, the first and the last scan", async () => {
    const doc = benchLabel(1000);
    const { count, images } = await nodeImages(doc, {
      range: clampRange(1000),
      sheets: new Map(),
      format: "png",
    });
    expect(count).toBe(1000);
    const kept = new Map<number, Uint8Array>();
    let n = 0;
    for await (const png of images) {
      n++;
      if (n === 1 || n === 500 || n === 1000) kept.set(n, png);
      expect(colourType(png)).toBe(0);
    }
    expect(n).toBe(1000);
    const first = decodePng(kept.get(1) as Uint8Array) as Pixels;
    const last = decodePng(kept.get(1000) as Uint8Array) as Pixels;
    expect([first.width, first.height]).toEqual([1181, 945]);
    expect(await codesOf(first)).toEqual(["INK-000001", "QR-000001"]);
    expect(await codesOf(decodePng(kept.get(500) as Uint8Array) as Pixels)).toEqual([
      "INK-000500",
      "QR-000500",
    ]);
    expect(await codesOf(last)).toEqual(["INK-001000", "QR-001000"]);
  }, 600_000);

  it("the pixels are resvg's own drawing of the label (text, codes and frame), with or without workers", async () => {
    const doc = benchLabel(3);
    const drawn: Uint8Array[][] = [];
    let svg = "";
    for (const workers of [0, 2]) {
      const { images, svg: svgOf } = await nodeImages(doc, {
        range: clampRange(3),
        sheets: new Map(),
        format: "png",
        workers,
      });
      const list: Uint8Array[] = [];
      for await (const png of images) list.push(png);
      svg = svgOf(2);
      drawn.push(list);
    }
    expect(drawn[1].map((b) => Buffer.from(b).toString("base64"))).toEqual(
      drawn[0].map((b) => Buffer.from(b).toString("base64")),
    );
    // the reference: the third label's SVG drawn by resvg on white, its pixels as they come
    await initRaster();
    const r = new Resvg(svg, {
      font: { fontBuffers: [], loadSystemFonts: false } as never,
      background: "#ffffff",
    });
    const img = r.render();
    const ref = { width: img.width, height: img.height, data: img.pixels };
    img.free();
    r.free();
    const ours = decodePng(drawn[0][2]) as Pixels;
    expect([ours.width, ours.height]).toEqual([ref.width, ref.height]);
    let differing = 0;
    let ink = 0;
    for (let i = 0; i < ref.data.length; i += 4) {
      if (ref.data[i] < 128) ink++;
      if (
        ref.data[i] !== ours.data[i] ||
        ref.data[i + 1] !== ours.data[i + 1] ||
        ref.data[i + 2] !== ours.data[i + 2]
      )
        differing++;
    }
    expect(ink).toBeGreaterThan(10_000);
    expect(differing).toBe(0);
  }, 120_000);
});
