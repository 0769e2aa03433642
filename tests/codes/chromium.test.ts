// The same labels drawn by a real browser: Chromium renders the portable SVG (anti-aliased, with the
// renderer's rotate/mirror transforms) at the printer's resolution, and zxing reads the screenshot.
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareCode } from "../../src/codes";
import type { LabelDocument } from "../../src/model/types";
import { renderLabel } from "../../src/render";
import { barcodeLabel, qrLabel, READABLE_1D, READABLE_2D } from "./support/labels";
import { decode } from "./support/zxing";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
let browser: Browser;

beforeAll(async () => {
  await prepareCode({ kind: "qrcode", type: 2, data: "x" });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
});
afterAll(async () => {
  await browser?.close();
});

const pages = new Map<number, Page>();

/** Screenshot of the label at `dpi` (CSS px are 1/96 in, so the device scale is dpi / 96). */
async function shoot(doc: LabelDocument, dpi: number): Promise<Uint8Array> {
  let page = pages.get(dpi);
  if (!page) {
    const context = await browser.newContext({
      deviceScaleFactor: dpi / 96,
      viewport: { width: 800, height: 600 },
    });
    page = await context.newPage();
    pages.set(dpi, page);
  }
  const svg = renderLabel(doc, { target: "print", dpi });
  await page.setContent(
    `<!doctype html><body style="margin:0;background:#fff"><div id="l" style="display:inline-block;padding:4mm;background:#fff;line-height:0">${svg}</div></body>`,
  );
  return new Uint8Array(await page.locator("#l").screenshot({ type: "png" }));
}

describe.each([203, 300])("Chromium at %i dpi", (dpi) => {
  it("reads every 1D symbology", async () => {
    for (const c of READABLE_1D) {
      const [r] = await decode(await shoot(barcodeLabel(c.type, c.data), dpi), {
        formats: [c.format as never],
        textMode: c.format === "Code128" ? "HRI" : "Plain",
      });
      expect(r?.text, `type ${c.type}`).toBe(c.expect);
    }
  });

  it("reads every 2D symbology", async () => {
    for (const c of READABLE_2D) {
      const [r] = await decode(await shoot(qrLabel(c.type, c.data), dpi), { formats: [c.format as never] });
      expect(r?.text, `type ${c.type}`).toBe(c.data);
    }
  });

  it("reads rotated and mirrored codes placed by the renderer's transform", async () => {
    for (const Rotate of [90, 180, 270] as const) {
      const b = barcodeLabel(1, "ROTATE-128", { Rotate, StartX: 22, StartY: 22 });
      const doc = { ...b, attrs: { ...b.attrs, width: 80, height: 80 } };
      const [r] = await decode(await shoot(doc, dpi), { formats: ["Code128"] });
      expect(r?.text, `rotate ${Rotate}`).toBe("ROTATE-128");
    }
    const q = qrLabel(1, "mirror", { MirrorImage: true, Rotate: 90 });
    const [r] = await decode(await shoot(q, dpi), { formats: ["QRCode"], tryInvert: true });
    expect(r?.text).toBe("mirror");
  });
});
