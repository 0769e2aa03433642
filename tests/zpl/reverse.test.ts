// ^FR, reversed fields: their ink is the opposite of what is below (XOR). reverse.zpl rendered by
// `label render` to PNG (300 dpi) and PDF: the pixels around and inside each field, its text in the
// PDF's text (pdftotext), the reversed code over a bar decodes (zxing, on the picture's negative).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseArgs } from "../../src/cli/args";
import { render } from "../../src/cli/render";
import { decodePng, type Pixels } from "../../src/export/pdf/png";
import { readZpl } from "../../src/zpl";
import { decode } from "../codes/support/zxing";

vi.setConfig({ testTimeout: 240_000 });
const dir = mkdtempSync(join(tmpdir(), "inkless-zpl-reverse-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const FILE = "tests/fixtures/zpl/reverse.zpl";

let png: Pixels;
beforeAll(async () => {
  await render(parseArgs(["render", FILE, "--out", join(dir, "r.png"), "--quiet"]));
  png = decodePng(new Uint8Array(readFileSync(join(dir, "r.png")))) as Pixels;
});

/** Is the pixel at (x, y) dots of the 203 dpi file dark in the 300 dpi picture? */
const dark = (x: number, y: number) => {
  const px = Math.round((x * 300) / 203);
  const py = Math.round((y * 300) / 203);
  return png.data[(py * png.width + px) * 4] < 128;
};
/** share of dark pixels in a box of the file's dots */
const darkShare = (x0: number, y0: number, x1: number, y1: number) => {
  let n = 0;
  let d = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      n++;
      if (dark(x, y)) d++;
    }
  return d / n;
};

describe("^FR: a reversed field prints the opposite of what is below it", () => {
  it("white text on a black bar, black text with no box over paper; both in the PDF's text", async () => {
    // the bar stays black around the text, and the text's letters are white in it
    expect(dark(30, 30)).toBe(true);
    expect(dark(600, 80)).toBe(true);
    const inText = darkShare(40, 40, 300, 75);
    expect(inText).toBeGreaterThan(0.4);
    expect(inText).toBeLessThan(0.9);
    // over paper: black letters on white, no black box behind them
    const plain = darkShare(40, 125, 300, 160);
    expect(plain).toBeGreaterThan(0.1);
    expect(plain).toBeLessThan(0.6);
    const pdf = join(dir, "r.pdf");
    await render(parseArgs(["render", FILE, "--out", pdf, "--quiet"]));
    const text = execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    expect(text).toContain("WHITE ON BLACK");
    expect(text).toContain("PLAIN BLACK");
  });

  it("a reversed box over part of a bar: paper where both were ink, ink where one was", () => {
    expect(dark(100, 230)).toBe(true); // the bar alone
    expect(dark(320, 230)).toBe(false); // both: paper
    expect(dark(320, 190)).toBe(true); // the reversed box alone, above the bar
    expect(dark(320, 270)).toBe(true); // and below it
    expect(dark(520, 230)).toBe(true); // the reversed box alone, right of the bar
    expect(dark(150, 190)).toBe(false); // neither
  });

  it("a reversed Code 128 over a bar: white bars on black, read as its ^FD", async () => {
    expect(dark(450, 150)).toBe(true); // its quiet zone: the bar's black
    // whole dots as the printer's: the start bar (2 modules of 2 dots) white from ^FO on, and the
    // stop's last bar ending 101 modules later
    expect(dark(461, 150)).toBe(false);
    expect(dark(660, 150)).toBe(false);
    expect(dark(667, 150)).toBe(true);
    // read as a scanner reads light bars on dark: the picture's negative
    const negative = new Uint8ClampedArray(png.data);
    for (let i = 0; i < negative.length; i += 4)
      for (let c = 0; c < 3; c++) negative[i + c] = 255 - negative[i + c];
    const found = await decode(
      { data: negative, width: png.width, height: png.height },
      { maxNumberOfSymbols: 3 },
    );
    expect(found.map((r) => r.text)).toEqual(["REV-42"]);
  });

  it("the opened label composes it from editable elements and names nothing as undrawn", async () => {
    const read = await readZpl(new Uint8Array(readFileSync(FILE)));
    const els = read.docs[0].elements;
    const texts = els.filter((e) => e.Type === "Text");
    expect(texts.map((t) => [(t as { Data: string }).Data, t.AntiMirror])).toEqual([
      ["WHITE ON BLACK", true],
      ["PLAIN BLACK", false],
    ]);
    // the bar and the reversed box (both a box one border thick: lines) → the four boxes of their XOR
    // (a row above, the bar's row split around the paper, a row below); the two other bars stay lines
    expect(els.filter((e) => e.Type === "Rectangle")).toHaveLength(4);
    expect(els.filter((e) => e.Type === "LineHorizontal")).toHaveLength(2);
    expect(read.unknown).toEqual([]);
  });

  it("inside a frame (a box's borders) still exact; over part of a bar or over a picture, named as not exact", async () => {
    const read = async (zpl: string) => readZpl(new TextEncoder().encode(zpl));
    const framed = await read(
      "^XA^PW400^LL300^FO0,0^GB400,300,4^FS^FO20,20^GB360,80,80^FS^FO30,30^FR^A0N,40^FDIN A FRAME^FS^XZ",
    );
    expect(framed.unknown).toEqual([]);
    expect(framed.docs[0].elements.find((e) => e.Type === "Text")?.AntiMirror).toBe(true);
    const half = await read("^XA^PW400^LL300^FO20,20^GB100,80,80^FS^FO30,30^FR^A0N,40^FDHALF OVER^FS^XZ");
    expect(half.unknown).toEqual([{ command: "^FR", count: 1 }]);
  });

  it("bounded: a reversed box over a hundred bars is left as it is and named; a long ^SF field is named", async () => {
    const bars = Array.from({ length: 100 }, (_, i) => `^FO${i * 4},0^GB2,200,2^FS`).join("");
    const many = await readZpl(
      new TextEncoder().encode(`^XA^PW812^LL300${bars}^FO0,50^FR^GB800,100,100^FS^XZ`),
    );
    expect(many.unknown).toEqual([{ command: "^FR", count: 1 }]);
    expect(many.docs[0].elements).toHaveLength(101);
    const long = await readZpl(
      new TextEncoder().encode(`^XA^FO0,0^FD${"9".repeat(4000)}^SFd,1^FS^PQ5000^XZ`),
    );
    expect(long.unknown).toEqual([{ command: "^SF", count: 1 }]);
    expect(long.masked[0].size).toBe(0);
  });
});
