// A shaped word longer than its box breaks inside the word (issue 35): Thai, Arabic and Devanagari
// words in a narrow auto-line box break only between grapheme clusters the shaper kept apart (never
// inside a Thai consonant with its marks, an Arabic lam-alef ligature or a Devanagari conjunct), each
// piece shaped alone. The canvas (Chromium), the PDF (our writer, rasterised by pdftoppm) and the
// printer raster keep every glyph inside the box, and pdftotext gives all the text back.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writePdf } from "../../src/export/pdf/document";
import { nodeDecoder } from "../../src/export/pdf/images";
import { concat } from "../../src/export/pdf/writer";
import type { LabelDocument, TextElement } from "../../src/model/types";
import { dotAt } from "../../src/print/bitmap";
import { initRaster, rasterPage } from "../../src/print/raster";
import type { FontRegistry } from "../../src/render/fonts";
import { prepareRender, renderLabel } from "../../src/render/index";
import { layoutText, textElementSpec } from "../../src/render/text";
import { wordBreaks } from "../../src/render/text/breakWord";
import { loadShaper } from "../../src/render/text/shaper";
import { inkMap, openPage, PX_PER_MM, pngInk, show } from "./chromium";
import { doc, el, loadedFonts } from "./helpers";

// one long word each (Thai is written without spaces between words)
const WORDS = {
  thai: "สวัสดีครับยินดีต้อนรับสู่ประเทศไทย",
  arabic: "فاستسقيناكموها",
  devanagari: "अन्तर्राष्ट्रीयकरणसम्बन्धी",
} as const;
const BOX = 11; // mm: a fraction of each word's width at 12 pt
const PITCH = 36; // mm between the elements' tops: room for their lines

let fonts: FontRegistry;
let browser: Browser;
let page: Page;
let label: LabelDocument;

const texts = () => label.elements as TextElement[];
const lines = (t: TextElement) => layoutText(textElementSpec(t, t.Data), fonts).lines;

