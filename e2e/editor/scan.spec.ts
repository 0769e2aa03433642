// Scan to print (issue 27), in the built app: a member's label bound to a 5,000-row spreadsheet; a
// simulated keyboard-wedge scanner (a burst of keys and Enter, with the focus on the canvas) types
// the code of row 4,321 and the canvas shows that record; with print on scan the fake TSPL printer
// receives the label and its barcode decodes to the scanned code, an unknown code before it gives
// the message and prints nothing, and the same record again within seconds asks first. Typing in a
// field at a person's pace stays typing; a burst of real key events into a field (CDP, timestamps
// 4 ms apart) is a scan and the field keeps its text. The camera is Chromium's fake capture fed
// with the printed label. A free user gets the membership prompt; a 400 px screen works.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as XLSX from "@e965/xlsx";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { decode } from "../../tests/codes/support/zxing";
import { decodeTspl, type Page as PrintedPage, toRgba } from "../../tests/print/support/decodeJob";
import { openPrintDialog, type PrintRig, printTo, startPrintRig, t } from "../print/helpers";
import { apiPost, appUrl, newUser, openSignedInEditor, screenshot } from "../support";
import { addAt, clickElement } from "./helpers";

const ROWS = 5000;
const PRINTER = "Shelf TSPL";
// the default label is 100 × 80 mm: 800 × 640 dots at 203 dpi, the camera's picture size too
const FRAME = { width: 800, height: 640 };

/** An EAN-13 (12 digits + check digit). */
function ean13(twelve: string): string {
  const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return twelve + String((10 - (sum % 10)) % 10);
}
const codeOf = (row: number) => ean13(`200000${String(row).padStart(6, "0")}`);
const nameOf = (row: number) => `Item${row}`;

function makeXlsx(dir: string): string {
  const rows: string[][] = [["Name", "Code"]];
  for (let r = 1; r <= ROWS; r++) rows.push([nameOf(r), codeOf(r)]);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), "Products");
  const path = join(dir, "products.xlsx");
  writeFileSync(path, XLSX.write(wb, { type: "buffer", bookType: "xlsx" }) as Buffer);
  return path;
}

/** A one-frame Y4M video (4:2:0, grey): the picture Chromium's fake camera shows, looped. */
function writeY4m(path: string, luma: (x: number, y: number) => number): void {
  const { width, height } = FRAME;
  const y = Buffer.alloc(width * height);
  for (let j = 0; j < height; j++) for (let i = 0; i < width; i++) y[j * width + i] = luma(i, j);
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`);
  writeFileSync(path, Buffer.concat([header, y, chroma, chroma]));
}

/** The printed label as the camera's picture: ink black, paper white. */
function labelPicture(path: string, p: PrintedPage): void {
  const rgba = toRgba(p);
  writeY4m(path, (x, y) => (x < p.width && y < p.height ? rgba.data[(y * p.width + x) * 4] : 255));
}

async function readCode(p: PrintedPage): Promise<string> {
  const [r] = await decode(toRgba(p));
  return r?.text ?? "";
}

const dir = mkdtempSync(join(tmpdir(), "inkless-scan-"));
const camera = join(dir, "camera.y4m");
const member = newUser();
let rig: PrintRig;
let file: string;
let textId: string;
let codeId: string;
let printed: PrintedPage;

beforeAll(async () => {
  file = makeXlsx(dir);
  // the fake camera's file is read when the camera starts: white until the label is printed
  writeY4m(camera, () => 255);
  rig = await startPrintRig({
    printers: { [PRINTER]: "TSPL" },
    // the exact picture: this test reads the job's bitmap (the printer's commands: nativePreview.spec.ts)
    sendAs: { [PRINTER]: "picture" },
    // no ?inspect=1: the QA inspector would cover the panel
    query: "?labelStatus=add",
    env: { INKLESS_MEMBERS: member.account },
    user: member,
    browserArgs: [
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${camera}`,
    ],
  });
  textId = await addAt(rig.page, "Text", 0.3, 0.2);
  codeId = await addAt(rig.page, "Barcode", 0.5, 0.6);
}, 120_000);

afterAll(async () => {
  await rig?.close();
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail" && rig)
    await screenshot(rig.page, `scan-fail-${ctx.task.name.slice(0, 30)}`);
});

