// The QR centre image through the export modules (the same ones the app runs, in headless Chromium):
// the PDF page rendered by poppler at 203 dpi and the PNG export both still scan with the picture on.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ExportPage, openExportPage, pixelsOf } from "../../src/export/node/chromium";
import { qrLabel } from "./support/labels";
import { BLACK_LOGO } from "./support/logos";
import { decode } from "./support/zxing";

let ui: ExportPage;
let dir: string;
beforeAll(async () => {
  ui = await openExportPage();
  dir = mkdtempSync(join(tmpdir(), "inkless-codes-"));
}, 120_000);
afterAll(async () => {
  await ui?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const DATA = "https://example.com/centre-image-export";
const doc = qrLabel(1, DATA, { CenterImage: BLACK_LOGO, Width: 30, Height: 30 });

describe("QR centre image in exports", () => {
  it("PDF: the page at 203 dpi scans", async () => {
    const r = await ui.run("pdf", doc);
    const pdf = join(dir, "qr.pdf");
    writeFileSync(pdf, r.bytes);
    execFileSync("pdftoppm", ["-png", "-r", "203", "-singlefile", pdf, join(dir, "qr")]);
    const png = new Uint8Array(readFileSync(join(dir, "qr.png")));
    const [q] = await decode(await pixelsOf(ui.page, png, "image/png"), { formats: ["QRCode"] });
    expect(q?.text).toBe(DATA);
  }, 60_000);

  it("PNG export scans", async () => {
    const r = await ui.run("png", doc);
    const [q] = await decode(await pixelsOf(ui.page, r.bytes, "image/png"), { formats: ["QRCode"] });
    expect(q?.text).toBe(DATA);
  }, 60_000);
});
