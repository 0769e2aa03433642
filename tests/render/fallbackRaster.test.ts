// Per-character fallback on the raster paths (issue 35): the CLI's PNG export and the print
// assistant's page image of every fixture name, against a reference drawn by Chromium from the
// plain string with the same font files (its own per-character fallback and shaping, not our
// layout). A box, a missing glyph, an unjoined Arabic word, a Devanagari vowel sign after its consonant
// or words in the wrong order leave ink where the other has none.

import { mkdirSync, writeFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createResolver } from "../../src/data";
import { pngJob } from "../../src/print/job";
import { nodeImages } from "../../src/print/nodeImages";
import { FALLBACK_CHAIN, FONT_MANIFEST } from "../../src/render/fontManifest";
import { FontRegistry } from "../../src/render/fonts";
import { prepareRender, renderLabel } from "../../src/render/index";
import { type InkMap, openPage, PX_PER_MM, pngInk, show } from "./chromium";
import { names, namesLabel, namesSheets } from "./multilingual";

/** Pictures to look at in .tmp/. */
function save(name: string, png: Uint8Array): void {
  mkdirSync(".tmp", { recursive: true });
  writeFileSync(`.tmp/${name}.png`, png);
}

const W = 80;
const H = 16;

let browser: Browser;
let page: Page;
beforeAll(async () => {
  ({ browser, page } = await openPage());
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** Share of either map's ink with no ink of the other within `r` pixels (0 = same drawing). */
function inkMismatch(a: InkMap, b: InkMap, r: number): number {
  const lonely = (p: InkMap, q: InkMap) => {
    let n = 0;
    let ink = 0;
    for (let y = 0; y < p.h; y++)
      for (let x = 0; x < p.w; x++) {
        if (!p.dark[y * p.w + x]) continue;
        ink++;
        let near = false;
        for (let dy = -r; dy <= r && !near; dy++)
          for (let dx = -r; dx <= r && !near; dx++) {
            const yy = y + dy;
            const xx = x + dx;
            near = yy >= 0 && xx >= 0 && yy < q.h && xx < q.w && q.dark[yy * q.w + xx] === 1;
          }
        if (!near) n++;
      }
    return ink ? n / ink : 1;
  };
  return Math.max(lonely(a, b), lonely(b, a));
}

/**
 * Chromium draws our label's SVG, each run in the face our layout chose but with the whole chain
 * after it, so where that face lacks a glyph Chromium finds one itself (and shapes the run itself):
 * a box or a wrongly joined word on our side leaves ink where Chromium has none, or none where it has.
 */
async function reference(svg: string, tag: string): Promise<InkMap> {
  const chain = ["Noto Sans SC", ...FALLBACK_CHAIN.map((f) => f.family)];
  const ref = svg.replace(/font-family="([^"]*)"/g, (_, f: string) => {
    const own = f.replace(/^'|'$/g, "");
    return `font-family="${[own, ...chain.filter((c) => c !== own)].map((c) => `'${c}'`).join(",")}"`;
  });
  await show(page, ref, W, H);
  const png = await page.locator("svg").screenshot();
  save(`fallback-${tag}-chromium`, png);
  return pngInk(page, png);
}

async function first<T>(gen: AsyncGenerator<T>): Promise<T> {
  for await (const v of gen) return v;
  throw new Error("nothing");
}

/** Our PNG export and print image of record `i`, scaled to PX_PER_MM. */
async function ours(
  fonts: FontRegistry,
  i: number,
  tag: string,
): Promise<{ png: InkMap; print: InkMap; ref: InkMap }> {
  const sheets = await namesSheets();
  const label = namesLabel();
  const range = { from: i, to: i };
  const img = await nodeImages(label, { format: "png", fonts, sheets, range });
  const dpi = PX_PER_MM * 25.4;
  const print = await first(pngJob(label, { dpi, fonts, sheets, choices: [{ record: i, copies: 1 }] }));
  const values = createResolver(label, sheets)(i);
  await prepareRender(label, { fonts, values });
  const svg = renderLabel(label, { fonts, values });
  // the export image is at 300 dpi: Chromium scales it to the reference's size
  const pngBytes = Buffer.from(await first(img.images));
  const scaled = await page.evaluate(
    async ({ b64, w, h }) => {
      const im = new Image();
      im.src = `data:image/png;base64,${b64}`;
      await im.decode();
      const c = document.createElement("canvas");
      c.width = w;
      c.height = h;
      (c.getContext("2d") as CanvasRenderingContext2D).drawImage(im, 0, 0, w, h);
      return c.toDataURL("image/png").slice("data:image/png;base64,".length);
    },
    { b64: pngBytes.toString("base64"), w: W * PX_PER_MM, h: H * PX_PER_MM },
  );
  save(`fallback-${tag}-export`, Buffer.from(scaled, "base64"));
  save(`fallback-${tag}-print`, Buffer.from(print));
  return {
    png: await pngInk(page, Buffer.from(scaled, "base64")),
    print: await pngInk(page, Buffer.from(print)),
    ref: await reference(svg, tag),
  };
}

describe("raster paths draw every name like Chromium does", () => {
  it("PNG export and print image match Chromium's fallback for each language; without fallbacks they do not", async () => {
    const fonts = new FontRegistry();
    // the registry as it was: no fallback families, every character in the family or Noto Sans SC
    const before = new FontRegistry({ manifest: FONT_MANIFEST.filter((f) => !f.fallback) });
    const rows = names();
    const worst: string[] = [];
    for (const [i, [lang]] of rows.entries()) {
      const now = await ours(fonts, i, lang);
      const a = inkMismatch(now.png, now.ref, 3);
      const b = inkMismatch(now.print, now.ref, 3);
      expect(a, `${lang} PNG export`).toBeLessThan(0.05);
      expect(b, `${lang} print image`).toBeLessThan(0.05);
      const old = await ours(before, i, `${lang}-before`);
      const c = inkMismatch(old.print, old.ref, 3);
      worst.push(`${lang} ${a.toFixed(3)} ${b.toFixed(3)} old ${c.toFixed(3)}`);
      // languages the old chain drew with boxes
      if (["Polish", "Czech", "Turkish", "Hungarian", "Greek", "Korean"].includes(lang))
        expect(c, `${lang} before: boxes`).toBeGreaterThan(0.1);
    }
    console.log(worst.join("\n"));
  }, 300_000);
});