const panel = () => rig.page.getByTestId("scan-panel");
const recordShown = (n: number) =>
  rig.page.waitForFunction(
    (want) => document.querySelector('[data-testid="record-value"]')?.textContent === want,
    `${n} / ${ROWS}`,
    { timeout: 30_000 },
  );

/**
 * A keyboard-wedge scanner: the code's keys and Enter as one burst at the focused element (built
 * in the page, so the burst is as fast as a scanner's whatever the load on the test machine).
 * Answers the ms from Enter until `until` (element id → text) is drawn on the canvas, if given.
 */
function wedge(code: string, until?: { id: string; text: string }): Promise<number> {
  return rig.page.evaluate(
    async ({ code, until }) => {
      const target = document.activeElement ?? document.body;
      const key = (k: string) =>
        target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
      for (const ch of code) key(ch);
      const t0 = performance.now();
      key("Enter");
      if (!until) return 0;
      // each frame until drawn; -1 when it was not drawn within 20 s (the caller's checks then fail)
      return new Promise<number>((resolve) => {
        const drawn = () => {
          const shown = [...document.querySelectorAll(`.ink-label g[data-id="${until.id}"]`)].some(
            (g) => g.textContent === until.text,
          );
          if (shown) resolve(performance.now() - t0);
          else if (performance.now() - t0 > 20_000) resolve(-1);
          else requestAnimationFrame(drawn);
        };
        drawn();
      });
    },
    { code, until },
  );
}

