// Headless Chromium for renderer tests: a page on a fake origin serving public/fonts, showing an SVG
// at PX_PER_MM with the shipped fonts as @font-face, and ink maps of what it drew.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";
import { fontFaceCss } from "../../src/render/fonts";

export const PX_PER_MM = 8;
const ORIGIN = "http://inkless.test";
const FONT_DIR = new URL("../../public/fonts/", import.meta.url);

export interface InkMap {
  readonly w: number;
  readonly h: number;
  /** 1 where the pixel is dark (opaque, sum of RGB < 384) */
  readonly dark: Uint8Array;
}

export async function openPage(): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  const page = await browser.newPage({ viewport: { width: 1000, height: 800 }, deviceScaleFactor: 1 });
  await page.route(`${ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.startsWith("/fonts/")) {
      const body = readFileSync(new URL(url.pathname.slice("/fonts/".length), FONT_DIR));
      await route.fulfill({ status: 200, contentType: "font/ttf", body });
    } else {
      await route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<!doctype html><html><body></body></html>",
      });
    }
  });
  await page.goto(`${ORIGIN}/`);
  return { browser, page };
}

/** Show the SVG at PX_PER_MM with the shipped fonts loaded; returns the browser's font status. */
export async function show(page: Page, svg: string, w: number, h: number): Promise<string[]> {
  const sized = svg.replace(
    /width="[\d.]+mm" height="[\d.]+mm"/,
    `width="${w * PX_PER_MM}" height="${h * PX_PER_MM}"`,
  );
  const css = `${fontFaceCss(`${ORIGIN}/fonts/`)} body{margin:0;background:#fff} svg{display:block}`;
  return page.evaluate(
    async ({ css, sized }) => {
      document.head.innerHTML = `<style>${css}</style>`;
      document.body.innerHTML = sized;
      await Promise.all([...document.fonts].map((f) => f.load().catch(() => f)));
      await document.fonts.ready;
      return [...document.fonts].map((f) => `${f.family} ${f.weight} ${f.status}`);
    },
    { css, sized },
  );
}

/** Decode a PNG in the page into a dark-pixel map. */
export async function pngInk(page: Page, png: Buffer): Promise<InkMap> {
  const res = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext("2d") as CanvasRenderingContext2D;
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let bits = "";
    for (let i = 0; i < d.length; i += 4)
      bits += d[i + 3] >= 128 && d[i] + d[i + 1] + d[i + 2] < 384 ? "1" : "0";
    return { w: c.width, h: c.height, bits };
  }, png.toString("base64"));
  return { w: res.w, h: res.h, dark: Uint8Array.from(res.bits, (c) => (c === "1" ? 1 : 0)) };
}

/** Screenshot of the shown SVG (saved as .tmp/<name>.png) as an ink map. */
export async function inkMap(page: Page, name: string): Promise<InkMap> {
  const png = await page.locator("svg").screenshot();
  mkdirSync(".tmp", { recursive: true });
  writeFileSync(`.tmp/${name}.png`, png);
  return pngInk(page, png);
}

/** Dark pixels in a pixel rectangle: horizontal extent and count. */
export function inkBox(m: InkMap, x0: number, y0: number, x1: number, y1: number) {
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let n = 0;
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(m.h, Math.ceil(y1)); y++)
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(m.w, Math.ceil(x1)); x++)
      if (m.dark[y * m.w + x]) {
        n++;
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x + 1);
      }
  return { minX, maxX, n };
}
