// Decompression bombs (issue 33 item 2): every decoder we run reads the picture's size from its
// header and refuses it above the pixel cap before allocating, and a PNG whose data inflates past
// what its header promises is refused after about the promised bytes, not after 1 GiB.
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodeImage, hrefForResvg } from "../../src/export/node/images";
import { decodePng, encodePng } from "../../src/export/pdf/png";
import {
  ImageTooLarge,
  imageHeader,
  inflateAtMost,
  isImageTooLarge,
  MAX_IMAGE_PIXELS,
} from "../../src/image/guard";
import { decodeImageDataUrl } from "../../src/server/files/dataUrl";
import { decodePicture } from "../../src/server/picture/pixels";
import {
  bmpClaiming,
  gifClaiming,
  jpegClaiming,
  pngBomb,
  pngOf,
  webpClaiming,
  zlibZeros,
} from "./support/bombs";

const HUGE = 60_000;
const dataUri = (mime: string, b: Uint8Array) => `data:${mime};base64,${Buffer.from(b).toString("base64")}`;

describe("picture decoders refuse bombs", () => {
  it("the fixture: a zlib stream of zeros built without holding them", () => {
    const z = zlibZeros(4 * 1024 * 1024);
    const out = inflateSync(z);
    expect(out.length).toBe(4 * 1024 * 1024);
    expect(out.every((b) => b === 0)).toBe(true);
    expect(pngBomb().length).toBeLessThan(2 * 1024 * 1024);
  });

  it("a 1 × 1 PNG whose data inflates to 1 GiB is refused without inflating it", () => {
    const bomb = pngBomb();
    const before = process.memoryUsage().rss;
    expect(() => decodePng(bomb)).toThrow(ImageTooLarge);
    expect(() => decodePicture(bomb)).toThrow(ImageTooLarge);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it("the bounded inflater stops at the promised size and lets an honest stream through", () => {
    expect(() => inflateAtMost(zlibZeros(64 * 1024 * 1024), 1000)).toThrow(ImageTooLarge);
    expect(inflateAtMost(zlibZeros(2 * 1024 * 1024), 2 * 1024 * 1024).length).toBe(2 * 1024 * 1024);
  });

  it("headers claiming 60000 × 60000 are read and refused before decoding", () => {
    const claims = {
      png: pngOf(HUGE, HUGE, zlibZeros(1024 * 1024)),
      jpeg: jpegClaiming(HUGE, HUGE),
      gif: gifClaiming(HUGE, HUGE),
      bmp: bmpClaiming(HUGE, HUGE),
      webp: webpClaiming(HUGE, HUGE),
    };
    for (const [kind, bytes] of Object.entries(claims))
      expect(imageHeader(bytes)).toEqual({ kind, width: HUGE, height: HUGE });
    // picture to label (server)
    expect(() => decodePicture(claims.png)).toThrow(ImageTooLarge);
    expect(() => decodePicture(claims.jpeg)).toThrow(ImageTooLarge);
    // the CLI's decoders (PDF and PNG/JPEG export)
    expect(() => decodePng(claims.png)).toThrow(ImageTooLarge);
    for (const [mime, bytes] of [
      ["image/jpeg", claims.jpeg],
      ["image/gif", claims.gif],
      ["image/bmp", claims.bmp],
      ["image/webp", claims.webp],
    ] as const) {
      expect(() => decodeImage(bytes, mime)).toThrow(ImageTooLarge);
      // resvg draws PNG, JPEG and GIF itself: their header is checked before it sees them
      expect(() => hrefForResvg(dataUri(mime, bytes))).toThrow(ImageTooLarge);
    }
  });

  it("avatars and feedback screenshots: a header over the cap is refused before it is stored", () => {
    const url = (mime: string, b: Uint8Array) => dataUri(mime, b);
    const small = encodePng({ width: 2, height: 2, data: new Uint8ClampedArray(16).fill(255) });
    expect(decodeImageDataUrl(url("image/png", small), 1 << 20)).toMatchObject({ ext: ".png" });
    expect(
      decodeImageDataUrl(url("image/png", pngOf(HUGE, HUGE, zlibZeros(1024 * 1024))), 1 << 21),
    ).toBeNull();
    expect(decodeImageDataUrl(url("image/jpeg", jpegClaiming(HUGE, HUGE)), 1 << 20)).toBeNull();
  });

  it("a refusal is still recognised once a worker has passed on its name and message", () => {
    const e = new ImageTooLarge("60000 × 60000 pixels");
    const rebuilt = Object.assign(new Error(e.message), { name: e.name });
    expect(isImageTooLarge(rebuilt)).toBe(true);
    expect(isImageTooLarge(new Error("other"))).toBe(false);
  });

  it("pictures within the cap still decode", () => {
    const side = 64;
    const data = new Uint8ClampedArray(side * side * 4).fill(200);
    const png = encodePng({ width: side, height: side, data });
    expect(decodePng(png)).toMatchObject({ width: side, height: side });
    expect(decodePicture(png)).toMatchObject({ width: side, height: side });
    expect(imageHeader(jpegClaiming(7000, 5000))).toMatchObject({ width: 7000, height: 5000 });
    expect(7000 * 5000).toBeLessThan(MAX_IMAGE_PIXELS);
  });
});
