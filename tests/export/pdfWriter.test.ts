// The DOM-free PDF writer in Node (as the CLI runs it): font subsets that other software reads back,
// path data, the SVG reader, and whole PDFs checked with poppler (text, fonts, images) and zxing.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzlibSync, zlibSync } from "fflate";
import * as opentype from "opentype.js";
import { afterAll, describe, expect, it } from "vitest";
import { windowBitsFor } from "../../src/export/pdf/deflate";
import { STREAM_CHUNK, writePdf } from "../../src/export/pdf/document";
import { nodeDecoder } from "../../src/export/pdf/images";
import { fillOperators, pathOperators } from "../../src/export/pdf/pathData";
import { decodePng, type Pixels } from "../../src/export/pdf/png";
import { TrueTypeFont } from "../../src/export/pdf/trueType";
import { concat } from "../../src/export/pdf/writer";
import { parseSvg, partId, topLevelParts } from "../../src/export/svg/tree";
import { createDataSource } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import type { LabelDocument, LabelElement } from "../../src/model/types";
import { decode } from "../codes/support/zxing";
import { benchLabel } from "./support/labels";
import { pdfjsPage } from "./support/pdfjs";

const dir = mkdtempSync(join(tmpdir(), "inkless-pdfw-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: "utf8" });
const fontBytes = (f: string) => {
  const b = readFileSync(`public/fonts/${f}`);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
};
const ot = ((opentype as { default?: typeof opentype }).default ?? opentype) as typeof opentype;

async function pdfOf(doc: LabelDocument, name: string, opts: Record<string, unknown> = {}) {
  const r = await writePdf(doc, { decoder: nodeDecoder, pageMode: "label", ...opts });
  const bytes = concat(r.chunks);
  const path = join(dir, `${name}.pdf`);
  writeFileSync(path, bytes);
  return { path, bytes, count: r.count };
}

function pagePng(pdf: string, n: number, dpi: number): Uint8Array {
  const out = join(dir, `p${n}-${dpi}-${Math.random().toString(36).slice(2)}`);
  run("pdftoppm", ["-png", "-r", String(dpi), "-f", String(n), "-l", String(n), "-singlefile", pdf, out]);
  return new Uint8Array(readFileSync(`${out}.png`));
}

/**
 * The modules of a square code drawn on a label-size page at `scale` (72 dpi × scale), found as the
 * box of the ink inside `area` (mm): `dark` per module (sampled at its centre, row by row) and the
 * pixels that lie wholly on dark modules yet are not black (`seams`, as "x,y").
 */
function moduleGrid(px: Pixels, scale: number, area: { x: number; y: number; size: number }, n: number) {
  const mm = (72 * scale) / 25.4;
  const lum = (x: number, y: number) => px.data[(y * px.width + x) * 4 + 1];
  let [x0, y0, x1, y1] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, 0, 0];
  for (let y = Math.floor(area.y * mm); y < (area.y + area.size) * mm; y++)
    for (let x = Math.floor(area.x * mm); x < (area.x + area.size) * mm; x++)
      if (lum(x, y) < 128)
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  const m = (x1 + 1 - x0) / n;
  const dark: string[] = [];
  for (let j = 0; j < n; j++)
    for (let i = 0; i < n; i++)
      dark.push(lum(Math.floor(x0 + (i + 0.5) * m), Math.floor(y0 + (j + 0.5) * m)) < 128 ? "1" : "0");
  const onDark = (a: number, b: number) => a >= 0 && b >= 0 && a < n && b < n && dark[b * n + a] === "1";
  const seams: string[] = [];
  // a pixel whose neighbourhood (1 px around it: room for the box found to the pixel) lies wholly on
  // dark modules
  for (let y = y0 + 1; y < y1; y++)
    for (let x = x0 + 1; x < x1; x++) {
      const cells = [-1, 2].flatMap((dy) =>
        [-1, 2].map((dx) => [Math.floor((x + dx - x0) / m), Math.floor((y + dy - y0) / m)]),
      );
      const [[a0, b0], , , [a1, b1]] = cells;
      let all = true;
      for (let b = b0; b <= b1 && all; b++) for (let a = a0; a <= a1 && all; a++) all = onDark(a, b);
      if (all && lum(x, y) > 24) seams.push(`${x},${y}`);
    }
  return { dark, seams };
}

// A PNG encoder for test images (RGBA, filter 0).
function crc32(b: Uint8Array): number {
  let c = ~0;
  for (const x of b) {
    c ^= x;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function png(w: number, h: number, rgba: number[]): string {
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const v = new DataView(out.buffer);
    v.setUint32(0, data.length);
    for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
    out.set(data, 8);
    v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
    return out;
  };
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, w);
  new DataView(ihdr.buffer).setUint32(4, h);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const raw = new Uint8Array(h * (1 + w * 4));
  for (let y = 0; y < h; y++) raw.set(rgba.slice(y * w * 4, (y + 1) * w * 4), y * (1 + w * 4) + 1);
  const sig = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
  const file = concat([
    sig,
    chunk("IHDR", ihdr),
    chunk("IDAT", zlibSync(raw)),
    chunk("IEND", new Uint8Array()),
  ]);
  return `data:image/png;base64,${Buffer.from(file).toString("base64")}`;
}

describe("TrueType subset", () => {
  it("keeps the drawn glyphs (composite parts too) with their outlines and advances", () => {
    const bytes = fontBytes("Roboto-Regular.ttf");
    const f = new TrueTypeFont(bytes);
    const orig = ot.parse(bytes);
    const ring = f.glyphId(0xc5); // Å: a composite glyph (A + ring) in Roboto
    const a = f.glyphId(0x41);
    expect(ring).toBeGreaterThan(0);
    expect(a).toBe(orig.charToGlyphIndex("A"));
    const { file, map } = f.subset([0, ring, a]);
    expect(map.get(ring)).toBe(1);
    expect(map.get(a)).toBe(2);
    expect(map.size).toBeGreaterThan(3); // the ring component was pulled in
    const sub = ot.parse(
      file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer,
    );
    expect(sub.numGlyphs).toBe(map.size);
    for (const [old, now] of [
      [ring, 1],
      [a, 2],
    ]) {
      const g0 = orig.glyphs.get(old) as unknown as { advanceWidth: number; getBoundingBox(): object };
      const g1 = sub.glyphs.get(now) as unknown as { advanceWidth: number; getBoundingBox(): object };
      expect(g1.advanceWidth).toBe(g0.advanceWidth);
      expect(g1.getBoundingBox()).toEqual(g0.getBoundingBox());
    }
  });

  it("maps CJK through the format 12 cmap; unknown characters are .notdef", () => {
    const f = new TrueTypeFont(fontBytes("NotoSansSC-Regular.ttf"));
    const orig = ot.parse(fontBytes("NotoSansSC-Regular.ttf"), { lowMemory: true } as never);
    for (const ch of ["名", "称", "A", "标"])
      expect(f.glyphId(ch.codePointAt(0) as number)).toBe(orig.charToGlyphIndex(ch));
    expect(f.glyphId(0x10fffd)).toBe(0);
    expect(() => new TrueTypeFont(new ArrayBuffer(64))).toThrow();
  });
});

describe("path data and the SVG reader", () => {
  it("rectangle runs become re operators; other commands are converted, relative ones resolved", () => {
    expect(pathOperators("M0 0h2v1h-2zM4 1h1v3h-1z")).toBe("0 0 2 1 re\n4 1 1 3 re");
    // a run followed by anything else, or a run that does not close its rectangle, is a general path
    expect(pathOperators("M0 0h2v1h-2zL5 5").split("\n")).toEqual([
      "0 0 m",
      "2 0 l",
      "2 1 l",
      "0 1 l",
      "h",
      "5 5 l",
    ]);
    expect(pathOperators("M0 0h2v1h-3z")).toContain("-1 1 l");
    expect(pathOperators("M1 2l3 4H10V0z").split("\n")).toEqual(["1 2 m", "4 6 l", "10 6 l", "10 0 l", "h"]);
    expect(pathOperators("M0 0Q5 10 10 0")).toBe("0 0 m\n3.333 6.667 6.667 6.667 10 0 c");
    const arc = pathOperators("M0 0A5 5 0 0 1 10 0").split("\n");
    expect(arc[0]).toBe("0 0 m");
    expect(arc.length).toBe(3); // a half circle: two quarter Béziers
    expect(arc[2].endsWith("10 0 c")).toBe(true);
    for (const bad of ["M0 0 L x y", "Z Z", "L", "M1e999 0 1 1", "A 1"])
      expect(() => pathOperators(bad)).not.toThrow();
  });

  it("merges a run's rectangles that continue one another down the same columns, and no others", () => {
    // a QR code's rows: columns 0–1 three rows high, column 4 in rows 0 and 2 only (a gap), column 6
    // in rows 0–1 then wider in row 2
    const rows = [
      "M0 0h2v1h-2zM4 0h1v1h-1zM6 0h1v1h-1z",
      "M0 1h2v1h-2zM6 1h1v1h-1z",
      "M0 2h2v1h-2zM4 2h1v1h-1zM6 2h2v1h-2z",
    ].join("");
    expect(pathOperators(rows).split("\n")).toEqual([
      "0 0 2 3 re",
      "4 0 1 1 re",
      "6 0 1 2 re",
      "4 2 1 1 re",
      "6 2 2 1 re",
    ]);
    // heights as written are summed to the micrometre; a rectangle of another height merges too
    expect(pathOperators("M1.5 0.25h0.5v0.1h-0.5zM1.5 0.35h0.5v0.2h-0.5z")).toBe("1.5 0.25 0.5 0.3 re");
    // a rectangle drawn upwards (negative height) is kept as it is
    expect(pathOperators("M0 1h1v-1h-1zM0 1h1v1h-1z")).toBe("0 1 1 -1 re\n0 1 1 1 re");
    // overlapping or separated rectangles of the same columns stay apart
    expect(pathOperators("M0 0h1v2h-1zM0 1h1v2h-1zM0 4h1v1h-1z").split("\n")).toHaveLength(3);
  });

  it("a filled row of bars of one height is drawn at unit height under a cm; anything else as pathOperators", () => {
    expect(fillOperators("M0 2h2v15.5h-2zM3 2h1v15.5h-1zM6 2h3v15.5h-3z").split("\n")).toEqual([
      "1 0 0 15.5 0 2 cm",
      "0 0 2 1 re",
      "3 0 1 1 re",
      "6 0 3 1 re",
    ]);
    // bars of two heights (guard bars), one bar, a grid of modules, other paths: no cm
    for (const d of [
      "M0 0h2v15h-2zM3 0h1v16h-1z",
      "M0 0h2v15h-2z",
      "M0 0h1v1h-1zM2 0h1v1h-1zM0 1h1v1h-1z",
      "M0 0L5 5z",
    ])
      expect(fillOperators(d)).toBe(pathOperators(d));
  });

  it("reads elements, attributes, entities and splits the label's top-level parts", () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><image x="0" href="data:x"/><g data-id="a&amp;b" transform="translate(1 2)"><g><rect x="1"/></g><text><tspan x="0">&lt;A &amp; 名&#x41;&#66;</tspan></text></g><g data-id="c"></g></svg>';
    const parts = topLevelParts(svg);
    expect(parts.length).toBe(3);
    expect(parts.map(partId)).toEqual(["", "a&b", "c"]);
    const root = parseSvg(parts[1]);
    const g = root.children[0] as { attrs: Record<string, string>; children: unknown[] };
    expect(g.attrs.transform).toBe("translate(1 2)");
    const tspan = ((g.children[1] as { children: unknown[] }).children[0] as { children: string[] }).children;
    expect(tspan.join("")).toBe("<A & 名AB");
  });
});

