// Same text, same place: the SVG drawn by Chromium (the canvas) and converted by svg2pdf.js + jsPDF
// (the PDF export, fonts embedded from public/fonts) and rasterised by pdftoppm agree line by line.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FONT_MANIFEST } from "../../src/render/fontManifest";
import type { FontRegistry } from "../../src/render/fonts";
import { renderLabel } from "../../src/render/index";
import { layoutText, textElementSpec } from "../../src/render/text";
import { type InkMap, inkBox, inkMap, openPage, PX_PER_MM, pngInk, show } from "./chromium";
import { texts } from "./fixtures";
import { doc, el, loadedFonts } from "./helpers";

let fonts: FontRegistry;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  fonts = await loadedFonts();
  ({ browser, page } = await openPage());
  await page.addScriptTag({ path: "node_modules/jspdf/dist/jspdf.umd.min.js" });
  await page.addScriptTag({ path: "node_modules/svg2pdf.js/dist/svg2pdf.umd.min.js" });
}, 60000);

afterAll(async () => {
  await browser?.close();
});

/** Convert the SVG to a PDF in the page (jsPDF + svg2pdf, shipped fonts embedded), rasterise it. */
async function pdfInk(svg: string, w: number, h: number, name: string): Promise<InkMap> {
  const faces = FONT_MANIFEST.filter((f) => f.name !== "Roboto Mono").flatMap((f) => [
    { family: f.name, file: f.file, style: "normal" },
    { family: f.name, file: f.boldFile as string, style: "bold" },
  ]);
  const payload = faces.map((f) => ({
    ...f,
    b64: readFileSync(`public/fonts/${f.file}`).toString("base64"),
  }));
  const b64 = await page.evaluate(
    async ({ svg, payload, w, h }) => {
      interface Pdf {
        addFileToVFS(name: string, b64: string): void;
        addFont(file: string, family: string, style: string): void;
        svg(el: Element | null, o: object): Promise<unknown>;
        output(kind: "arraybuffer"): ArrayBuffer;
      }
      const { jsPDF } = (window as unknown as { jspdf: { jsPDF: new (o: object) => Pdf } }).jspdf;
      const pdf = new jsPDF({ unit: "mm", format: [w, h], orientation: w > h ? "landscape" : "portrait" });
      for (const f of payload) {
        pdf.addFileToVFS(f.file, f.b64);
        pdf.addFont(f.file, f.family, f.style);
      }
      const host = document.createElement("div");
      host.innerHTML = svg;
      document.body.appendChild(host);
      await pdf.svg(host.firstElementChild, { x: 0, y: 0, width: w, height: h });
      host.remove();
      const u = new Uint8Array(pdf.output("arraybuffer"));
      let s = "";
      for (let i = 0; i < u.length; i += 0x8000) s += String.fromCharCode(...u.subarray(i, i + 0x8000));
      return btoa(s);
    },
    { svg, payload, w, h },
  );
  mkdirSync(".tmp", { recursive: true });
  const pdfPath = `.tmp/${name}.pdf`;
  (await import("node:fs")).writeFileSync(pdfPath, Buffer.from(b64, "base64"));
  execFileSync("pdftoppm", ["-r", String(PX_PER_MM * 25.4), "-png", "-singlefile", pdfPath, `.tmp/${name}`], {
    stdio: "ignore",
  });
  return pngInk(page, readFileSync(`.tmp/${name}.png`));
}

describe("canvas (Chromium) and PDF (svg2pdf) agree", () => {
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
    const pdf = await pdfInk(svg, 100, 80, "render-compare-pdf");
    expect([pdf.w, pdf.h]).toEqual([canvas.w, canvas.h]);

    const tol = 0.4 * PX_PER_MM; // kerning (Chromium only) stays within a word
    let lines = 0;
    for (const e of els.slice(0, 3)) {
      const layout = layoutText(textElementSpec(e as never, (e as { Data: string }).Data, e.Width), fonts);
      for (const line of layout.lines) {
        const top = (e.StartY + line.axis - 0.75 * layout.size) * PX_PER_MM;
        const bottom = (e.StartY + line.axis + 0.1 * layout.size) * PX_PER_MM;
        const x0 = (e.StartX - 3) * PX_PER_MM;
        const x1 = (e.StartX + e.Width + 3) * PX_PER_MM;
        const a = inkBox(canvas, x0, top, x1, bottom);
        const b = inkBox(pdf, x0, top, x1, bottom);
        expect(b.n, "the PDF line has ink").toBeGreaterThan(20);
        expect(Math.abs(a.minX - b.minX)).toBeLessThanOrEqual(tol);
        expect(Math.abs(a.maxX - b.maxX)).toBeLessThanOrEqual(tol);
        expect(b.n / a.n).toBeGreaterThan(0.8);
        expect(b.n / a.n).toBeLessThan(1.25);
        lines++;
      }
    }
    expect(lines).toBeGreaterThan(8);
    // and the vertical column: same ink in the same band
    const v = els[3];
    const a = inkBox(
      canvas,
      v.StartX * PX_PER_MM,
      v.StartY * PX_PER_MM,
      (v.StartX + 8) * PX_PER_MM,
      (v.StartY + 60) * PX_PER_MM,
    );
    const b = inkBox(
      pdf,
      v.StartX * PX_PER_MM,
      v.StartY * PX_PER_MM,
      (v.StartX + 8) * PX_PER_MM,
      (v.StartY + 60) * PX_PER_MM,
    );
    expect(Math.abs(a.minX - b.minX)).toBeLessThanOrEqual(tol);
    expect(b.n / a.n).toBeGreaterThan(0.8);
  }, 180000);
});
