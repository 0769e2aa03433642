// BLACKWHITE image preview: the pure threshold in Node, the canvas path in Chromium.
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareThreshold, thresholdPixels } from "../../src/render/imageThreshold";
import { renderLabel } from "../../src/render/index";
import { openPage } from "./chromium";
import { PNG_1PX } from "./fixtures";
import { doc, el, loadedFonts } from "./helpers";

describe("thresholdPixels", () => {
  it("turns every pixel black or white by luminance at the threshold; transparent is white", () => {
    const px = new Uint8ClampedArray([
      ...[0, 0, 0, 255], // black
      ...[255, 255, 255, 255], // white
      ...[127, 127, 127, 255], // exactly the threshold → black
      ...[128, 128, 128, 255], // just above → white
      ...[255, 0, 0, 255], // red: luminance 76 → black
      ...[0, 255, 0, 255], // green: 150 → white
      ...[0, 0, 0, 0], // transparent → white
    ]);
    thresholdPixels(px, 127);
    const v = Array.from({ length: 7 }, (_, i) => [px[i * 4], px[i * 4 + 3]]);
    expect(v).toEqual([
      [0, 255],
      [255, 255],
      [0, 255],
      [255, 255],
      [0, 255],
      [255, 255],
      [255, 255],
    ]);
  });

  it("has no canvas in Node: the colour image is rendered", async () => {
    const src = `data:image/png;base64,${PNG_1PX}`;
    expect(await prepareThreshold(src)).toBeNull();
    const fonts = await loadedFonts();
    const svg = renderLabel(doc([el("Image", { imageSrc: src, imageDisplayMode: "BLACKWHITE" })]), { fonts });
    expect(svg).toContain(`href="${src}"`);
  });
});

describe("in the browser", () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    ({ browser, page } = await openPage());
    const out = await build({
      entryPoints: [new URL("../../src/render/imageThreshold.ts", import.meta.url).pathname],
      bundle: true,
      format: "iife",
      globalName: "inkThreshold",
      write: false,
    });
    await page.addScriptTag({ content: out.outputFiles[0].text });
  }, 60000);
  afterAll(async () => {
    await browser?.close();
  });

  it("prepares a black/white PNG of a grey gradient once per source", async () => {
    const res = await page.evaluate(async () => {
      const t = (window as unknown as { inkThreshold: typeof import("../../src/render/imageThreshold") })
        .inkThreshold;
      const c = document.createElement("canvas");
      c.width = 256;
      c.height = 4;
      const ctx = c.getContext("2d") as CanvasRenderingContext2D;
      for (let x = 0; x < 256; x++) {
        ctx.fillStyle = `rgb(${x},${x},${x})`;
        ctx.fillRect(x, 0, 1, 4);
      }
      const src = c.toDataURL("image/png");
      const bw = await t.prepareThreshold(src, 127);
      const again = t.thresholdedImage(src, 127);
      const img = new Image();
      img.src = bw as string;
      await img.decode();
      const d = document.createElement("canvas");
      d.width = img.width;
      d.height = img.height;
      const dctx = d.getContext("2d") as CanvasRenderingContext2D;
      dctx.drawImage(img, 0, 0);
      const data = dctx.getImageData(0, 0, d.width, 1).data;
      const row: number[] = [];
      for (let i = 0; i < data.length; i += 4) row.push(data[i]);
      return { same: again === bw, png: (bw as string).startsWith("data:image/png;base64,"), row };
    });
    expect(res.same).toBe(true);
    expect(res.png).toBe(true);
    expect(res.row).toHaveLength(256);
    expect(new Set(res.row)).toEqual(new Set([0, 255]));
    expect(res.row.slice(0, 128).every((v) => v === 0)).toBe(true);
    expect(res.row.slice(128).every((v) => v === 255)).toBe(true);
  });
});