describe("PDF written in Node", () => {
  it("selectable text (CJK included), subset CID font, codes decode, static parts written once", async () => {
    const { path, count } = await pdfOf(benchLabel(50), "batch");
    expect(count).toBe(50);
    expect(run("pdfinfo", [path])).toMatch(/Pages:\s+50\n[\s\S]*Page size:\s+283\.46\d* x 226\.77/);
    expect(run("pdffonts", [path])).toMatch(/\+Noto Sans SC\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    const p37 = run("pdftotext", ["-f", "37", "-l", "37", path, "-"]);
    expect(p37).toContain("INK-000037");
    expect(p37).toContain("名称 Inkless 标签");
    const codes = async (n: number) => {
      const img = pagePng(path, n, 200);
      const [c] = await decode(img, { formats: ["Code128"] });
      const [q] = await decode(img, { formats: ["QRCode"] });
      return [c?.text, q?.text];
    };
    expect(await codes(1)).toEqual(["INK-000001", "QR-000001"]);
    expect(await codes(50)).toEqual(["INK-000050", "QR-000050"]);
    // dictionaries are not compressed: the border (from page 1) and the fixed CJK text (from page 2
    // on, once it proved the same) are two forms, not one per page, and the QR code's finder
    // patterns a third (tests/export/finders.test.ts)
    const text = Buffer.from(readFileSync(path)).toString("latin1");
    expect(text.match(/\/Subtype\/Form/g)?.length).toBe(3);
  }, 60_000);

  it("codes drawn by pdf.js and poppler alike at 1x and 3x: same modules, no seam between them, they decode", async () => {
    const { path, bytes } = await pdfOf(benchLabel(3), "seams");
    for (const scale of [1, 3]) {
      const byPdfjs = await pdfjsPage(bytes, 2, scale);
      const byPoppler = decodePng(pagePng(path, 2, 72 * scale)) as Pixels;
      const grids = [byPdfjs, byPoppler].map((px) => {
        // the QR code's 21 × 21 modules (its ink's box inside the element's 28 mm square at 66, 30 mm)
        const grid = moduleGrid(px, scale, { x: 66, y: 30, size: 28 }, 21);
        // a pixel wholly on black modules is black: merged or not, modules meet without a hairline
        expect(grid.seams, `scale ${scale}`).toEqual([]);
        return grid.dark.join("");
      });
      expect(grids[0]).toBe(grids[1]);
      expect(grids[0]).toContain("1111111");
      if (scale === 3) {
        const [q] = await decode(byPdfjs, { formats: ["QRCode"] });
        const [c] = await decode(byPdfjs, { formats: ["Code128"] });
        expect([c?.text, q?.text]).toEqual(["INK-000002", "QR-000002"]);
      }
    }
  }, 60_000);

  it("every page's contents are the shared frame, its own stream and the shared tail", async () => {
    const { bytes } = await pdfOf(benchLabel(4), "contents", { pageMode: "tiled" });
    const text = Buffer.from(bytes).toString("latin1");
    // page dictionaries sit in compressed object streams
    const dicts: string[] = [];
    for (const m of text.matchAll(/\/Type\/ObjStm[^>]*\/Length (\d+)>>\nstream\n/g)) {
      const at = (m.index ?? 0) + m[0].length;
      dicts.push(Buffer.from(unzlibSync(bytes.subarray(at, at + Number(m[1])))).toString("latin1"));
    }
    const contents = [...dicts.join("").matchAll(/\/Contents\[(\d+) 0 R (\d+) 0 R (\d+) 0 R\]/g)];
    expect(contents.length).toBeGreaterThan(1);
    expect(new Set(contents.map((c) => c[1])).size).toBe(1);
    expect(new Set(contents.map((c) => c[3])).size).toBe(1);
    expect(new Set(contents.map((c) => c[2])).size).toBe(contents.length);
    // the tail holds the tiled page's cut marks, written once
    const stream = (id: string) => {
      const m = new RegExp(`(?:^|\\n)${id} 0 obj\\n<<[^>]*/Length (\\d+)>>\\nstream\\n`).exec(text);
      const at = (m?.index ?? 0) + (m?.[0].length ?? 0);
      return Buffer.from(unzlibSync(bytes.subarray(at, at + Number(m?.[1])))).toString("latin1");
    };
    expect(stream(contents[0][1])).toMatch(/^q [-\d. ]+ cm\n0 0 [\d.]+ [\d.]+ re W n\n$/);
    expect(stream(contents[0][3])).toMatch(/ S Q\nQ\n$/);
  }, 60_000);

  it("hostile strings stay text: title and content escaped, read back exactly", async () => {
    const nasty = `a)(\\b <script>"'&amp; ]]> %%EOF`;
    const base = benchLabel(1, { name: `x)(\\ <script> 名` });
    const doc: LabelDocument = {
      ...base,
      elements: base.elements.map((e, i) =>
        i === 1 ? ({ ...e, Data: nasty, DataSourceList: [] } as LabelElement) : e,
      ),
    };
    const { path } = await pdfOf(doc, "hostile");
    expect(run("pdfinfo", [path])).toMatch(/Title:\s+x\)\(\\ <script> 名\n/);
    expect(run("pdftotext", [path, "-"])).toContain(nasty);
  }, 60_000);

  it("A4 pages and multi-label sheets place every record of the range", async () => {
    const doc = benchLabel(10, { columns: 2, rows: 2, columnSpacing: 3, rowSpacing: 3, paddingLeft: 2 });
    const { path } = await pdfOf(doc, "sheets", { pageMode: "a4", range: { from: 2, to: 8 } });
    expect(run("pdfinfo", [path])).toMatch(/Pages:\s+2\n[\s\S]*Page size:\s+595\.27\d* x 841\.8/);
    const p1 = run("pdftotext", ["-f", "1", "-l", "1", path, "-"]);
    for (const n of [3, 4, 5, 6]) expect(p1).toContain(`INK-00000${n}`);
    expect(p1).not.toContain("INK-000002");
    expect(run("pdftotext", ["-f", "2", "-l", "2", path, "-"])).not.toContain("INK-000010");
  }, 60_000);

  it("a value that comes back on a later page is drawn again right: each page shows its own record", async () => {
    // the number text and the barcode follow a spreadsheet column whose values come back out of
    // order: the writer keeps a part's operators from its second sighting on (src/export/pdf/repeats.ts)
    const values = ["ALPHA-1", "BETA-2", "ALPHA-1", "GAMMA-3", "BETA-2", "ALPHA-1", "DELTA-4"];
    const url = "https://files.example.com/u1/values.xlsx";
    const column = createDataSource({
      DataSourceType: 1,
      ConnectionStr: url,
      SheetIndex: [0, 0],
      ColumnIndex: 0,
      ColumnName: "Value",
      ColumnFirstLine: true,
    });
    const base = benchLabel(1);
    const doc: LabelDocument = {
      ...base,
      elements: base.elements.map((e, i) =>
        i === 1 || i === 3 ? ({ ...e, DataSourceList: [column] } as LabelElement) : e,
      ),
    };
    const sheets = new Map([
      [url, { sheets: [{ sheetName: "S", data: [["Value"], ...values.map((v) => [v])] }] }],
    ]);
    const { path, count } = await pdfOf(doc, "repeats", { sheets });
    expect(count).toBe(values.length);
    for (const [i, v] of values.entries()) {
      const page = run("pdftotext", ["-f", String(i + 1), "-l", String(i + 1), path, "-"]);
      const shown = values.filter((w) => page.includes(w));
      expect(shown, `page ${i + 1}`).toEqual(values.filter((w) => w === v));
      const [c] = await decode(pagePng(path, i + 1, 150), { formats: ["Code128"] });
      expect(c?.text, `page ${i + 1}`).toBe(v);
    }
  }, 60_000);

  it("images: colour as is, BLACKWHITE thresholded at each element's own threshold", async () => {
    // 2 × 1: red (luminance 95) and light grey (luminance 200)
    const src = png(2, 1, [200, 50, 50, 255, 200, 200, 200, 255]);
    const image = (x: number, over: Record<string, unknown>) =>
      ({
        ...createElement("Image", [], { x, y: 10 }),
        StartX: x,
        StartY: 10,
        Width: 20,
        Height: 10,
        imageSrc: src,
        ...over,
      }) as LabelElement;
    const doc: LabelDocument = {
      ...benchLabel(1),
      elements: [
        image(5, {}),
        image(40, { imageDisplayMode: "BLACKWHITE", Threshold: 127 }),
        image(75, { imageDisplayMode: "BLACKWHITE", Threshold: 250 }),
      ],
    };
    const { path } = await pdfOf(doc, "images");
    const px = decodePng(pagePng(path, 1, 72)) as NonNullable<ReturnType<typeof decodePng>>;
    const at = (mmX: number, mmY: number) => {
      const i = (Math.round((mmY * 72) / 25.4) * px.width + Math.round((mmX * 72) / 25.4)) * 4;
      return [px.data[i], px.data[i + 1], px.data[i + 2]];
    };
    expect(at(10, 15)).toEqual([200, 50, 50]); // colour image, left pixel
    expect(at(20, 15)).toEqual([200, 200, 200]);
    expect(at(45, 15)).toEqual([0, 0, 0]); // red is darker than 127
    expect(at(55, 15)).toEqual([255, 255, 255]); // grey is lighter
    expect(at(80, 15)).toEqual([0, 0, 0]); // threshold 250: both dark
    expect(at(90, 15)).toEqual([0, 0, 0]);
    // one image XObject per (picture, threshold): the same source at two thresholds is two images
    const raw = Buffer.from(readFileSync(path)).toString("latin1");
    expect(raw.match(/\/Subtype\/Image/g)?.length).toBe(3);
    expect(decodePng(new Uint8Array([1, 2, 3]))).toBeNull();
  }, 60_000);

  it("streams the file in a few large pieces, the same bytes as written whole", async () => {
    const doc = benchLabel(900);
    const whole = concat((await writePdf(doc, { decoder: nodeDecoder, now: new Date(0) })).chunks);
    const calls: Uint8Array[][] = [];
    const r = await writePdf(doc, {
      decoder: nodeDecoder,
      now: new Date(0),
      onChunks: async (chunks) => {
        calls.push(chunks);
      },
    });
    const streamed = concat([...calls.flat(), ...r.chunks]);
    expect(Buffer.from(streamed).equals(Buffer.from(whole))).toBe(true);
    const path = join(dir, "streamed.pdf");
    writeFileSync(path, streamed);
    expect(run("qpdf", ["--check", path])).toContain("No syntax or stream encoding errors");
    // one chunk a call, each of STREAM_CHUNK bytes or more: ~400 pages a write, not six writes a page
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.length).toBeLessThanOrEqual(Math.ceil(whole.length / STREAM_CHUNK));
    for (const c of calls) {
      expect(c.length).toBe(1);
      expect(c[0].length).toBeGreaterThanOrEqual(STREAM_CHUNK);
    }
  }, 120_000);

  it("a small page's stream uses a zlib window just large enough for it", async () => {
    expect([100, 250, 251, 1786, 1787, 5000, 40_000].map(windowBitsFor)).toEqual([9, 9, 10, 11, 12, 13, 15]);
    const { bytes } = await pdfOf(benchLabel(2), "window");
    const text = Buffer.from(bytes).toString("latin1");
    // the pages' own streams (they draw the static parts' form), not the shared head and tail
    const streams = [...text.matchAll(/\n\d+ 0 obj\n<<\/Filter\/FlateDecode\/Length (\d+)>>\nstream\n/g)].map(
      (m) => bytes.subarray((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + Number(m[1])),
    );
    const pages = streams.filter((data) =>
      /\/Fx\d+ Do/.test(Buffer.from(unzlibSync(data)).toString("latin1")),
    );
    expect(pages.length).toBe(2);
    for (const data of pages) {
      // CMF's high nibble is the window: 2^(CINFO + 8) bytes
      expect(1 << ((data[0] >> 4) + 8)).toBe(1 << windowBitsFor(unzlibSync(data).length));
    }
  }, 60_000);

  it("reports progress with an estimate and stops with an AbortError when cancelled", async () => {
    const seen: [number, number, number][] = [];
    const ctrl = new AbortController();
    const p = writePdf(benchLabel(200), {
      decoder: nodeDecoder,
      signal: ctrl.signal,
      sliceMs: 0,
      onProgress: (done, total, e) => {
        seen.push([done, total, e?.remainingMs ?? -1]);
        if (done === 5) ctrl.abort();
      },
    });
    await expect(p).rejects.toMatchObject({ name: "AbortError" });
    expect(seen.length).toBe(5);
    expect(seen.every(([, t, r]) => t === 200 && r >= 0)).toBe(true);
    const done: number[] = [];
    await writePdf(benchLabel(3), {
      decoder: nodeDecoder,
      onProgress: (_d, _t, e) => done.push(e?.remainingMs ?? -1),
    });
    expect(done[done.length - 1]).toBe(0);
  }, 60_000);
});
