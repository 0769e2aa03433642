// `label render … --out x.pdf|x.png|x.zip`: the browser export driven from the command line.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { serializeTprts } from "../../src/model/file";
import { benchLabel } from "./support/labels";

const dir = mkdtempSync(join(tmpdir(), "inkless-cli-export-"));
const file = join(dir, "bench.tprts");
writeFileSync(file, serializeTprts(benchLabel(5)));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function label(...args: string[]) {
  return labelWith({}, ...args);
}
function labelWith(env: Record<string, string>, ...args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
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

  it("PDFs are written in Node by the browser's writer: no Chromium needed (PNG still needs it)", () => {
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
    expect(labelWith(noBrowser, "render", file, "--out", join(dir, "x.zip")).status).toBe(1);
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
});
