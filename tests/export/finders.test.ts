// A QR code's finder patterns drawn from one form per symbol size (src/export/pdf/finders.ts): the
// code's own path keeps every other module, and a path that is not exactly such a code is left alone.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzlibSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { encodeCode } from "../../src/codes";
import { writePdf } from "../../src/export/pdf/document";
import { finderOperators, gridOperators, splitFinders } from "../../src/export/pdf/finders";
import { nodeDecoder } from "../../src/export/pdf/images";
import { fillOperators } from "../../src/export/pdf/pathData";
import { concat } from "../../src/export/pdf/writer";
import { decode } from "../codes/support/zxing";
import { benchLabel } from "./support/labels";

const dir = mkdtempSync(join(tmpdir(), "inkless-finders-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A code's modules as the renderer's path: a rectangle per run of a row. */
function pathOf(bits: ArrayLike<number>, side: number): string {
  let d = "";
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; ) {
      if (!bits[y * side + x]) {
        x++;
        continue;
      }
      const from = x;
      while (x < side && bits[y * side + x]) x++;
      d += `M${from} ${y}h${x - from}v1h-${x - from}z`;
    }
  return d;
}

/** The dark modules drawn by `re` operators (x y w h re, or x 0 w 1 re under a row's cm). */
function inked(ops: string, side: number): Uint8Array {
  const dark = new Uint8Array(side * side);
  for (const m of ops.matchAll(/(\d+) (\d+) (\d+) (\d+) re/g)) {
    const [x, y, w, h] = m.slice(1).map(Number);
    for (let r = y; r < y + h; r++) for (let c = x; c < x + w; c++) dark[r * side + c] += 1;
  }
  return dark;
}

describe("QR finder patterns as a shared form", () => {
  it("splits a QR code into its finders and the rest: together every module once, nothing else", () => {
    for (const [text, ec] of [
      ["QR-000001", "M"],
      ["https://inkless.example/a/long/path?with=a&query=1234567890", "H"],
    ]) {
      const code = encodeCode({ kind: "qrcode", type: 1, data: text, ecLevel: ec });
      const side = code.cols;
      const split = splitFinders(pathOf(code.bits, side));
      expect(split?.side).toBe(side);
      const both = inked(`${split?.rest}\n${finderOperators(side)}`, side);
      expect(Array.from(both)).toEqual(Array.from(code.bits));
    }
  });

  it("draws a grid's modules as the renderer's path of them is drawn, without the path (issue 41)", () => {
    // every symbol size's codes, and grids that are one row of bars or empty
    for (let i = 0; i < 120; i++) {
      const code = encodeCode({
        kind: "qrcode",
        type: 1,
        data: `QR-${i}-${"x".repeat((i * 7) % 300)}`,
        ecLevel: "LMQH"[i % 4],
      });
      expect(gridOperators(code.bits, code.cols)).toBe(fillOperators(pathOf(code.bits, code.cols)));
    }
    const bars = new Uint8Array(21 * 21);
    for (let y = 3; y < 9; y++) for (const x of [1, 2, 5, 9, 10, 11]) bars[y * 21 + x] = 1;
    expect(gridOperators(bars, 21)).toBe(fillOperators(pathOf(bars, 21)));
    expect(gridOperators(bars, 21)).toMatch(/^1 0 0 6 0 3 cm\n1 0 2 1 re/);
    expect(gridOperators(new Uint8Array(21 * 21), 21)).toBe("");
  });

  it("reads only the renderer's exact rectangles as modules", () => {
    const code = encodeCode({ kind: "qrcode", type: 1, data: "QR-000001", ecLevel: "M" });
    const d = pathOf(code.bits, code.cols);
    expect(splitFinders(d)?.side).toBe(code.cols);
    // a back stroke not written as the width, a stray command, a relative move: not a code's path
    expect(splitFinders(d.replace("h-7z", "h-07z"))).toBeNull();
    expect(splitFinders(`${d}L1 1`)).toBeNull();
    expect(splitFinders(`${d}m1 1h1v1h-1z`)).toBeNull();
  });

  it("leaves alone a path whose corner is not a finder ringed by light modules", () => {
    const code = encodeCode({ kind: "qrcode", type: 1, data: "QR-000001", ecLevel: "M" });
    const side = code.cols;
    const touching = Uint8Array.from(code.bits);
    touching[7 * side + 3] = 1; // a dark module in the top-left finder's separator
    expect(splitFinders(pathOf(touching, side))).toBeNull();
    expect(splitFinders("M0 0h7v1h-7zM0 1h1v1h-1z")).toBeNull(); // too small for a QR code
    expect(splitFinders("M1 0h7v1h-7z")).toBeNull();
  });

  it("every page draws the one finder form; the codes still decode", async () => {
    const r = await writePdf(benchLabel(3), { decoder: nodeDecoder, pageMode: "label" });
    const bytes = concat(r.chunks);
    const text = Buffer.from(bytes).toString("latin1");
    const streams = [
      ...text.matchAll(/\n\d+ 0 obj\n<<([^>]*)\/Filter\/FlateDecode\/Length (\d+)>>\nstream\n/g),
    ].map((m) => ({
      dict: m[1],
      ops: Buffer.from(
        unzlibSync(bytes.subarray((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + Number(m[2]))),
      ).toString("latin1"),
    }));
    const pages = streams.filter((s) => s.dict === "" && /\/Fx\d+ Do/.test(s.ops));
    expect(pages).toHaveLength(3);
    for (const p of pages) expect(p.ops.match(/\/Fs1 Do/g)).toHaveLength(1);
    // the finders' form: written once, three 7 × 7 patterns of a 21-module symbol
    const finders = `${finderOperators(21)}\nf`;
    expect(streams.filter((s) => s.dict.includes("/Subtype/Form") && s.ops === finders)).toHaveLength(1);
    const path = join(dir, "finders.pdf");
    writeFileSync(path, bytes);
    execFileSync("pdftoppm", [
      "-png",
      "-r",
      "200",
      "-f",
      "2",
      "-l",
      "2",
      "-singlefile",
      path,
      join(dir, "p2"),
    ]);
    const [q] = await decode(new Uint8Array(readFileSync(join(dir, "p2.png"))), { formats: ["QRCode"] });
    expect(q?.text).toBe("QR-000002");
  }, 60_000);
});
