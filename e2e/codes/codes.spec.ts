// Barcodes and 2D codes in the editor (issue 6): added from the palette with the saved preferences,
// every symbology and error correction level chosen in the panel and drawn on the canvas, the type
// change reset rules, tip61 / tip111 / tip129 / tip131, and the codes the canvas shows decoded by
// zxing-wasm from screenshots (Code 128, EAN-13, QR, PDF417, Data Matrix, Aztec).
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { encodeCode, LINEAR_SYMBOLOGIES } from "../../src/codes";
import { DISK_LOGO } from "../../tests/codes/support/logos";
import { dragPath, openEditor } from "../editor/helpers";
import { launchBrowser, type RunningApp, screenshot, startApp } from "../support";
import {
  addCode,
  codeNode,
  deselect,
  optionValues,
  readFromCanvas,
  selectCode,
  waitForCode,
  waitForPlaceholder,
  waitForToast,
} from "./helpers";

const t = en as Record<string, string>;
let app: RunningApp;
let browser: Browser;
let page: Page;
let bc: string;
let qr: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  // a device scale of 3 gives the decoder a few pixels per module at the editor's zoom
  const context = await browser.newContext({
    locale: "en-US",
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 3,
  });
  page = await context.newPage();
  await openEditor(page, app.baseUrl);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const value = (testId: string) => page.getByTestId(testId).inputValue();
const setContent = async (text: string) => {
  await page.getByTestId("panel-code-content").fill(text);
  await page.waitForFunction(
    (want) =>
      (document.querySelector('[data-testid="panel-code-content"]') as HTMLTextAreaElement)?.value === want,
    text,
  );
};

/** How many dark runs the code's one path has (grows with the symbol's size). */
const moduleCount = (id: string) =>
  codeNode(page, id)
    .locator("path")
    .first()
    .evaluate((p) => (p.getAttribute("d") ?? "").split("M").length - 1);

const commitInput = async (testId: string, text: string) => {
  await page.getByTestId(testId).fill(text);
  await page.getByTestId(testId).press("Enter");
};

/** The disk-on-red PNG of the unit tests, as a file to upload. */
const logoFile = (name = "logo.png") => ({
  name,
  mimeType: "image/png",
  buffer: Buffer.from(DISK_LOGO.slice(DISK_LOGO.indexOf(",") + 1), "base64"),
});