describe("scan to print", () => {
  it("Scan opens the panel; quick print waits for a first print, then uses that printer", async () => {
    const { page } = rig;
    await page.getByTestId("scan-open").click();
    await panel().waitFor();
    expect(await page.getByTestId("scan-no-key").textContent()).toBe(t["editor.scan.noKey"]);
    expect(await page.getByTestId("scan-printer").textContent()).toBe(t["editor.scan.noPrinter"]);
    expect(await page.getByTestId("scan-print-on-scan").isDisabled()).toBe(true);
    await page.getByTestId("scan-close").click();
    await panel().waitFor({ state: "detached" });

    const job = rig.printers.get(PRINTER)?.nextJob();
    await openPrintDialog(page);
    await printTo(page, PRINTER);
    expect(decodeTspl(await (job as Promise<Buffer>)).pages).toHaveLength(1);
    // Ctrl+B (the registry's shortcut) opens it again
    await page.keyboard.press("Control+b");
    await panel().waitFor();
    expect(await page.getByTestId("scan-printer").textContent()).toBe(
      t["editor.scan.printer"].replace("{{name}}", PRINTER),
    );
    expect(await page.getByTestId("scan-print-on-scan").isDisabled()).toBe(false);
    await page.getByTestId("scan-close").click();
  }, 120_000);

  it("binds the text and the barcode to a 5,000-row sheet; the key is the barcode's column", async () => {
    const { page } = rig;
    await clickElement(page, textId);
    await page.getByTestId("source-type").selectOption("1");
    await page.getByTestId("sheet-upload-input").setInputFiles(file);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sheet-file-name"]')?.textContent === "products.xlsx",
    );
    await recordShown(1);
    await clickElement(page, codeId);
    await page.getByTestId("source-type").selectOption("1");
    await page.getByTestId("sheet-column").selectOption("1");
    await page.getByTestId("scan-open").click();
    await panel().waitFor();
    const key = page.getByTestId("scan-key");
    await expect
      .poll(() => key.locator("option:checked").textContent())
      .toBe("products.xlsx › Products › Code");
    expect(await key.locator("option").allTextContents()).toEqual([
      "products.xlsx › Products › Name",
      "products.xlsx › Products › Code",
    ]);
  }, 120_000);

  it("a burst with the focus on the canvas shows row 4,321, nothing prints; in a field typing stays typing", async () => {
    const { page } = rig;
    // focus on the canvas, not in a field: the burst is still a scan
    await page.getByTestId("canvas").focus();
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toMatch(/INPUT|TEXTAREA|SELECT/);
    const ms = await wedge(codeOf(4321), { id: textId, text: nameOf(4321) });
    await recordShown(4321);
    console.log(`[scan] row 4,321 drawn on the canvas ${ms.toFixed(0)} ms after the scanner's Enter`);
    expect(await page.locator(`.ink-label g[data-id="${textId}"]`).first().textContent()).toBe(nameOf(4321));
    expect(await page.getByTestId("scan-result").textContent()).toBe(
      t["editor.scan.match.exact"].replace("{{n}}", "4,321").replace("{{value}}", codeOf(4321)),
    );
    await screenshot(page, "scan-found");
    // typing at a person's pace in a field stays typing, Enter included: no scan
    const copies = page.getByTestId("scan-copies");
    await copies.fill("");
    await copies.pressSequentially("1234", { delay: 120 });
    await copies.press("Enter");
    expect(await copies.inputValue()).toBe("1234");
    expect(await page.getByTestId("scan-history").locator("li").count()).toBe(1);
    // a scanner's burst into that field (real key events 4 ms apart by their timestamps): a scan,
    // and the field gets back what it had
    await copies.fill("5");
    const cdp = await page.context().newCDPSession(page);
    const start = Date.now() / 1000;
    const keys = [...codeOf(17)].map((ch) => ({ key: ch, text: ch }));
    const enter = { key: "Enter", text: "\r", code: "Enter", windowsVirtualKeyCode: 13 };
    const sends = [...keys, enter].map((k, i) =>
      cdp.send("Input.dispatchKeyEvent", { type: "keyDown", ...k, timestamp: start + i * 0.004 }),
    );
    await Promise.all(sends);
    await recordShown(17);
    expect(await copies.inputValue()).toBe("5");
    expect(await page.getByTestId("scan-history").locator("li code").first().textContent()).toBe(codeOf(17));
    // a busy computer: a few keys of the burst 68–140 ms apart (by their timestamps): still a scan
    await page.getByTestId("canvas").focus();
    const uneven = [4, 4, 120, 4, 68, 4, 140, 4, 4, 90, 4, 4, 4];
    let at = Date.now() / 1000;
    const slow = [...[...codeOf(18)].map((ch) => ({ key: ch, text: ch })), enter].map((k, i) => {
      at += (uneven[i] ?? 4) / 1000;
      return cdp.send("Input.dispatchKeyEvent", { type: "keyDown", ...k, timestamp: at });
    });
    await Promise.all(slow);
    await recordShown(18);
    // a scanner that sends no Enter: what arrived is shown, with what to set
    const noEnter = [...codeOf(19)].map((ch, i) =>
      cdp.send("Input.dispatchKeyEvent", {
        type: "keyDown",
        key: ch,
        text: ch,
        timestamp: at + 1 + i * 0.004,
      }),
    );
    await Promise.all(noEnter);
    const partial = page.getByTestId("scan-partial");
    await partial.waitFor();
    expect(await partial.textContent()).toContain(`“${codeOf(19)}”`);
    await screenshot(page, "scan-partial");
    await cdp.detach();
  }, 60_000);

  it("print on scan: an unknown code says so and prints nothing; row 4,321 prints and decodes; again asks", async () => {
    const { page } = rig;
    const fake = rig.printers.get(PRINTER);
    if (!fake) throw new Error("no printer");
    await page.getByTestId("scan-print-on-scan").check();
    await page.getByTestId("scan-copies").fill("2");
    await page.getByTestId("canvas").focus();

    const unknown = "9999999999994";
    await wedge(unknown);
    await page.waitForFunction(
      (want) => [...document.querySelectorAll(".toast-text")].some((n) => n.textContent === want),
      t["editor.scan.notFound"].replace("{{code}}", unknown),
    );
    expect(await page.getByTestId("scan-result").getAttribute("class")).toContain("is-error");

    // the next job the printer receives is row 4,321's: the unknown code printed nothing
    const job = fake.nextJob();
    await wedge(codeOf(4321));
    // the same record again at once (as a UPC-A with an extra leading zero, typed): asked first
    await page.getByTestId("scan-code").fill(`0${codeOf(4321)}`);
    await page.getByTestId("scan-code").press("Enter");
    await page.getByTestId("scan-duplicate").waitFor();
    expect(await page.getByTestId("scan-result").textContent()).toBe(
      t["editor.scan.match.zeros"].replace("{{n}}", "4,321").replace("{{value}}", codeOf(4321)),
    );
    const tspl = decodeTspl(await job);
    expect(tspl.pages).toHaveLength(1);
    [printed] = tspl.pages;
    expect(printed.copies).toBe(2);
    expect([printed.width, printed.height]).toEqual([FRAME.width, FRAME.height]);
    expect(await readCode(printed)).toBe(codeOf(4321));
    await page.waitForFunction(
      (want) => [...document.querySelectorAll(".toast-text")].some((n) => n.textContent === want),
      t["editor.scan.printed"].replace("{{code}}", codeOf(4321)).replace("{{n}}", "4,321"),
    );
    await screenshot(page, "scan-duplicate");
    // its print record names the saved template and file (print on scan saved the label first) and
    // keeps a picture of the label as printed: /printRecord shows it and Reprint is on
    type Rec = { template_id: string; file_web: string; image: string; records: string };
    const latest = async () =>
      ((await apiPost(page, "/api/tem.app_public/getPrintHistory", {})).data as Rec[])[0];
    await expect.poll(async () => (await latest())?.records).toBe("4321");
    const rec = await latest();
    expect(rec.template_id).not.toBe("");
    expect(rec.file_web).not.toBe("");
    expect(rec.image).toMatch(/\/tprt\/printed\/.+\.png$/);
    const history = await page.context().newPage();
    await history.goto(appUrl(rig.app.baseUrl, "/printRecord"));
    const row = history.getByTestId("print-record").first();
    await row.waitFor();
    expect(await row.getByTestId("print-record-reprint").isDisabled()).toBe(false);
    const picture = row.getByTestId("print-record-picture");
    expect(await picture.getAttribute("src")).toBe(rec.image);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
    await screenshot(history, "scan-print-record");
    await history.close();

    const again = fake.nextJob();
    await page.getByTestId("scan-duplicate").getByRole("button", { name: t["editor.scan.again"] }).click();
    await page.getByTestId("scan-duplicate").waitFor({ state: "detached" });
    expect(await readCode(decodeTspl(await again).pages[0])).toBe(codeOf(4321));
    await expect
      .poll(() =>
        page
          .getByTestId("scan-history")
          .locator("li")
          .evaluateAll((ls) => ls.map((l) => l.getAttribute("data-status"))),
      )
      .toEqual(["printed", "printed", "notFound", "found", "found", "found"]);
    expect(await page.getByTestId("scan-history").locator("li code").allTextContents()).toEqual([
      `0${codeOf(4321)}`,
      codeOf(4321),
      unknown,
      codeOf(18),
      codeOf(17),
      codeOf(4321),
    ]);
  }, 120_000);

  it("the camera reads the printed label and shows its record", async () => {
    const { page } = rig;
    await page.getByTestId("scan-print-on-scan").uncheck();
    await page.getByTestId("record-first").click();
    await recordShown(1);
    labelPicture(camera, printed);
    await page.getByTestId("scan-camera").click();
    await page.getByTestId("scan-video").waitFor();
    await recordShown(4321);
    expect(await page.getByTestId("scan-history").locator("li code").first().textContent()).toBe(
      codeOf(4321),
    );
    await screenshot(page, "scan-camera");
    await page.getByTestId("scan-camera").click();
    await page.getByTestId("scan-video").waitFor({ state: "detached" });
  }, 60_000);

  it("a free user gets the membership prompt instead of the panel", async () => {
    const { page } = await openSignedInEditor(rig.browser, rig.app.baseUrl);
    await page.getByTestId("scan-open").click();
    await page.getByTestId("membership-prompt").waitFor();
    expect(await page.getByTestId("membership-message").textContent()).toBe(t["editor.scan.membersOnly"]);
    expect(await page.getByTestId("scan-panel").count()).toBe(0);
    await page.getByTestId("membership-confirm").click();
    await page.close();
  }, 60_000);

  it("on a phone-sized screen: scan → the preview shows the record → print", async () => {
    const { page } = rig;
    await page.setViewportSize({ width: 400, height: 800 });
    await page.getByTestId("narrow-view").waitFor();
    await panel().waitFor();
    await page.getByTestId("scan-print-on-scan").check();
    const job = rig.printers.get(PRINTER)?.nextJob();
    await page.locator("body").focus();
    await wedge(codeOf(17));
    await recordShown(17);
    await page.waitForFunction(
      ([want]) => !!document.querySelector('[data-testid="narrow-preview"]')?.textContent?.includes(want),
      [nameOf(17)] as const,
    );
    expect(await readCode(decodeTspl(await (job as Promise<Buffer>)).pages[0])).toBe(codeOf(17));
    const box = await panel().boundingBox();
    expect(box && Math.round(box.width)).toBe(400);
    await screenshot(page, "scan-narrow");
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 60_000);
});
