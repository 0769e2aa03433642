// Same text, same place in the PNG export path: canvg (bundled into the page) draws our SVG onto a
// canvas with the shipped fonts, and every wrapped line's ink matches what Chromium drew.
import { writeFileSync } from "node:fs";
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FontRegistry } from "../../src/render/fonts";
import { renderLabel } from "../../src/render/index";
import { type InkMap, inkMap, openPage, PX_PER_MM, pngInk, show } from "./chromium";
import { texts } from "./fixtures";
import { doc, el, loadedFonts } from "./helpers";
import { expectSameLines } from "./sameLines";

let fonts: FontRegistry;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  fonts = await loadedFonts();
  ({ browser, page } = await openPage());
  const out = await build({
    stdin: { contents: 'export { Canvg } from "canvg";', resolveDir: process.cwd() },
    bundle: true,
    format: "iife",
    globalName: "inkCanvg",
    write: false,
    platform: "browser",
  });
  await page.addScriptTag({ content: out.outputFiles[0].text });
}, 60000);

afterAll(async () => {
  await browser?.close();
});

/** canvg draws the SVG (fonts already loaded in the page by `show`) on a white canvas. */
async function canvgInk(svg: string, w: number, h: number): Promise<InkMap> {
  const b64 = await page.evaluate(
    async ({ svg, w, h }) => {
      const { Canvg } = (window as unknown as { inkCanvg: typeof import("canvg") }).inkCanvg;
      const c = document.createElement("canvas");
      c.width = w;
      c.height = h;
      const ctx = c.getContext("2d") as CanvasRenderingContext2D;
      ctx.fillStyle = "#fff";
      ctx.fillRect(0, 0, w, h);
      const v = Canvg.fromString(ctx, svg, { ignoreClear: true, ignoreDimensions: false });
      await v.render();
      return c.toDataURL("image/png").slice("data:image/png;base64,".length);
    },
    { svg, w, h },
  );
  const png = Buffer.from(b64, "base64");
  writeFileSync(".tmp/render-compare-png.png", png);
  return pngInk(page, png);
}

describe("canvas (Chromium) and PNG (canvg) agree", () => {
  it("wraps at the same words and puts every line's ink in the same place", async () => {
    const els = [
      ...texts(),
      el("Text", {
        StartX: 86,
        StartY: 3,
        Width: 8,
        Height: 60,
        Data: "竖排文字ABC",
        TextArrange: 1,
        FontSize: 16,
      }),
    ];
    const svg = renderLabel(doc(els, { width: 100, height: 80 }), { fonts, target: "export" });
    await show(page, svg, 100, 80);
    const canvas = await inkMap(page, "render-compare-canvas");
    const sized = svg.replace(
      /width="100mm" height="80mm"/,
      `width="${100 * PX_PER_MM}" height="${80 * PX_PER_MM}"`,
    );
    const png = await canvgInk(sized, 100 * PX_PER_MM, 80 * PX_PER_MM);
    expect([png.w, png.h]).toEqual([canvas.w, canvas.h]);

    expectSameLines(canvas, png, els, fonts, "PNG");
  }, 120000);
});
