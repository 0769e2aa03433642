// The downloaded print assistant shapes complex scripts (issue 35): its bundle (CommonJS, as the
// single executable needs, built by scripts/build-assistant.mjs) carries HarfBuzz, so an Arabic,
// Devanagari and Thai label comes out of it with the same glyphs and the same pixels as from the
// normal path. Run from a folder without node_modules, as a download runs.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundle } from "../../scripts/build-assistant.mjs";
import { pngJob } from "../../src/print/job";
import { FontRegistry } from "../../src/render/fonts";
import { prepareRender, renderLabel } from "../../src/render/index";
import { parseGlyphs } from "../../src/render/text/glyphsAttr";
import { doc, el } from "../render/helpers";

const dir = mkdtempSync(join(tmpdir(), "inkless-assistant-shaping-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const label = doc(
  [
    el("Text", { StartX: 2, StartY: 2, Width: 76, Height: 8, FontSize: 16, Data: "زيت الزيتون" }),
    el("Text", { StartX: 2, StartY: 12, Width: 76, Height: 8, FontSize: 16, Data: "जैतून का तेल" }),
    el("Text", { StartX: 2, StartY: 22, Width: 76, Height: 8, FontSize: 16, Data: "น้ำมันมะกอก" }),
  ],
  { width: 80, height: 32 },
);

/** The glyph ids of every shaped run of an SVG, in order. */
const glyphIds = (svg: string) =>
  [...svg.matchAll(/data-glyphs="([^"]*)"/g)].map((m) => (parseGlyphs(m[1]) ?? []).map((g) => g.g));

describe("the downloaded assistant's bundle", () => {
  it("draws Arabic, Devanagari and Thai with the normal path's shaped glyphs and pixels", async () => {
    const script = join(dir, "assistant-entry.cjs");
    await bundle(script, resolve("tests/print/support/shapedPrint.entry.ts"));
    const labelFile = join(dir, "label.json");
    writeFileSync(labelFile, JSON.stringify(label));
    const out = join(dir, "out.json");
    execFileSync(process.execPath, [script, labelFile, resolve("public/fonts"), out], {
      cwd: dir,
      stdio: "pipe",
      timeout: 120_000,
    });
    const theirs = JSON.parse(readFileSync(out, "utf8")) as { svg: string; png: string };

    const fonts = new FontRegistry();
    await prepareRender(label, { fonts });
    const svg = renderLabel(label, { fonts });
    let png: Uint8Array = new Uint8Array();
    for await (const page of pngJob(label, { dpi: 300, fonts })) {
      png = page;
      break;
    }
    // the normal path shapes every run (Arabic joined, the Devanagari i sign moved, Thai marks)
    const ids = glyphIds(svg);
    expect(ids.length).toBeGreaterThanOrEqual(5);
    expect(glyphIds(theirs.svg)).toEqual(ids);
    expect(theirs.svg).toBe(svg);
    expect(Buffer.from(theirs.png, "base64").equals(Buffer.from(png))).toBe(true);
  }, 240_000);
});