describe("codes in the editor", () => {
  it("adds a barcode and a QR code from the palette, seeded from the default preferences", async () => {
    bc = await addCode(page, "Barcode", 35, 10);
    await waitForCode(page, bc);
    expect(await value("panel-code-type")).toBe("1");
    expect(await value("panel-code-position")).toBe("1");
    expect(await value("panel-code-font-size")).toBe("10");
    // the width comes from the X-dimension: 101 modules of 2 dots at 203 dpi (0.25 mm)
    expect(Number(await value("panel-width"))).toBeCloseTo(101 * 2 * (25.4 / 203), 1);
    expect(await value("panel-code-x-dots")).toBe("2");
    expect(await value("panel-code-x-mm")).toBe("0.25");
    qr = await addCode(page, "QRcode", 38, 44);
    await waitForCode(page, qr);
    expect(await value("panel-code-type")).toBe("1");
    expect(await value("panel-code-ec")).toBe("M");
    expect(await value("panel-code-position")).toBe("0");
    // a square code: 30 % of the label's shorter side
    expect(Number(await value("panel-width"))).toBeCloseTo(24, 0);
    await screenshot(page, "codes-added");
  });

  it("draws the default Code 128 so that it scans", async () => {
    await deselect(page);
    const text = await readFromCanvas(page, bc, "123456789012", { formats: ["Code128"] }, "codes-code128");
    expect(text).toBe("123456789012");
  });

  it("resets untouched content on a type change, keeps edited content, and both scan", async () => {
    await selectCode(page, bc);
    await page.getByTestId("panel-code-type").selectOption("7");
    const ean = LINEAR_SYMBOLOGIES.find((s) => s.code === 7)?.defaultData ?? "";
    await page.waitForFunction(
      (want) =>
        (document.querySelector('[data-testid="panel-code-content"]') as HTMLTextAreaElement)?.value === want,
      ean,
    );
    // typing marks the content as edited (isEdit): the published EAN-13 example without its check digit
    await setContent("590123412345");
    await waitForCode(page, bc);
    await deselect(page);
    expect(await readFromCanvas(page, bc, "5901234123457", { formats: ["EAN13"] }, "codes-ean13")).toBe(
      "5901234123457",
    );
    await selectCode(page, bc);
    await page.getByTestId("panel-code-type").selectOption("1");
    expect(await value("panel-code-content")).toBe("590123412345");
    expect(await page.evaluate(() => localStorage.getItem("BarCodeType"))).toBe("1");
    await deselect(page);
    expect(
      await readFromCanvas(page, bc, "590123412345", { formats: ["Code128"] }, "codes-code128-edited"),
    ).toBe("590123412345");
  });

  it("offers every symbology and draws each with its default content", async () => {
    // a fresh barcode (content not edited) takes each type's default content
    await selectCode(page, bc);
    const types = await optionValues(page, "panel-code-type");
    expect(types.map(Number)).toEqual(LINEAR_SYMBOLOGIES.map((s) => s.code));
    // at the left edge: the box follows each type's content, and the widest stays left of the QR code
    const fresh = await addCode(page, "Barcode", 2, 28);
    for (const type of types) {
      await page.getByTestId("panel-code-type").selectOption(type);
      const def = LINEAR_SYMBOLOGIES.find((s) => String(s.code) === type)?.defaultData ?? "";
      // the panel follows the machine's update: wait for it rather than read it at once
      await expect
        .poll(() => value("panel-code-content"), { message: `type ${type}`, timeout: 5000 })
        .toBe(def);
      await waitForCode(page, fresh);
    }
    await screenshot(page, "codes-every-1d");
  });

  it("resets error correction on a 2D type change and reads QR, PDF417, Data Matrix and Aztec", async () => {
    await selectCode(page, qr);
    expect(await optionValues(page, "panel-code-ec")).toEqual(["L", "M", "Q", "H"]);
    // every level can be chosen and is drawn (the denser the level, the more modules)
    const sizes: number[] = [];
    for (const ec of ["L", "M", "Q", "H"]) {
      await page.getByTestId("panel-code-ec").selectOption(ec);
      await waitForCode(page, qr);
      sizes.push(await moduleCount(qr));
    }
    expect(sizes[3]).toBeGreaterThan(sizes[0]);
    await waitForCode(page, qr);
    await deselect(page);
    const url = "https://example.com";
    expect(await readFromCanvas(page, qr, url, { formats: ["QRCode"] }, "codes-qr")).toBe(url);
    await selectCode(page, qr);

    await page.getByTestId("panel-code-type").selectOption("2");
    expect(await value("panel-code-ec")).toBe("1");
    expect(await optionValues(page, "panel-code-ec")).toEqual(["0", "1", "2", "3", "4", "5", "6", "7"]);
    for (const ec of ["0", "2", "3", "4", "5", "6", "7"]) {
      await page.getByTestId("panel-code-ec").selectOption(ec);
      await waitForCode(page, qr);
    }
    await deselect(page);
    expect(await readFromCanvas(page, qr, url, { formats: ["PDF417"] }, "codes-pdf417")).toBe(url);

    await selectCode(page, qr);
    await page.getByTestId("panel-code-type").selectOption("3");
    expect(await page.getByTestId("panel-code-ec").count()).toBe(0);
    await waitForCode(page, qr);
    await deselect(page);
    expect(await readFromCanvas(page, qr, url, { formats: ["DataMatrix"] }, "codes-datamatrix")).toBe(url);

    await selectCode(page, qr);
    await page.getByTestId("panel-code-type").selectOption("4");
    expect(await value("panel-code-ec")).toBe("23");
    expect(await page.getByTestId("panel-code-ec").isDisabled()).toBe(true);
    await waitForCode(page, qr);
    await deselect(page);
    expect(await readFromCanvas(page, qr, url, { formats: ["Aztec"] }, "codes-aztec")).toBe(url);

    await selectCode(page, qr);
    await page.getByTestId("panel-code-type").selectOption("5");
    expect(await value("panel-code-ec")).toBe("L1");
    expect(await value("panel-code-version")).toBe("0");
    expect(await optionValues(page, "panel-code-ec")).toEqual(["L1", "L2", "L3", "L4"]);
    for (const ec of ["L2", "L3", "L4"]) {
      await page.getByTestId("panel-code-ec").selectOption(ec);
      await waitForCode(page, qr);
    }
    await page.getByTestId("panel-code-type").selectOption("1");
    expect(await value("panel-code-ec")).toBe("M");
    expect(
      await page.evaluate(() => [localStorage.getItem("QRCodeType"), localStorage.getItem("eclevel")]),
    ).toEqual(["1", "M"]);
  });

  it("puts a centre image on a QR code (30 % of its side, error correction H) that still scans", async () => {
    await selectCode(page, qr);
    await page.getByTestId("panel-code-ec").selectOption("L");
    const input = page.getByTestId("panel-code-centre-file");
    // the Image element's upload rules: jpeg/png only (tip39), at most image_size KB (tip30 + tip31)
    await input.setInputFiles({ name: "logo.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
    await waitForToast(page, t["tip.tip39"]);
    const config = await page.evaluate(() => localStorage.getItem("configuration"));
    await page.evaluate(() => localStorage.setItem("configuration", JSON.stringify({ image_size: 0.01 })));
    await input.setInputFiles(logoFile("big.png"));
    await waitForToast(page, `${t["tip.tip30"].replace("{{size}}", "0.01")} ${t["tip.tip31"]}`);
    await page.evaluate(
      (c) =>
        c === null ? localStorage.removeItem("configuration") : localStorage.setItem("configuration", c),
      config,
    );
    expect(await codeNode(page, qr).locator("image").count()).toBe(0);

    await input.setInputFiles(logoFile());
    await page.getByTestId("panel-code-centre-preview").waitFor();
    await codeNode(page, qr).locator("image").waitFor({ state: "attached" });
    await screenshot(page, "codes-centre-image-panel");
    expect(await value("panel-code-ec")).toBe("H");
    expect(await page.getByTestId("panel-code-ec").isDisabled()).toBe(true);
    // about 30 % of the code's side, in its middle
    const [img, box] = await Promise.all([
      codeNode(page, qr).locator("image").boundingBox(),
      codeNode(page, qr).locator("path").first().boundingBox(),
    ]);
    if (!img || !box) throw new Error("not drawn");
    expect(img.width / box.width).toBeGreaterThan(0.24);
    expect(img.width / box.width).toBeLessThan(0.36);
    expect(Math.abs(img.x + img.width / 2 - (box.x + box.width / 2))).toBeLessThan(box.width * 0.03);
    await deselect(page);
    const url = "https://example.com";
    expect(await readFromCanvas(page, qr, url, { formats: ["QRCode"] }, "codes-qr-centre-image")).toBe(url);

    // removing the picture keeps the level it set; the choice is free again
    await selectCode(page, qr);
    await page.getByTestId("panel-code-centre-remove").click();
    await codeNode(page, qr).locator("image").waitFor({ state: "detached" });
    expect(await page.getByTestId("panel-code-ec").isDisabled()).toBe(false);
    expect(await value("panel-code-ec")).toBe("H");
    await page.getByTestId("panel-code-ec").selectOption("M");
  });

  it("warns with tip129 when a 2D code's text is wider than the code", async () => {
    await selectCode(page, qr);
    // the default address at 10 pt is wider than the 24 mm code
    await page.getByTestId("panel-code-position").selectOption("1");
    await waitForToast(page, t["tip.tip129"]);
    const size = page.getByTestId("panel-code-font-size");
    await size.fill("4");
    await size.press("Enter");
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="panel-code-font-size"]') as HTMLInputElement)?.value === "4",
    );
    await page.getByTestId("panel-code-position").selectOption("0");
  });

  it("shows tip61 for empty content and tip111 with the encoder's detail, after a second", async () => {
    await selectCode(page, bc);
    await setContent("");
    const shownAt = Date.now();
    await waitForPlaceholder(page, bc, "tip.tip61");
    await page.getByTestId("panel-code-error").waitFor();
    // the message waits CODE_ERROR_DELAY_MS (1 s) after the content changed
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(900);
    expect(await page.getByTestId("panel-code-error").textContent()).toBe(t["tip.tip61"]);

    // a GS1 rule broken: our own message, naming the AI and the right digit (src/codes/gs1)
    await page.getByTestId("panel-code-type").selectOption("26");
    await setContent("(01)12345678901234");
    await waitForPlaceholder(page, bc, "codes.gs1.checkDigit");
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid="panel-code-error"]')?.textContent === want,
      t["codes.gs1.checkDigit"].replace("{{ai}}", "01").replace("{{digit}}", "1"),
    );
    // the canvas still draws everything: the placeholder box and the other code
    expect(await codeNode(page, bc).locator("rect").count()).toBeGreaterThan(0);
    expect(await codeNode(page, qr).locator("path").count()).toBeGreaterThan(0);
    await setContent("(01)12345678901231");
    await waitForCode(page, bc);
    await page.getByTestId("panel-code-error").waitFor({ state: "detached" });
    // what the encoder itself refuses (Telepen takes ASCII only): tip111 with its detail after a colon
    await page.getByTestId("panel-code-type").selectOption("27");
    await setContent("é");
    await waitForPlaceholder(page, bc, "tip.tip111");
    await page.waitForFunction((head) => {
      const text = document.querySelector('[data-testid="panel-code-error"]')?.textContent ?? "";
      return text.startsWith(head) && text.length > head.length;
    }, `${t["tip.tip111"]}: `);
    await screenshot(page, "codes-tip111");
    await setContent("12345");
    await waitForCode(page, bc);
    await page.getByTestId("panel-code-error").waitFor({ state: "detached" });
  });

  it("warns with tip129 when a larger font makes the text wider than the barcode", async () => {
    await selectCode(page, bc);
    await page.getByTestId("panel-code-type").selectOption("1");
    await setContent("123456789012");
    await waitForCode(page, bc);
    const size = page.getByTestId("panel-code-font-size");
    await size.fill("30");
    await size.press("Enter");
    await waitForToast(page, t["tip.tip129"]);
    // EAN/UPC font sizes stay between the type's minimum and 11
    await page.getByTestId("panel-code-type").selectOption("7");
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="panel-code-font-size"]') as HTMLInputElement)?.value === "11",
    );
    await size.fill("2");
    await size.press("Enter");
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="panel-code-font-size"]') as HTMLInputElement)?.value === "7.8",
    );
  });

  it("turns the text off above Han Xin version 30 (tip131) and keeps version and position when the content does not fit", async () => {
    await selectCode(page, qr);
    await page.getByTestId("panel-code-type").selectOption("5");
    await page.getByTestId("panel-code-position").selectOption("1");
    await page.getByTestId("panel-code-version").selectOption("31");
    await waitForToast(page, t["tip.tip131"]);
    expect(await value("panel-code-position")).toBe("0");
    expect(await page.getByTestId("panel-code-position").isDisabled()).toBe(true);
    expect(await page.getByTestId("panel-code-font-size").getAttribute("readonly")).not.toBeNull();
    await waitForCode(page, qr);
    await screenshot(page, "codes-tip131");

    await page.getByTestId("panel-code-version").selectOption("20");
    expect(await page.getByTestId("panel-code-position").isDisabled()).toBe(false);
    await page.getByTestId("panel-code-position").selectOption("1");
    await setContent("x".repeat(120));
    await waitForCode(page, qr);
    await page.getByTestId("panel-code-version").selectOption("1");
    await waitForToast(page, `${t["tip.tip111"]}: Maximum length exceeded or invalid content`);
    expect(await value("panel-code-version")).toBe("20");
    expect(await value("panel-code-position")).toBe("1");
  });

  it("keeps the proportion when resizing and draws the code again at the new size", async () => {
    await selectCode(page, bc);
    await page.getByTestId("panel-code-proportion").check();
    // keep proportion: the bottom-right handle only (spec §4)
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="handle-"]').length === 1);
    const w0 = Number(await value("panel-width"));
    const h0 = Number(await value("panel-height"));
    const handle = await page.getByTestId("handle-se").boundingBox();
    if (!handle) throw new Error("no handle");
    const from = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
    await dragPath(page, from, { x: from.x + 60, y: from.y + 5 });
    await page.waitForFunction(
      (w) =>
        Number((document.querySelector('[data-testid="panel-width"]') as HTMLInputElement)?.value) > w + 5,
      w0,
    );
    const w1 = Number(await value("panel-width"));
    const h1 = Number(await value("panel-height"));
    expect(w1 / h1).toBeCloseTo(w0 / h0, 1);
    await deselect(page);
    // EAN-13 of the 12 digits typed earlier, with its computed check digit
    expect(await readFromCanvas(page, bc, "1234567890128", { formats: ["EAN13"] }, "codes-resized")).toBe(
      "1234567890128",
    );
  });

  it("takes the X-dimension in dots or mm: the width follows, and longer content keeps it", async () => {
    const x = await addCode(page, "Barcode", 2, 66);
    await page.getByTestId("panel-code-type").selectOption("1");
    const width = async () => Number(await page.getByTestId("panel-width").inputValue());
    const widthFor = async (modules: number, dots: number) =>
      page.waitForFunction(
        (want) =>
          Math.abs(
            Number((document.querySelector('[data-testid="panel-width"]') as HTMLInputElement)?.value) - want,
          ) < 0.02,
        modules * dots * (25.4 / 203),
      );
    // (the saved type preference may have started it as EAN-13, at 3 dots: set 2)
    await commitInput("panel-code-x-dots", "2");
    await widthFor(
      encodeCode({ kind: "barcode", type: 1, data: await value("panel-code-content") }).width,
      2,
    );
    // 13 characters of Code 128, still 2 dots a module: the box grew with the content
    const modules = encodeCode({ kind: "barcode", type: 1, data: "INK-2026-0042" }).width;
    await setContent("INK-2026-0042");
    await widthFor(modules, 2);
    expect(await value("panel-code-x-dots")).toBe("2");
    await commitInput("panel-code-x-dots", "3");
    await widthFor(modules, 3);
    expect(await value("panel-code-x-mm")).toBe("0.375");
    // mm snap to the nearest whole dot: 0.3 mm is 2.4 dots → 2
    await commitInput("panel-code-x-mm", "0.3");
    await widthFor(modules, 2);
    expect(await value("panel-code-x-dots")).toBe("2");
    await commitInput("panel-code-height", "12.5");
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="panel-height"]') as HTMLInputElement)?.value === "12.5",
    );
    expect(await width()).toBeLessThanOrEqual(100);
    await deselect(page);
    expect(
      await readFromCanvas(page, x, "INK-2026-0042", { formats: ["Code128"] }, "codes-x-dimension"),
    ).toBe("INK-2026-0042");
    // EAN-13 at 2 dots of 203 dpi is under the GS1 minimum of 0.264 mm: the tip says so until 3 dots
    await selectCode(page, x);
    await page.getByTestId("panel-code-type").selectOption("7");
    await setContent("590123412345");
    await commitInput("panel-code-x-dots", "2");
    await page.getByTestId("panel-code-x-tip").waitFor();
    expect(await page.getByTestId("panel-code-x-tip").textContent()).toContain("0.264");
    await screenshot(page, "codes-x-gs1-tip");
    await commitInput("panel-code-x-dots", "3");
    await page.getByTestId("panel-code-x-tip").waitFor({ state: "detached" });
    // delete it again so the later tests find the canvas as before
    await page.getByTestId("tool-delete").click();
    await page.waitForFunction((id) => !document.querySelector(`.ink-label g[data-id="${id}"]`), x);
  });

  it("starts new codes from the saved preferences", async () => {
    await page.evaluate(() => {
      localStorage.setItem("BarCodeType", "7");
      localStorage.setItem("BarcodeNumPosition", "2");
      localStorage.setItem("QRCodeType", "4");
      localStorage.setItem("QRCodeNumPosition", "1");
    });
    const b2 = await addCode(page, "Barcode", 5, 62);
    expect(await value("panel-code-type")).toBe("7");
    expect(await value("panel-code-position")).toBe("2");
    await waitForCode(page, b2);
    const q2 = await addCode(page, "QRcode", 72, 8);
    expect(await value("panel-code-type")).toBe("4");
    expect(await value("panel-code-position")).toBe("1");
    expect(await value("panel-code-ec")).toBe("23");
    await waitForCode(page, q2);
    await screenshot(page, "codes-preferences");
  });

  it("takes its content from the shared data source editor and checks the shown record", async () => {
    // an EAN-13 from the saved preferences: 3 dots a module (GS1), 42.4 mm wide, so it fits at 55 mm
    const seq = await addCode(page, "Barcode", 55, 62);
    await page.getByTestId("panel-code-type").selectOption("7");
    await page.getByTestId("data-sources").waitFor();
    // a sequence of two 13-digit numbers: the first has the right check digit, the second not
    await page.getByTestId("source-type").selectOption("2");
    await commitInput("source-initial", "5901234123457");
    await commitInput("source-quantity", "2");
    await page.getByTestId("record-stepper").waitFor();
    await waitForCode(page, seq);
    await page.getByTestId("record-next").click();
    await waitForPlaceholder(page, seq, "codes.error.checkDigit");
    // the element's own Data is still the first record: the note is about the shown one
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid="panel-code-error"]')?.textContent === want,
      t["codes.error.checkDigit"].replace("{{digit}}", "7"),
    );
    await page.getByTestId("record-first").click();
    await waitForCode(page, seq);
    await page.getByTestId("panel-code-error").waitFor({ state: "detached" });
    // content from a source counts as edited: a type change keeps it
    await page.getByTestId("panel-code-type").selectOption("1");
    await waitForCode(page, seq);
    await deselect(page);
    expect(
      await readFromCanvas(page, seq, "5901234123457", { formats: ["Code128"] }, "codes-sequence-record"),
    ).toBe("5901234123457");
    await screenshot(page, "codes-data-source");
  });
});
