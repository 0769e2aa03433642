// The editor's printer template export (issue 36) runs printerTemplate in a Web Worker in the
// browser: for a label with a Polish and a Greek text (which carry their font), a Code 128 and a QR
// code, each bound to a data source, the worker's file is byte for byte the one `label render --out
// x.zpl|x.tspl --dpi n` writes, in both languages and at each resolution the menu offers.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resvgInlinePlugin } from "../../scripts/resvg-esbuild.mjs";
import { parseArgs } from "../../src/cli/args";
import { renderTemplate } from "../../src/cli/renderTemplate";
import { bundle } from "../../src/export/node/chromium";
import { parseLabelFile, serializeTprts } from "../../src/model/file";
import type { LabelDocument } from "../../src/model/types";
import { TEMPLATE_FIELDS, templateLabel } from "./support/templateLabel";

const ORIGIN = "http://inkless.test";
const dir = mkdtempSync(join(tmpdir(), "inkless-template-browser-"));
let browser: Browser;
let page: Page;

const bundled = (entry: string) => bundle(entry, [resvgInlinePlugin()]);

beforeAll(async () => {
  const [code, worker] = await Promise.all([
    bundled("tests/print/support/templateBrowser.entry.ts"),
    bundled("src/print/native/templateWorker.ts"),
  ]);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking"],
  });
  page = await browser.newPage();
  await page.route(`${ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === "/bundle.js") return route.fulfill({ contentType: "text/javascript", body: code });
    if (path === "/template-worker.js")
      return route.fulfill({ contentType: "text/javascript", body: worker });
    const font = /^\/fonts\/([A-Za-z0-9._-]+)$/.exec(path);
    if (font)
      return route.fulfill({ contentType: "font/ttf", body: await readFile(`public/fonts/${font[1]}`) });
    return route.fulfill({ contentType: "text/html", body: "<!doctype html><body></body>" });
  });
  await page.goto(`${ORIGIN}/`);
  await page.addScriptTag({ url: `${ORIGIN}/bundle.js` });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What the CLI writes for the label file at `dpi`. */
async function cli(file: string, ext: "zpl" | "tspl", dpi: number): Promise<Buffer> {
  const out = join(dir, `t-${dpi}.${ext}`);
  await renderTemplate(parseArgs(["render", file, "--out", out, "--dpi", String(dpi)]), (k) => k);
  return readFileSync(out);
}

/** What the browser's export makes of the same label (as the editor holds it: read from the file). */
async function inBrowser(doc: LabelDocument, language: "ZPL" | "TSPL", dpi: number) {
  const r = await page.evaluate(
    ({ doc, language, dpi }) =>
      (
        globalThis as never as {
          inklessTemplate: (
            ...a: unknown[]
          ) => Promise<{ b64: string; fields: string[]; name: string; madeByWorker: number }>;
        }
      ).inklessTemplate(doc, language, dpi, new Date().toISOString()),
    { doc, language, dpi },
  );
  return { ...r, bytes: Buffer.from(r.b64, "base64") };
}

describe("the printer template export in the browser", () => {
  it("makes in its worker the CLI's bytes: ZPL and TSPL, 203, 300 and 600 dpi", async () => {
    const file = join(dir, "parcel.tprts");
    writeFileSync(file, serializeTprts(templateLabel(3)));
    const read = parseLabelFile(readFileSync(file), "parcel.tprts");
    if (!read.ok) throw new Error(read.error.key);
    let made = 0;
    for (const [language, ext, dpi] of [
      ["ZPL", "zpl", 203],
      ["TSPL", "tspl", 203],
      ["TSPL", "tspl", 300],
      ["ZPL", "zpl", 600],
    ] as const) {
      const want = await cli(file, ext, dpi);
      const got = await inBrowser(read.doc, language, dpi);
      expect(got.madeByWorker).toBe(++made);
      expect(got.name).toBe("PARCELPL");
      // every element is a field at the label's own resolution (elsewhere its codes may not fit whole dots)
      if (dpi === 203) expect(got.fields).toEqual(TEMPLATE_FIELDS.map((f) => f.name));
      // the texts carry the label's face (Polish and Greek are outside the printer's own font)
      expect(want.toString("latin1")).toMatch(
        language === "ZPL" ? /~DYE:F[0-9A-F]{7},A,T,/ : /DOWNLOAD F,"F[0-9A-F]{7}\.TTF"/,
      );
      expect(got.bytes.length).toBe(want.length);
      expect(got.bytes.equals(want)).toBe(true);
    }
  }, 300_000);

  it("the CLI takes the menu's resolutions (600 too); any other is a clear error, nothing written", async () => {
    const file = join(dir, "parcel-dpi.tprts");
    writeFileSync(file, serializeTprts(templateLabel(1)));
    const out = join(dir, "bad.zpl");
    await expect(
      renderTemplate(parseArgs(["render", file, "--out", out, "--dpi", "150"]), (k) => k),
    ).rejects.toMatchObject({ key: "cli.error.templateDpi" });
    expect(existsSync(out)).toBe(false);
  });
});
