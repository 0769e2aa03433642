// The real comparison: Chromium draws our SVG with the shipped fonts (as @font-face) and the text
// lands where our layout says — per-run advance widths and per-line ink boxes.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FONT_MANIFEST } from "../../src/render/fontManifest";
import type { FontRegistry } from "../../src/render/fonts";
import { renderLabel } from "../../src/render/index";
import { layoutText, type TextLayout, textElementSpec } from "../../src/render/text";
import { inkBox, inkMap, openPage, PX_PER_MM, show } from "./chromium";
import { kitchenSink, texts } from "./fixtures";
import { doc, el, loadedFonts, parseSvg, walk } from "./helpers";

let fonts: FontRegistry;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  fonts = await loadedFonts();
  ({ browser, page } = await openPage());
}, 60000);

afterAll(async () => {
  await browser?.close();
});

describe("Chromium draws the layout we computed", () => {
  it("uses the shipped fonts, and every run is as wide as our metrics say", async () => {
    const d = doc(
      [
        ...texts(),
        el("Text", {
          StartX: 86,
          StartY: 3,
          Width: 8,
          Height: 70,
          Data: "竖排文字ABC",
          TextArrange: 1,
          FontSize: 16,
        }),
      ],
      { width: 100, height: 80 },
    );
    const svg = renderLabel(d, { fonts });
    const status = await show(page, svg, 100, 80);
    // every shipped face (regular and bold of each family, the fallbacks too) loads
    const faces = FONT_MANIFEST.reduce((n, f) => n + (f.boldFile ? 2 : 1), 0);
    expect(faces).toBeGreaterThan(8);
    expect(status.filter((s) => s.endsWith("loaded")).length).toBe(faces);

    // Expected widths from our registry, for every tspan.
    const expected: number[] = [];
    walk(parseSvg(svg), (n, parent) => {
      if (n.name !== "tspan" || !parent) return;
      const family = (n.attrs["font-family"] ?? parent.attrs["font-family"]).replace(/'/g, "");
      const bold = (n.attrs["font-weight"] ?? parent.attrs["font-weight"]) === "bold";
      const face = fonts.face(family, bold);
      expect(face.family).toBe(family);
      let w = 0;
      for (const ch of n.text) w += face.advance(ch.codePointAt(0) as number);
      expected.push(w * Number(parent.attrs["font-size"]));
    });
    const actual = await page.evaluate(() =>
      [...document.querySelectorAll("tspan")].map((t) =>
        (t as SVGTextContentElement).getComputedTextLength(),
      ),
    );
    expect(actual).toHaveLength(expected.length);
    let worst = 0;
    actual.forEach((a, i) => {
      // Chromium kerns inside a word (our PDF writer does not, and our layout follows the PDF); runs are
      // single words, so the difference never accumulates along a line
      worst = Math.max(worst, Math.abs(a - expected[i]));
      expect(Math.abs(a - expected[i]), `tspan ${i}`).toBeLessThan(Math.max(0.25, expected[i] * 0.03));
    });
    console.log(`runs: ${actual.length}, worst width difference ${worst.toFixed(3)} mm`);
  });

  it("puts each wrapped line's ink inside the line box our layout computed", async () => {
    const els = texts();
    const svg = renderLabel(doc(els, { width: 100, height: 80 }), { fonts });
    await show(page, svg, 100, 80);
    const ink = await inkMap(page, "render-browser-lines");
    const tol = 0.35 * PX_PER_MM; // 0.35 mm
    let lines = 0;
    for (const e of els) {
      const layout: TextLayout = layoutText(textElementSpec(e, e.Data, e.Width), fonts);
      const size = layout.size;
      expect(layout.lines.length).toBeGreaterThan(1);
      for (const line of layout.lines) {
        const top = (e.StartY + line.axis - 0.75 * size) * PX_PER_MM;
        const bottom = (e.StartY + line.axis + 0.1 * size) * PX_PER_MM;
        const box = inkBox(
          ink,
          (e.StartX - 3) * PX_PER_MM,
          top,
          (e.StartX + e.Width + 3) * PX_PER_MM,
          bottom,
        );
        const start = (e.StartX + line.start) * PX_PER_MM;
        const end = (e.StartX + line.start + line.length) * PX_PER_MM;
        expect(box.n, "line has ink").toBeGreaterThan(20);
        // (the band skips the line above's descenders)
        // ink begins and ends at the line's ends, give or take side bearings
        expect(box.minX).toBeGreaterThan(start - tol);
        expect(box.minX).toBeLessThan(start + 0.15 * size * PX_PER_MM + tol);
        expect(box.maxX).toBeLessThan(end + tol);
        expect(box.maxX).toBeGreaterThan(end - 0.15 * size * PX_PER_MM - tol);
        lines++;
      }
    }
    expect(lines).toBeGreaterThan(6);
  });

  it("draws every kind (kitchen sink): anti-mirror box dark with light text, shapes inked", async () => {
    const d = kitchenSink();
    await show(page, renderLabel(d, { fonts, target: "canvas" }), 100, 80);
    const ink = await inkMap(page, "render-kitchen-sink");
    const ratio = (x: number, y: number, w: number, h: number) =>
      inkBox(ink, x * PX_PER_MM, y * PX_PER_MM, (x + w) * PX_PER_MM, (y + h) * PX_PER_MM).n /
      (w * h * PX_PER_MM ** 2);
    const anti = d.elements[2]; // AntiMirror text
    const r = ratio(anti.StartX + 0.5, anti.StartY + 0.5, anti.Width - 1, anti.Height - 1);
    expect(r).toBeGreaterThan(0.6);
    expect(r).toBeLessThan(0.97); // white letters inside
    const filled = d.elements.find(
      (e) => e.Type === "Rectangle" && (e as { Fill: boolean }).Fill,
    ) as (typeof d.elements)[number];
    expect(ratio(filled.StartX + 1, filled.StartY + 1, filled.Width - 2, filled.Height - 2)).toBeGreaterThan(
      0.98,
    );
  });
});
