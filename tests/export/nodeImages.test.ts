// Images in Node for the CLI's raster export: BMP variants the fixtures do not cover (16-bit 5-6-5
// and 32-bit with alpha, bit fields; top-down rows), and what resvg is handed for each format.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeBmp, decodeImage, hrefForResvg } from "../../src/export/node/images";
import { decodePng } from "../../src/export/pdf/png";
import { initRaster } from "../../src/print/raster";

beforeAll(() => initRaster());

/** A BMP with a BITMAPV4-sized header (108 bytes, masks inside it) and the given rows. */
function bmp(bpp: 16 | 32, width: number, height: number, masks: number[], pixels: number[]): Uint8Array {
  const stride = Math.ceil((width * bpp) / 32) * 4;
  const offset = 14 + 108;
  const b = new Uint8Array(offset + stride * Math.abs(height));
  const v = new DataView(b.buffer);
  b.set([0x42, 0x4d]);
  v.setUint32(2, b.length, true);
  v.setUint32(10, offset, true);
  v.setUint32(14, 108, true);
  v.setInt32(18, width, true);
  v.setInt32(22, height, true);
  v.setUint16(26, 1, true);
  v.setUint16(28, bpp, true);
  v.setUint32(30, 3, true); // BI_BITFIELDS
  masks.forEach((m, i) => {
    v.setUint32(54 + i * 4, m, true);
  });
  pixels.forEach((p, i) => {
    const row = Math.floor(i / width);
    const at = offset + row * stride + (i % width) * (bpp / 8);
    if (bpp === 16) v.setUint16(at, p, true);
    else v.setUint32(at, p, true);
  });
  return b;
}

const rgba = (d: Uint8ClampedArray) => Array.from(d);

describe("images in Node", () => {
  it("BMP 16-bit 5-6-5, bottom-up rows", () => {
    // file order is bottom row first: red, green / blue, white
    const px = decodeBmp(bmp(16, 2, 2, [0xf800, 0x07e0, 0x001f, 0], [0xf800, 0x07e0, 0x001f, 0xffff]));
    expect(px && [px.width, px.height]).toEqual([2, 2]);
    expect(rgba((px as { data: Uint8ClampedArray }).data)).toEqual([
      0, 0, 255, 255, 255, 255, 255, 255, 255, 0, 0, 255, 0, 255, 0, 255,
    ]);
  });

  it("BMP 32-bit with an alpha mask, top-down rows (negative height)", () => {
    const px = decodeBmp(
      bmp(32, 2, -1, [0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000], [0x80112233, 0xff445566]),
    );
    expect(rgba((px as { data: Uint8ClampedArray }).data)).toEqual([
      0x11, 0x22, 0x33, 0x80, 0x44, 0x55, 0x66, 0xff,
    ]);
  });

  it("refuses what is not a BMP or is cut short", () => {
    expect(decodeBmp(new Uint8Array(60))).toBeNull();
    const whole = bmp(32, 4, 4, [0xff0000, 0xff00, 0xff, 0], new Array(16).fill(0));
    expect(decodeBmp(whole.subarray(0, whole.length - 10))).toBeNull();
  });

  it("resvg gets PNG, JPEG and GIF as they are; WebP, BMP and BLACKWHITE as a PNG", () => {
    const uri = (file: string, mime: string) =>
      `data:${mime};base64,${readFileSync(`tests/fixtures/images/${file}`).toString("base64")}`;
    for (const [f, m] of [
      ["quads.png", "image/png"],
      ["quads.jpg", "image/jpeg"],
      ["quads.gif", "image/gif"],
    ])
      expect(hrefForResvg(uri(f, m))).toBe(uri(f, m));
    for (const [f, m, threshold] of [
      ["quads.webp", "image/webp", undefined],
      ["quads-4bit.bmp", "image/bmp", undefined],
      ["quads.jpg", "image/jpeg", 127],
    ] as const) {
      const out = hrefForResvg(uri(f, m), threshold);
      expect(out.startsWith("data:image/png;base64,")).toBe(true);
      const px = decodePng(new Uint8Array(Buffer.from(out.slice(22), "base64")));
      expect(px && [px.width, px.height]).toEqual([48, 32]);
      // top right quadrant: red, or black once thresholded at 127 (its luminance is about 85)
      const i = (8 * 48 + 36) * 4;
      const tr = Array.from((px as { data: Uint8ClampedArray }).data.subarray(i, i + 3));
      if (threshold) expect(tr).toEqual([0, 0, 0]);
      else expect(tr[0]).toBeGreaterThan(150);
    }
    // not decodable: left alone (the renderer draws nothing for it, as the browser does)
    expect(hrefForResvg("data:image/webp;base64,AAAA")).toBe("data:image/webp;base64,AAAA");
    expect(decodeImage(new Uint8Array([1, 2, 3]), "image/png")).toBeNull();
  });
});