beforeAll(async () => {
  fonts = await loadedFonts();
  expect(await loadShaper()).toBe(true);
  label = doc(
    Object.values(WORDS).map(
      (w, i) =>
        el("Text", {
          Id: `word${i}`,
          Data: w,
          FontSize: 12,
          TextAutoLine: true,
          BoxWidth: BOX,
          Width: BOX,
          Height: PITCH - 2,
          StartX: 6,
          StartY: 2 + i * PITCH,
          DataSourceList: [],
        }) as TextElement,
    ),
    { width: 30, height: 3 * PITCH },
  );
  await prepareRender(label, { fonts });
  ({ browser, page } = await openPage());
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** A picture of the label: `dark(x, y)` in pixels, `scale` pixels per mm. */
interface Picture {
  readonly w: number;
  readonly h: number;
  readonly scale: number;
  dark(x: number, y: number): boolean;
}

/** Every line of every word has ink, and all ink in a word's rows lies inside its box. */
function expectInBox(p: Picture, name: string) {
  for (const t of texts()) {
    const size = (t.FontSize * 25.4) / 72;
    for (const [li] of lines(t).entries()) {
      const y0 = Math.floor((t.StartY + li * size * 1.1) * p.scale);
      const y1 = Math.ceil((t.StartY + (li + 1) * size * 1.1) * p.scale);
      let [minX, maxX, n] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0];
      // across the whole label width: ink past the box is the defect
      for (let y = y0; y < Math.min(y1, p.h); y++)
        for (let x = 0; x < p.w; x++)
          if (p.dark(x, y)) {
            n++;
            minX = Math.min(minX, x);
            maxX = Math.max(maxX, x + 1);
          }
      const what = `${name} ${t.Id} line ${li + 1}`;
      expect(n, `${what} has ink`).toBeGreaterThan(0);
      // a small allowance for anti-aliasing, the printer's dot grid and marks overhanging their advance
      expect(minX / p.scale - t.StartX, `${what} starts in the box`).toBeGreaterThanOrEqual(-0.4);
      expect(maxX / p.scale - t.StartX, `${what} ends in the box`).toBeLessThanOrEqual(BOX + 0.4);
    }
  }
}

describe("a shaped word longer than its box", () => {
  it("breaks at grapheme and glyph cluster boundaries into pieces that fit, all text kept", () => {
    for (const t of texts()) {
      const ls = lines(t);
      expect(ls.length, t.Data).toBeGreaterThan(1);
      const pieces = ls.map((l) => {
        expect(l.glyphs, t.Data).toHaveLength(1);
        return l.glyphs[0];
      });
      // in logical order, the pieces are the word
      expect(pieces.map((g) => g.ch).join("")).toBe(t.Data);
      const whole = layoutText({ ...textElementSpec(t, t.Data), autoLine: false }, fonts).lines[0].glyphs[0];
      const allowed = wordBreaks(t.Data, whole.shaped ?? []);
      let at = 0;
      for (const [i, g] of pieces.entries()) {
        const adv = ((g.shaped ?? []).reduce((a, s) => a + s.ax, 0) / g.face.unitsPerEm) * ((12 * 25.4) / 72);
        expect(g.x, `${t.Id} piece ${i + 1}`).toBeGreaterThanOrEqual(-1e-6);
        expect(g.x + adv, `${t.Id} piece ${i + 1}`).toBeLessThanOrEqual(BOX + 1e-6);
        if (i > 0) expect(allowed, `${t.Id} breaks at ${at}`).toContain(at);
        at += g.ch.length;
      }
    }
  });

  it("never inside a grapheme cluster nor a conjunct the shaper merged", () => {
    const seg = new Intl.Segmenter(undefined, { granularity: "grapheme" });
    for (const w of Object.values(WORDS)) {
      const shaped = layoutText({ text: w, family: "Noto Sans SC", sizePt: 12 }, fonts).lines[0].glyphs[0]
        .shaped;
      const starts = new Set([...seg.segment(w)].map((s) => s.index));
      for (const b of wordBreaks(w, shaped ?? [])) expect(starts.has(b)).toBe(true);
    }
    // Devanagari: the conjunct क्ष (ka, virama, ssa) is one cluster
    const ksha = "क्ष";
    const g = layoutText({ text: ksha, family: "Noto Sans SC", sizePt: 12 }, fonts).lines[0].glyphs[0].shaped;
    expect(wordBreaks(ksha, g ?? [])).toEqual([]);
  });

  it("canvas (Chromium): every glyph in the box", async () => {
    const svg = renderLabel(label, { fonts, target: "canvas" });
    await show(page, svg, label.attrs.width, label.attrs.height);
    const m = await inkMap(page, "render-break-word-canvas");
    expectInBox({ w: m.w, h: m.h, scale: PX_PER_MM, dark: (x, y) => m.dark[y * m.w + x] === 1 }, "canvas");
  });

  it("PDF (our writer): every glyph in the box, pdftotext gives each word back", async () => {
    const r = await writePdf(label, { fonts, decoder: nodeDecoder, pageMode: "label" });
    mkdirSync(".tmp", { recursive: true });
    const path = ".tmp/render-break-word.pdf";
    writeFileSync(path, concat(r.chunks));
    // each word's own rows of the page (pdftotext's crop is in points at its default 72 dpi)
    const pt = 72 / 25.4;
    for (const t of texts()) {
      const crop = [
        "-x",
        "0",
        "-y",
        String(Math.floor(t.StartY * pt)),
        "-W",
        "1000",
        "-H",
        String(Math.floor((PITCH - 1) * pt)),
      ];
      const text = execFileSync("pdftotext", [...crop, path, "-"], { encoding: "utf8" });
      // a piece per line; a right-to-left line wrapped in embedding marks (RLE … PDF)
      expect(text.replace(/[\s\u202a-\u202e]/g, "")).toBe(t.Data);
    }
    execFileSync(
      "pdftoppm",
      ["-r", String(PX_PER_MM * 25.4), "-png", "-singlefile", path, ".tmp/render-break-word-pdf"],
      { stdio: "ignore" },
    );
    const m = await pngInk(page, readFileSync(".tmp/render-break-word-pdf.png"));
    expectInBox({ w: m.w, h: m.h, scale: PX_PER_MM, dark: (x, y) => m.dark[y * m.w + x] === 1 }, "PDF");
  });

  it("printer raster (203 dpi): every glyph in the box", async () => {
    await initRaster();
    const dpi = 203;
    const bmp = rasterPage(label, [0], () => new Map(), { dpi, fonts });
    expectInBox(
      { w: bmp.width, h: bmp.height, scale: dpi / 25.4, dark: (x, y) => dotAt(bmp, x, y) },
      "printer",
    );
  });
});
