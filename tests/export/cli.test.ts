// `label render … --out x.pdf|x.png|x.zip`: the browser's export made from the command line, in
// Node; here the PDFs (read back with poppler) and the CLI's PNG against the browser's own export.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodePng, type Pixels } from "../../src/export/pdf/png";
import { serializeTprt, serializeTprts } from "../../src/model/file";
import { BUILD_TIMEOUT_MS, buildLabel, LABEL } from "../cli/support/builtLabel";
import { openExportPage } from "./support/browser";
import { pixelDifference } from "./support/compare";
import { imageLabel } from "./support/imageLabel";
import { benchLabel } from "./support/labels";

// the built `label` program, as npm run label runs it (tests/cli/support/builtLabel.ts)
beforeAll(buildLabel, BUILD_TIMEOUT_MS);

const dir = mkdtempSync(join(tmpdir(), "inkless-cli-export-"));
const file = join(dir, "bench.tprts");
writeFileSync(file, serializeTprts(benchLabel(5)));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function label(...args: string[]) {
  return labelWith({}, ...args);
}
function labelWith(env: Record<string, string>, ...args: string[]) {
  return spawnSync(process.execPath, [LABEL, ...args], {
    encoding: "utf8",
    env: { ...process.env, INKLESS_LANG: "en", ...env },
  });
}

describe("CLI render to PDF / PNG / ZIP", () => {
  it("a record range into one PDF (A4), and label-size pages for *.label.pdf", () => {
    const out = join(dir, "range.pdf");
    const r = label("render", file, "--out", out, "--record", "2-4");
    expect(r.status, r.stderr).toBe(0);
    expect(execFileSync("pdfinfo", [out], { encoding: "utf8" })).toMatch(
      /Pages:\s+3\n[\s\S]*Page size:\s+595/,
    );
    const text = execFileSync("pdftotext", [out, "-"], { encoding: "utf8" });
    expect(text).toContain("INK-000002");
    expect(text).toContain("INK-000004");
    expect(text).not.toContain("INK-000005");
    const lbl = join(dir, "x.label.pdf");
    expect(label("render", file, "--out", lbl, "--record", "5").status).toBe(0);
    expect(execFileSync("pdfinfo", [lbl], { encoding: "utf8" })).toMatch(/Page size:\s+283\.46/);
  }, 120_000);

  it("PDFs are written in Node by the browser's writer: no Chromium needed", () => {
    const noBrowser = { CHROMIUM_PATH: join(dir, "no-such-chromium") };
    const out = join(dir, "node.label.pdf");
    const r = labelWith(noBrowser, "render", file, "--out", out);
    expect(r.status, r.stderr).toBe(0);
    expect(execFileSync("pdfinfo", [out], { encoding: "utf8" })).toMatch(/Pages:\s+5\n/);
    const fonts = execFileSync("pdffonts", [out], { encoding: "utf8" });
    expect(fonts).toMatch(/\+Noto Sans SC\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    expect(execFileSync("pdftotext", ["-f", "5", "-l", "5", out, "-"], { encoding: "utf8" })).toContain(
      "名称 Inkless 标签",
    );
    // every image format decoded in Node (interlaced PNG, GIF, WebP, BMP, BLACKWHITE: as pixels)
    const images = join(dir, "images-node.tprt");
    writeFileSync(images, serializeTprt(imageLabel()));
    const pdf = join(dir, "images.pdf");
    const ri = labelWith(noBrowser, "render", images, "--out", pdf);
    expect(ri.status, ri.stderr).toBe(0);
    const list = execFileSync("pdfimages", ["-list", pdf], { encoding: "utf8" }).trim().split("\n").slice(2);
    expect(list.map((l) => l.trim().split(/\s+/).slice(3, 5).join("x"))).toEqual(new Array(10).fill("48x32"));
  }, 120_000);

  it("all records as a zip of PNGs; several sheets refuse a single .png", () => {
    const zip = join(dir, "all.zip");
    expect(label("render", file, "--out", zip).status).toBe(0);
    expect(Object.keys(unzipSync(new Uint8Array(readFileSync(zip)))).length).toBe(5);
    const png = label("render", file, "--out", join(dir, "x.png"));
    expect(png.status).toBe(1);
    expect(png.stderr).toContain(".zip");
    expect(label("render", file, "--out", join(dir, "x.png"), "--record", "9").stderr).toContain("1 to 5");
  }, 120_000);

  it("the CLI's PNG is the browser's export of the same label, within anti-aliasing", async () => {
    const images = join(dir, "images.tprt");
    writeFileSync(images, serializeTprt(imageLabel()));
    const cases = [
      { file, doc: benchLabel(5), record: 2, records: 5 },
      { file: images, doc: imageLabel(), record: 1, records: 1 },
    ];
    const ui = await openExportPage();
    try {
      for (const c of cases) {
        const out = join(dir, `compare-${c.record}.png`);
        const r = label("render", c.file, "--out", out, "--records", String(c.record));
        expect(r.status, r.stderr).toBe(0);
        const cli = decodePng(new Uint8Array(readFileSync(out))) as Pixels;
        const range = { from: c.record - 1, to: c.record - 1 };
        const browser = decodePng((await ui.run("png", c.doc, { range })).bytes) as Pixels;
        expect(pixelDifference(cli, browser), c.file).toBeLessThan(0.01);
        // the measure tells records apart: the next record's export is far off
        if (c.record < c.records) {
          const next = { from: c.record, to: c.record };
          const other = decodePng((await ui.run("png", c.doc, { range: next })).bytes) as Pixels;
          expect(pixelDifference(cli, other)).toBeGreaterThan(0.02);
        }
      }
    } finally {
      await ui.close();
    }
  }, 120_000);
});
