// Per-character font fallback (issue 35): every language of the fixture prints with real glyphs.
// The PDF is read back with poppler: pdftotext gives every name back, pdffonts lists the fallback
// faces, and no text operator draws glyph 0 (.notdef, the box).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { writePdf } from "../../src/export/pdf/document";
import { nodeDecoder } from "../../src/export/pdf/images";
import { concat } from "../../src/export/pdf/writer";
import { FALLBACK_CHAIN, FONT_MANIFEST } from "../../src/render/fontManifest";
import { FontRegistry } from "../../src/render/fonts";
import {
  describeChars,
  missingGlyphs,
  prepareRender,
  renderLabel,
  unprintableChars,
} from "../../src/render/index";
import { layoutText } from "../../src/render/text";
import { doc, el } from "./helpers";
import { names, namesLabel, namesSheets } from "./multilingual";

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: "utf8" });

/** Hex strings shown by Tj/TJ in every (inflated) content stream of the PDF. */
function shownHex(pdf: Uint8Array): string[] {
  const bin = Buffer.from(pdf).toString("latin1");
  const out: string[] = [];
  for (const m of bin.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let body: string;
    try {
      body = inflateSync(Buffer.from(m[1], "latin1")).toString("latin1");
    } catch {
      body = m[1];
    }
    for (const t of body.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) out.push(t[1]);
    for (const t of body.matchAll(/\[([^\]]*)\]\s*TJ/g))
      for (const h of t[1].matchAll(/<([0-9A-Fa-f]+)>/g)) out.push(h[1]);
  }
  return out;
}

describe("font fallback per character", () => {
  it("the fallback families are shipped fonts marked as such, with the scripts they cover", () => {
    for (const { family } of FALLBACK_CHAIN) {
      const entry = FONT_MANIFEST.find((f) => f.name === family);
      expect(entry?.fallback, family).toBe(true);
      expect(entry?.scripts?.length, family).toBeGreaterThan(0);
    }
    expect(FONT_MANIFEST.filter((f) => f.fallback).map((f) => f.name)).toEqual(
      FALLBACK_CHAIN.map((f) => f.family),
    );
  });

  it("loads only the fallback faces a text needs, and every glyph comes from a face that has it", async () => {
    const fonts = new FontRegistry();
    const label = doc([el("Text", { Data: "Ελιές ł ż ő ş ř" })]);
    await prepareRender(label, { fonts });
    expect(fonts.isLoaded("Noto Sans")).toBe(true);
    for (const f of ["Noto Sans Arabic", "Noto Sans KR", "Noto Sans JP", "Noto Sans TC", "Noto Sans Thai"])
      expect(fonts.isLoaded(f), f).toBe(false);
    const layout = layoutText({ text: "Ελιές ł ż ő ş ř", family: "Noto Sans SC", sizePt: 12 }, fonts);
    const glyphs = layout.lines.flatMap((l) => l.glyphs).filter((g) => g.ch !== " ");
    for (const g of glyphs) expect(g.face.has(g.cp), g.ch).toBe(true);
    expect(glyphs.find((g) => g.ch === "έ")?.face.family).toBe("Noto Sans");
    // the SVG names the fallback face on the run it draws
    expect(renderLabel(label, { fonts })).toMatch(/font-family="Noto Sans"[^>]*>έ/);
    expect(missingGlyphs(label, fonts).size).toBe(0);
  }, 60_000);

  it("bold text falls back to the fallback's bold face, or strokes a regular one", async () => {
    const fonts = new FontRegistry();
    await prepareRender(doc([el("Text", { Data: "ł 한", Bold: true })]), { fonts });
    const layout = layoutText({ text: "ł한", family: "Noto Sans SC", sizePt: 12, bold: true }, fonts);
    const [l, k] = layout.lines[0].glyphs;
    expect([l.face.family, l.face.bold]).toEqual(["Noto Sans", true]);
    expect([k.face.family, k.face.bold]).toEqual(["Noto Sans KR", false]);
    expect(layout.syntheticBold).toBe(true);
  }, 60_000);

  it("a character no shipped font has is reported, not drawn as a silent box", async () => {
    const fonts = new FontRegistry();
    const label = doc([el("Text", { Id: "t1", Data: "OK ሰላም" })]);
    await prepareRender(label, { fonts });
    expect(missingGlyphs(label, fonts)).toEqual(new Map([["t1", "ሰላም"]]));
  }, 60_000);

  it("the multilingual CSV as a PDF: every name comes back, fallbacks embedded, no .notdef", async () => {
    const fonts = new FontRegistry();
    const sheets = await namesSheets();
    const r = await writePdf(namesLabel(), { fonts, decoder: nodeDecoder, pageMode: "label", sheets });
    const rows = names();
    expect(r.count).toBe(rows.length);
    mkdirSync(".tmp", { recursive: true });
    const path = ".tmp/multilingual.pdf";
    const bytes = concat(r.chunks);
    writeFileSync(path, bytes);
    for (const [i, [lang, name]] of rows.entries()) {
      const page = run("pdftotext", ["-f", String(i + 1), "-l", String(i + 1), path, "-"]).trim();
      // exactly, in logical order; pdftotext wraps a right-to-left line in embedding marks (RLE … PDF)
      expect(page.replace(/^\u202b([\s\S]*)\u202c$/, "$1"), lang).toBe(name);
    }
    const list = run("pdffonts", [path]);
    for (const f of [
      "Noto Sans SC",
      "Noto Sans",
      "Noto Sans Arabic",
      "Noto Sans Hebrew",
      "Noto Sans Thai",
      "Noto Sans KR",
    ])
      expect(list, f).toMatch(new RegExp(`\\+${f}\\s+CID TrueType\\s+Identity-H\\s+yes yes yes`));
    // CIDs are glyphs renumbered from 1 in order of use: CID 0 would be .notdef
    const shown = shownHex(bytes);
    expect(shown.length).toBeGreaterThan(rows.length);
    for (const h of shown) expect(h.match(/.{4}/g), h).not.toContain("0000");
    expect(readFileSync(path).length).toBeLessThan(400_000);
  }, 120_000);
});

describe("characters no font draws", () => {
  it("are named for the print dialog, from the label and from its records", async () => {
    const fonts = new FontRegistry();
    const label = doc([el("Text", { Data: "Olive ሰላም" }), el("Text", { Data: "Ελιές" })]);
    const chars = "ᎣᏍᏓ abc"; // Cherokee in a record
    await prepareRender(label, { fonts, chars });
    expect(unprintableChars(label, fonts, chars)).toBe("ሰላምᎣᏍᏓ");
    expect(unprintableChars(doc([el("Text", { Data: "Ελιές łź" })]), fonts)).toBe("");
    expect(describeChars("ሰላ")).toBe("ሰ U+1230, ላ U+120B");
  }, 60_000);
});
