// The export's PNG encoder: grey labels as 8-bit grey, anything coloured as RGB, both read back
// pixel for pixel, with the dpi tag.
import { describe, expect, it } from "vitest";
import { pngDpi } from "../../src/export/dpi";
import { decodePng } from "../../src/export/pdf/png";
import { encodeOpaquePng } from "../../src/image/pngEncode";

function picture(width: number, height: number, colour: (x: number, y: number) => [number, number, number]) {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set([...colour(x, y), 255], (y * width + x) * 4);
  return { width, height, data };
}

const rgbOf = (d: Uint8Array | Uint8ClampedArray) => [...d].filter((_, i) => i % 4 !== 3);

describe("encodeOpaquePng", () => {
  it("a grey picture is 8-bit grey, read back exactly, tagged with its dpi", () => {
    const g = (x: number, y: number) => ((x * 37 + y * 11) % 256) as number;
    const img = picture(33, 17, (x, y) => [g(x, y), g(x, y), g(x, y)]);
    const png = encodeOpaquePng(img, { dpi: 300 });
    expect([png[24], png[25]]).toEqual([8, 0]); // bit depth, colour type grey
    expect(pngDpi(png)).toBe(300);
    const back = decodePng(png);
    expect([back?.width, back?.height]).toEqual([33, 17]);
    expect(rgbOf(back?.data ?? new Uint8Array())).toEqual(rgbOf(img.data));
  });

  it("one coloured pixel makes it RGB, read back exactly; no dpi, no tag", () => {
    const img = picture(20, 9, (x, y) => (x === 19 && y === 8 ? [200, 10, 30] : [x * 9, x * 9, x * 9]));
    const png = encodeOpaquePng(img);
    expect([png[24], png[25]]).toEqual([8, 2]);
    expect(pngDpi(png)).toBeNull();
    expect(rgbOf(decodePng(png)?.data ?? new Uint8Array())).toEqual(rgbOf(img.data));
  });

  it("a label's white paper compresses to almost nothing", () => {
    const png = encodeOpaquePng(picture(1181, 945, () => [255, 255, 255]));
    expect(png.length).toBeLessThan(5000);
  });
});
