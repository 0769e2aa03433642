// The ZPL corpus (tests/fixtures/zpl): each file rendered by `label render` to PNG and PDF. Every
// code in the PNG decodes (zxing) to its ^FD value (after ^FH and the mode characters), every
// text field is in the PDF's text (poppler's pdftotext).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseArgs } from "../../src/cli/args";
import { render } from "../../src/cli/render";
import { BUILD_TIMEOUT_MS, buildLabel, LABEL } from "../cli/support/builtLabel";
import { decode } from "../codes/support/zxing";

// the built `label` program, as npm run label runs it (tests/cli/support/builtLabel.ts)
beforeAll(buildLabel, BUILD_TIMEOUT_MS);

vi.setConfig({ testTimeout: 240_000 });
const FX = "tests/fixtures/zpl";
const dir = mkdtempSync(join(tmpdir(), "inkless-zpl-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Case {
  readonly file: string;
  /** format name as zxing reports it, and the value */
  readonly codes: readonly [string, string][];
  readonly texts: readonly string[];
}

const CASES: readonly Case[] = [
  {
    file: "shipping",
    codes: [
      ["Code128", "1Z999AA10123456784"],
      ["QRCode", "https://track.example.com/1Z999AA10123456784"],
      ["PDF417", "PKG 1 OF 2 WEIGHT 4.5KG"],
    ],
    texts: [
      "FROM: Acme Widgets Ltd",
      "12 Harbour Road, Bristol",
      "SHIP TO: Jane Doe",
      "4410 Long Avenue, Apartment 12, Springfield, Illinois 62704, United States of America",
      "PRIORITY",
      "Tracking 1Z999AA10123456784",
    ],
  },
  {
    file: "gs1",
    codes: [
      // ^FD>;>80109501101530003>817260101>810ABC123: FNC1 first (GS1), FNC1 after a variable field
      ["Code128", "(01)09501101530003(17)260101(10)ABC123"],
      ["EAN13", "5901234123457"],
      ["DataMatrix", "SERIAL-000042"],
    ],
    texts: ["GS1 pallet label"],
  },
  {
    file: "aztec",
    // ^BO with its magnification, and with none (the printer's default for 203 dpi)
    codes: [
      ["Aztec", "TICKET-2026-0042"],
      ["Aztec", "SEAT 14C"],
    ],
    texts: ["Aztec ticket"],
  },
  {
    file: "rotated",
    codes: [],
    // ^FH with ^CI28: _C3_A9 is é in UTF-8, _E2_82_AC the euro sign
    texts: ["Normal text", "Turned right", "Upside down", "Turned left", "Café €5"],
  },
];

async function renderTo(file: string, out: string, ...more: string[]) {
  await render(parseArgs(["render", `${FX}/${file}.zpl`, "--out", out, "--quiet", ...more]));
}

const words = (s: string) => s.replace(/\s+/g, " ").trim();

interface Box {
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

/** Each word of a PDF's first page with its box in points from the top left (pdftotext -bbox). */
function pdfWords(pdf: string): Map<string, Box> {
  const html = execFileSync("pdftotext", ["-bbox", "-f", "1", "-l", "1", pdf, "-"], { encoding: "utf8" });
  const out = new Map<string, Box>();
  for (const m of html.matchAll(
    /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  ))
    out.set(m[5], { xMin: +m[1], yMin: +m[2], xMax: +m[3], yMax: +m[4] });
  return out;
}

describe("ZPL corpus: label render in.zpl", () => {
  for (const c of CASES) {
    it(`${c.file}.zpl: every code decodes to its ^FD value`, async () => {
      if (c.codes.length === 0) return;
      const png = join(dir, `${c.file}.png`);
      await renderTo(c.file, png);
      const found = await decode(new Uint8Array(readFileSync(png)), { maxNumberOfSymbols: 20 });
      const got = found.map((r) => [r.format.replace(/-/g, ""), r.text]);
      for (const [format, text] of c.codes) expect(got, JSON.stringify(got)).toContainEqual([format, text]);
    });

    it(`${c.file}.zpl: every text field is in the PDF's text`, async () => {
      const pdf = join(dir, `${c.file}.pdf`);
      await renderTo(c.file, pdf);
      const text = words(execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" }));
      for (const t of c.texts) expect(text).toContain(t);
    });
  }

  it("^FT of turned texts: the start of each baseline in the text's own direction (pdftotext -bbox)", async () => {
    const pdf = join(dir, "typeset.pdf");
    await renderTo("typeset", pdf);
    const words = pdfWords(pdf);
    // the ^FT origins, in points (203 dpi), and how the text runs from them
    const pt = (dots: number) => (dots * 72) / 203;
    const near = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(pt(4));
    // the baseline lies across the word, nearer the descenders' side than the ascenders'
    const across = (o: number, from: number, to: number) => {
      expect(o).toBeGreaterThan(Math.min(from, to));
      expect(o).toBeLessThan(Math.max(from, to));
      expect(Math.abs(o - to)).toBeLessThan(Math.abs(o - from));
    };
    const up = words.get("Upright") as Box;
    near(up.xMin, pt(100));
    across(pt(100), up.yMin, up.yMax);
    const down = words.get("Downward") as Box;
    near(down.yMin, pt(80));
    across(pt(450), down.xMax, down.xMin);
    const inv = words.get("Inverted") as Box;
    near(inv.xMax, pt(500));
    across(pt(560), inv.yMax, inv.yMin);
    const upward = words.get("Upward") as Box;
    near(upward.yMax, pt(560));
    across(pt(120), upward.xMin, upward.xMax);
  });

  it("^FB: lines the font's height plus the block's spacing apart, centred or right-justified in its width", async () => {
    const pdf = join(dir, "blocks.pdf");
    await renderTo("blocks", pdf);
    const w = pdfWords(pdf);
    const pt = (dots: number) => (dots * 72) / 203;
    const box = (word: string) => w.get(word) as Box;
    const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(pt(1.5));
    // one word a line: 40 + 10 dots apart in the first block, 40 in the second
    close(box("beta").yMin - box("alpha").yMin, pt(50));
    close(box("gamma").yMin - box("beta").yMin, pt(50));
    close(box("epsilon").yMin - box("delta").yMin, pt(40));
    close(box("zeta").yMin - box("epsilon").yMin, pt(40));
    for (const word of ["alpha", "beta", "gamma"]) close((box(word).xMin + box(word).xMax) / 2, pt(130));
    for (const word of ["delta", "epsilon", "zeta"]) close(box(word).xMax, pt(510));
  });

  it("^FT with ^FB: the origin is the baseline of the block's last possible line, as on a Zebra (pdftotext -bbox)", async () => {
    const pdf = join(dir, "blocktypeset.pdf");
    await renderTo("blocktypeset", pdf);
    const w = pdfWords(pdf);
    const pt = (dots: number) => (dots * 72) / 203;
    const box = (word: string) => w.get(word) as Box;
    // a baseline lies across its word, nearer the bottom than the top
    const on = (word: string, baseline: number) => {
      const b = box(word);
      expect(b.yMin).toBeLessThan(pt(baseline));
      expect(b.yMax).toBeGreaterThan(pt(baseline));
      expect(pt(baseline) - b.yMin).toBeGreaterThan(b.yMax - pt(baseline));
    };
    // 3 lines 40 + 10 dots apart: the third at ^FT's 300, the first two lines (100 dots) above it
    on("one", 200);
    on("two", 250);
    on("three", 300);
    // a block of 3 lines given one: still printed two lines (80 dots) above ^FT
    on("solo", 220);
    expect(Math.abs(box("solo").xMin - pt(350))).toBeLessThan(pt(4));
  });

  it("^FO / ^FT x,y,1: the text's right end at x (right justification), 0 its left end (pdftotext -bbox)", async () => {
    const pdf = join(dir, "justified.pdf");
    await renderTo("justified", pdf);
    const w = pdfWords(pdf);
    const pt = (dots: number) => (dots * 72) / 203;
    const box = (word: string) => w.get(word) as Box;
    const near = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(pt(4));
    near(box("Rightmost").xMax, pt(580));
    near(box("Typeset").xMax, pt(580));
    // ^FT's y is still the baseline
    expect(box("Typeset").yMax).toBeGreaterThan(pt(150));
    expect(box("Typeset").yMin).toBeLessThan(pt(150));
    near(box("Leftward").xMin, pt(40));
  });

  it("^FB: lines past the block's count print over its last line; the hanging indent starts the later lines in", async () => {
    const pdf = join(dir, "blocklines.pdf");
    await renderTo("blocklines", pdf);
    const w = pdfWords(pdf);
    const pt = (dots: number) => (dots * 72) / 203;
    const box = (word: string) => w.get(word) as Box;
    const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(pt(1.5));
    // two lines allowed: Venus on the second, Earth and Mars printed over it, all from the block's left
    close(box("Venus").yMin - box("Mercury").yMin, pt(40));
    for (const word of ["Earth", "Mars"]) {
      close(box(word).yMin, box("Venus").yMin);
      close(box(word).xMin, box("Mercury").xMin);
    }
    // the indent: the first line at ^FO, the later ones 60 dots in, each the font's height lower
    close(box("Bravo").yMin, box("Alpha").yMin);
    for (const word of ["Charlie", "Delta"]) close(box(word).xMin - box("Alpha").xMin, pt(60));
    close(box("Charlie").yMin - box("Alpha").yMin, pt(40));
    close(box("Delta").yMin - box("Charlie").yMin, pt(40));
    close(box("Echo").yMin, box("Delta").yMin);
  });

  it("^A with a width other than its height: the text stretched to it (scalable and bitmap fonts)", async () => {
    const pdf = join(dir, "wide.pdf");
    await renderTo("wide", pdf);
    const html = execFileSync("pdftotext", ["-bbox", pdf, "-"], { encoding: "utf8" });
    const boxes = [
      ...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">WIDTH</g),
    ]
      .map((m) => ({ x: +m[1], y: +m[2], w: +m[3] - +m[1] }))
      .sort((a, b) => a.y - b.y || a.x - b.x);
    expect(boxes).toHaveLength(5);
    const [plain, wide, narrow, twice, once] = boxes;
    expect(wide.w / plain.w).toBeCloseTo(2, 1);
    expect(narrow.w / plain.w).toBeCloseTo(0.5, 1);
    // font D's cell is 18 × 10 dots: 36 high is twice, 40 wide four times (stretched 2×), 20 twice
    expect(twice.w / once.w).toBeCloseTo(2, 1);
    // every text starts at its ^FO
    for (const b of boxes.slice(0, 4)) expect(Math.abs(b.x - (40 * 72) / 203)).toBeLessThan(2);
  });

  it("a file of several formats: one image per ^XA…^XZ in a zip; --record picks one", async () => {
    const zip = join(dir, "multi.zip");
    await renderTo("multi", zip);
    const files = unzipSync(new Uint8Array(readFileSync(zip)));
    const names = Object.keys(files).sort();
    expect(names).toEqual(["multi_1.png", "multi_2.png"]);
    const second = await decode(files["multi_2.png"], { maxNumberOfSymbols: 5 });
    expect(second.map((r) => r.text)).toContain("CODE39");
    // --record picks one format: its PDF holds that label's text only
    const pdf = join(dir, "multi-1.pdf");
    await renderTo("multi", pdf, "--record", "1");
    const text = words(execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" }));
    expect(text).toContain("First label");
    expect(text).not.toContain("Second label");
  });

  it("the CLI names the commands it did not draw on stderr and still renders; a wrong --dpi is refused", () => {
    const file = join(dir, "unknown.zpl");
    writeFileSync(file, "^XA^MUd^FO10,10^FDx^FS~JR^MUd^XZ");
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [LABEL, "render", file, ...args], {
        encoding: "utf8",
        env: { ...process.env, INKLESS_LANG: "en" },
      });
    const ok = cli("--out", join(dir, "unknown.png"), "--quiet");
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stderr.trim()).toBe("ZPL commands that were read but not drawn: ^MU ×2, ~JR");
    const bad = cli("--out", join(dir, "unknown.png"), "--dpi", "100");
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toBe("--dpi must be one of 152, 203, 300, 600 for a ZPL file.");
  });
});
