// A ZPL file of many labels → one PDF (`label render batch.zpl --out x.pdf`): a page per printed
// label, ^PQ copies included, ^DF stored formats filled by each ^XF recall's ^FN data. The PDF is
// read back: its page count (pdfinfo), each page's text (pdftotext) and codes (zxing on pdftoppm).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { parseArgs } from "../../src/cli/args";
import { render } from "../../src/cli/render";
import { decode } from "../codes/support/zxing";

vi.setConfig({ testTimeout: 240_000 });
const dir = mkdtempSync(join(tmpdir(), "inkless-zpl-batch-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const words = (s: string) => s.replace(/\s+/g, " ").trim();
const pageText = (pdf: string, n: number) =>
  words(execFileSync("pdftotext", ["-f", String(n), "-l", String(n), pdf, "-"], { encoding: "utf8" }));
const pageCodes = async (pdf: string, n: number) => {
  const base = join(dir, `page${n}`);
  execFileSync("pdftoppm", ["-png", "-r", "300", "-f", String(n), "-l", String(n), "-singlefile", pdf, base]);
  const found = await decode(new Uint8Array(readFileSync(`${base}.png`)), { maxNumberOfSymbols: 5 });
  return found.map((r) => r.text);
};

describe("label render many.zpl --out x.pdf", () => {
  it("a page per printed label: recalls filled from their ^FN data, ^PQ2 twice, then a plain label", async () => {
    const pdf = join(dir, "batch.pdf");
    await render(parseArgs(["render", "tests/fixtures/zpl/batch.zpl", "--out", pdf, "--quiet"]));
    const info = execFileSync("pdfinfo", [pdf], { encoding: "utf8" });
    expect(info).toMatch(/Pages:\s+4\n/);
    // 609 × 406 dots at 203 dpi: 3 × 2 inches, 216 × 144 pt
    expect(info).toMatch(/Page size:\s+216(\.\d+)? x 144(\.\d+)? pts/);

    expect(pageText(pdf, 1)).toContain("Parcel for Alice");
    expect(pageText(pdf, 1)).toContain("Fixed footer");
    expect(await pageCodes(pdf, 1)).toEqual(["ALICE001"]);
    for (const n of [2, 3]) {
      // the recall's ^FH: _21 is "!"
      expect(pageText(pdf, n)).toContain("Parcel for Bob!");
      expect(await pageCodes(pdf, n)).toEqual(["BOB002"]);
    }
    expect(pageText(pdf, 4)).toContain("Plain label");
    expect(pageText(pdf, 4)).not.toContain("Fixed footer");
    expect(await pageCodes(pdf, 4)).toEqual(["PLAIN-QR-1"]);
  });

  it("^SN fields count on each copy ^PQ prints: a text and a Code 128, the other text the same", async () => {
    const pdf = join(dir, "serial.pdf");
    await render(parseArgs(["render", "tests/fixtures/zpl/serial.zpl", "--out", pdf, "--quiet"]));
    expect(execFileSync("pdfinfo", [pdf], { encoding: "utf8" })).toMatch(/Pages:\s+3\n/);
    for (const [n, box, code] of [
      [1, "BOX 0098", "INK-0998"],
      [2, "BOX 0099", "INK-0999"],
      [3, "BOX 0100", "INK-1000"],
    ] as const) {
      expect(pageText(pdf, n)).toContain(box);
      expect(pageText(pdf, n)).toContain("Same on each");
      expect(await pageCodes(pdf, n)).toEqual([code]);
    }
  });

  it("^SF masks count each copy as a printer does: letters carried into, base 36, a skipped position", async () => {
    const pdf = join(dir, "serialmask.pdf");
    await render(parseArgs(["render", "tests/fixtures/zpl/serialmask.zpl", "--out", pdf, "--quiet"]));
    expect(execFileSync("pdfinfo", [pdf], { encoding: "utf8" })).toMatch(/Pages:\s+3\n/);
    for (const [n, text, run, code] of [
      [1, "BL9998", "Run R1-98", "LOT-0Z"],
      [2, "BL9999", "Run R2-00", "LOT-10"],
      [3, "BM0000", "Run R2-02", "LOT-11"],
    ] as const) {
      expect(pageText(pdf, n)).toContain(text);
      expect(pageText(pdf, n)).toContain(run);
      expect(await pageCodes(pdf, n)).toEqual([code]);
    }
  });
});
