// Document printing (issue 20), in the built app: a member uploads an A4 PDF with four shipping labels
// a page over 3 pages, keeps pages 1-2, cuts them automatically and prints to a fake TSPL printer
// through a real print assistant: 8 labels arrive at 100 × 150 mm and every one's barcode scans with
// the value of that label on that page. The member splits a 2 × 5 sticker sheet; a free user who
// picks smart splitting meets the membership prompt. The PDFs are made by our own PDF writer.
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { type RunningAssistant, startAssistant } from "../../src/assistant/server";
import { decode } from "../../tests/codes/support/zxing";
import { labelValue, STICKERS, sheetFile, TEST_SET } from "../../tests/docprint/support/sheets";
import { pngOf, zlibZeros } from "../../tests/image/support/bombs";
import { decodeTspl, type Page as PrintedPage, toRgba } from "../../tests/print/support/decodeJob";
import { type FakePrinter, startFakePrinter } from "../../tests/print/support/fakePrinter";
import { htmlLoading } from "../../tests/server/support/hostileOffice";
import {
  apiPost,
  chooseFromMainNav,
  launchBrowser,
  newUser,
  type RunningApp,
  registerUser,
  screenshot,
  startApp,
  waitForRoute,
} from "../support";

const t = en as Record<string, string>;
const member = newUser();
const FOUR = TEST_SET.find((s) => s.name === "four");
let app: RunningApp;
let browser: Browser;
let printer: FakePrinter;
let assistant: RunningAssistant;
let current: Page | undefined;
let memberPage: Page | undefined;

beforeAll(async () => {
  printer = await startFakePrinter();
  [app, browser] = await Promise.all([startApp({ INKLESS_MEMBERS: member.account }), launchBrowser()]);
  assistant = await startAssistant(
    {
      host: "127.0.0.1",
      port: 0,
      cups: false,
      origins: [new URL(app.baseUrl).origin],
      printers: [{ name: "Shelf", host: "127.0.0.1", port: printer.port, language: "TSPL", dpi: 203 }],
    },
    { listCups: async () => [] },
  );
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await assistant?.close();
  await printer?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail" && current)
    await screenshot(current, `docprint-fail-${ctx.task.name.slice(0, 30)}`);
});

/** A signed-in page on /pdfPrint that talks to the test's assistant. */
async function docPrintPage(user = newUser()): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  current = page;
  await registerUser(page, app.baseUrl, user);
  await page.evaluate(
    (url) => localStorage.setItem("inkless.assistantUrl", url),
    `ws://127.0.0.1:${assistant.port}`,
  );
  await chooseFromMainNav(page, t["app.nav.pdfPrint"]);
  await waitForRoute(page, "/pdfPrint");
  return page;
}

async function upload(page: Page, path: string, pages: number): Promise<void> {
  await page.getByTestId("docprint-file").setInputFiles(path);
  await expect.poll(() => page.getByTestId("docprint-doc").textContent()).toContain(`pages: ${pages}`);
  await expect
    .poll(() => page.getByRole("list", { name: t["docprint.thumbs"] }).getByRole("img").count())
    .toBe(pages);
}

async function scan(p: PrintedPage): Promise<string | undefined> {
  const [r] = await decode(toRgba(p), { formats: ["Code128"] });
  return r?.text;
}

describe("document printing", () => {
  it("pages 1-2 of a 4-up A4 PDF, auto crop → 8 labels of 100 × 150 mm at the TSPL printer, each scans", async () => {
    if (!FOUR) throw new Error("no 4-up sheet in the test set");
    const page = await docPrintPage(member);
    memberPage = page;
    // the drawings are turned grey, trimmed and made labels on a worker (src/docprint/regionWorker.ts)
    const workers: string[] = [];
    page.on("worker", (w) => workers.push(w.url()));
    await upload(page, await sheetFile({ ...FOUR, pages: 3 }), 3);
    const range = page.getByLabel(t["docprint.range.label"]);
    // wrong input gets the spec's error and cannot be cut
    await range.fill("2-9");
    await page.getByText(t["docprint.range.error"].replace("{{count}}", "3")).waitFor();
    expect(await page.getByRole("button", { name: t["docprint.cut.run"] }).isDisabled()).toBe(true);
    await range.fill("1-2");
    expect(await range.getAttribute("aria-invalid")).toBeNull();
    expect(await page.getByLabel(t["docprint.size.label"], { exact: true }).inputValue()).toBe("100x150");
    await page.getByRole("button", { name: t["docprint.cut.run"] }).click();
    await expect.poll(() => page.getByTestId("docprint-box").count(), { timeout: 60_000 }).toBe(8);
    expect(await page.getByTestId("docprint-page").count()).toBe(2);
    await screenshot(page, "docprint-auto-crop");
    expect(workers.filter((u) => /regionWorker/.test(u))).toHaveLength(1);
    const select = page.getByTestId("docprint-printer");
    await select.locator('option[value="assistant:Shelf"]').waitFor({ state: "attached" });
    await select.selectOption("assistant:Shelf");
    const jobs = Array.from({ length: 8 }, () => printer.nextJob());
    await page.getByRole("button", { name: t["docprint.print.run"], exact: true }).click();
    const printed = await Promise.all(jobs);
    // the success message follows the last job (read before the slow decoding below)
    await page.getByText(t["tip.tip91"]).first().waitFor();
    const values: (string | undefined)[] = [];
    for (const job of printed) {
      const tspl = decodeTspl(job);
      expect(tspl.size).toBe("100 mm,150 mm");
      expect(tspl.pages).toHaveLength(1);
      expect([tspl.pages[0].width, tspl.pages[0].height]).toEqual([800, 1200]);
      values.push(await scan(tspl.pages[0]));
    }
    const want = [1, 2].flatMap((p) => [0, 1, 2, 3].map((i) => labelValue(FOUR.name, i, p)));
    expect(values).toEqual(want);
    // the print history notes the document print: its name, the label size, 8 labels of 1 copy
    await expect
      .poll(async () => (await apiPost(page, "/api/tem.app_public/getPrintHistory", {})).data?.[0])
      .toMatchObject({ name: FOUR.name, width: 100, height: 150, copies: 1, labels: 8 });
  }, 180_000);

  it("dashed cut lines between four labels a page: auto crop still cuts each label alone", async () => {
    const fourcut = TEST_SET.find((s) => s.name === "fourcut");
    if (!fourcut) throw new Error("no 4-up sheet with cut lines in the test set");
    const page = memberPage ?? (await docPrintPage(member));
    memberPage = page;
    current = page;
    await page.reload();
    await upload(page, await sheetFile(fourcut), 2);
    await page.getByRole("button", { name: t["docprint.cut.run"] }).click();
    await expect.poll(() => page.getByTestId("docprint-box").count(), { timeout: 60_000 }).toBe(8);
    // each box is one 95 × 135 mm label of the A4 page (45 % × 45 % of it), not the cut lines' cross
    const sizes = await page
      .getByTestId("docprint-box")
      .evaluateAll((els) =>
        els.map((el) => [(el as HTMLElement).style.width, (el as HTMLElement).style.height]),
      );
    for (const [w, h] of sizes) {
      expect(Math.abs(Number.parseFloat(w) - (95 / 210) * 100)).toBeLessThan(1);
      expect(Math.abs(Number.parseFloat(h) - (135 / 297) * 100)).toBeLessThan(1);
    }
  }, 120_000);

  it("the label worker failing: the translated message, the document and its boxes kept, then it works", async () => {
    if (!FOUR) throw new Error("no 4-up sheet in the test set");
    const page = memberPage ?? (await docPrintPage(member));
    memberPage = page;
    current = page;
    await page.reload();
    await upload(page, await sheetFile({ ...FOUR, pages: 1 }), 1);
    const broken = "**/regionWorker*.js";
    await page
      .context()
      .route(broken, (route) =>
        route.fulfill({ contentType: "text/javascript", body: "throw new Error('broken on purpose');" }),
      );
    const cut = page.getByRole("button", { name: t["docprint.cut.run"] });
    await cut.click();
    await page.getByText(t["docprint.cut.failed"]).first().waitFor();
    expect(await page.getByTestId("docprint-doc").textContent()).toContain("pages: 1");
    await page.context().unroute(broken);
    await cut.click();
    await expect.poll(() => page.getByTestId("docprint-box").count(), { timeout: 60_000 }).toBe(4);
    // printing with the worker broken again: the translated failure, the boxes stay
    await page
      .context()
      .route(broken, (route) =>
        route.fulfill({ contentType: "text/javascript", body: "throw new Error('broken on purpose');" }),
      );
    const select = page.getByTestId("docprint-printer");
    await select.locator('option[value="assistant:Shelf"]').waitFor({ state: "attached" });
    await select.selectOption("assistant:Shelf");
    await page.getByRole("button", { name: t["docprint.print.run"], exact: true }).click();
    await page.getByText(t["tip.tip92"]).first().waitFor();
    expect(await page.getByTestId("docprint-box").count()).toBe(4);
    await page.context().unroute(broken);
  }, 120_000);

  it("a member splits a 2 × 5 sticker sheet into 10 labels that scan", async () => {
    const page = memberPage ?? (await docPrintPage(member));
    memberPage = page;
    current = page;
    await page.reload();
    await upload(page, await sheetFile(STICKERS), 2);
    await page.getByLabel(t["docprint.range.label"]).fill("2");
    const sizeField = (key: string, unit: string) => page.getByLabel(t[key].replace("{{unit}}", unit));
    await sizeField("docprint.size.width", "mm").fill("100");
    await sizeField("docprint.size.height", "mm").fill("60");
    // in inches the size shows and is typed in inches, and means the same millimetres
    await page.getByTestId("unit-switch").selectOption("inch");
    expect(await sizeField("docprint.size.width", t["app.unit.inch"]).inputValue()).toBe("3.937");
    await sizeField("docprint.size.height", t["app.unit.inch"]).fill("2.5");
    await page.getByTestId("unit-switch").selectOption("mm");
    expect(await sizeField("docprint.size.height", "mm").inputValue()).toBe("63.5");
    await sizeField("docprint.size.height", "mm").fill("60");
    // membership is asked first: the choice takes when the answer is in
    const split = page.getByRole("radio", { name: t["docprint.mode.split"] });
    await split.click();
    await expect.poll(() => split.isChecked()).toBe(true);
    await page.getByLabel(t["docprint.split.rows"]).fill("5");
    await page.getByLabel(t["docprint.split.columns"]).fill("2");
    await page.getByRole("button", { name: t["docprint.cut.run"] }).click();
    await expect.poll(() => page.getByTestId("docprint-box").count(), { timeout: 60_000 }).toBe(10);
    // a box moves with the keyboard (and back), staying a named button
    const box = page.getByRole("button", { name: "Label 1 on page 2" });
    const left = await box.evaluate((el) => (el as HTMLElement).style.left);
    await box.press("Shift+ArrowRight");
    expect(await box.evaluate((el) => (el as HTMLElement).style.left)).not.toBe(left);
    await box.press("Shift+ArrowLeft");
    expect(await box.evaluate((el) => (el as HTMLElement).style.left)).toBe(left);
    // Delete leaves a box out: 9 labels, then a new cut finds the 10 again
    await page.getByRole("button", { name: "Label 10 on page 2" }).press("Delete");
    await expect.poll(() => page.getByTestId("docprint-box").count()).toBe(9);
    // a box added from the keyboard takes the focus, moves with the arrows, and Delete takes it out
    await page.getByRole("button", { name: "Add a label box on page 2" }).press("Enter");
    await expect.poll(() => page.getByTestId("docprint-box").count()).toBe(10);
    const added = page.getByRole("button", { name: "Label 10 on page 2" });
    await expect.poll(() => added.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await added.evaluate((el) => (el as HTMLElement).style.cssText)).toBe(
      "left: 30%; top: 30%; width: 40%; height: 40%;",
    );
    await page.keyboard.press("Shift+ArrowRight");
    expect(await added.evaluate((el) => (el as HTMLElement).style.left)).toBe("32%");
    await page.keyboard.press("Delete");
    await expect.poll(() => page.getByTestId("docprint-box").count()).toBe(9);
    await page.getByRole("button", { name: t["docprint.cut.run"] }).click();
    await expect.poll(() => page.getByTestId("docprint-box").count(), { timeout: 60_000 }).toBe(10);
    await page.getByTestId("docprint-printer").selectOption("assistant:Shelf");
    const jobs = Array.from({ length: 10 }, () => printer.nextJob());
    await page.getByRole("button", { name: t["docprint.print.run"], exact: true }).click();
    const values: (string | undefined)[] = [];
    for (const job of await Promise.all(jobs)) {
      const [p] = decodeTspl(job).pages;
      expect([p.width, p.height]).toEqual([800, 480]);
      values.push(await scan(p));
    }
    expect(values).toEqual(Array.from({ length: 10 }, (_, i) => labelValue(STICKERS.name, i, 2)));
  }, 180_000);

  it("a member's custom crop: one box on every page of the range", async () => {
    const page = memberPage ?? (await docPrintPage(member));
    memberPage = page;
    current = page;
    await page.reload();
    await upload(page, await sheetFile(STICKERS), 2);
    const custom = page.getByRole("radio", { name: t["docprint.mode.custom"] });
    await custom.click();
    await expect.poll(() => custom.isChecked()).toBe(true);
    await page.getByRole("button", { name: t["docprint.cut.run"] }).click();
    await expect.poll(() => page.getByTestId("docprint-box").count(), { timeout: 60_000 }).toBe(2);
    // moving the box on page 1 moves it on page 2 too
    const styleOf = (p: number) =>
      page
        .getByRole("button", { name: `Label 1 on page ${p}` })
        .evaluate((el) => (el as HTMLElement).style.cssText);
    await page.getByRole("button", { name: "Label 1 on page 1" }).press("Shift+ArrowDown");
    expect(await styleOf(2)).toBe(await styleOf(1));
    expect(await styleOf(1)).toContain("top: 7%");
    // drawing a new box on page 2 (from the margin outside the box) makes it the box of every page
    const sheet = page.getByTestId("docprint-page").nth(1).locator(".docprint-page-sheet");
    await sheet.scrollIntoViewIfNeeded();
    const r = await sheet.boundingBox();
    if (!r) throw new Error("no page sheet");
    await page.mouse.move(r.x + r.width * 0.02, r.y + r.height * 0.02);
    await page.mouse.down();
    await page.mouse.move(r.x + r.width * 0.3, r.y + r.height * 0.2, { steps: 4 });
    await page.mouse.move(r.x + r.width * 0.5, r.y + r.height * 0.4, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => styleOf(2)).toMatch(/^left: 2(\.\d+)?%; top: 2(\.\d+)?%; width: 4[78]/);
    expect(await styleOf(1)).toBe(await styleOf(2));
    expect(await page.getByTestId("docprint-box").count()).toBe(2);
  }, 120_000);

  it("bad files are refused, an office file opens through LibreOffice; a free user who picks smart splitting meets the membership prompt", async () => {
    const page = await docPrintPage();
    // bad input first: a type that is not accepted, then a "PDF" that is not one; nothing breaks
    const input = page.getByTestId("docprint-file");
    await input.setInputFiles({
      name: "tool.exe",
      mimeType: "application/octet-stream",
      buffer: Buffer.from("MZ"),
    });
    await page.getByRole("alert").getByText(t["docprint.upload.type"]).waitFor();
    await input.setInputFiles({
      name: "broken.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.7 nothing"),
    });
    await page.getByRole("alert").getByText(t["docprint.upload.unreadable"]).waitFor();
    // a picture whose header claims 60000 × 60000 is refused before the browser decodes it (issue 33)
    await input.setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.from(pngOf(60_000, 60_000, zlibZeros(1024 * 1024))),
    });
    await page
      .getByRole("alert")
      .getByText(t["image.error.tooLarge"].replace("{{megapixels}}", "40"))
      .waitFor();
    // HTML renamed .doc is refused by the server by its bytes (it would make LibreOffice fetch URLs)
    await input.setInputFiles({
      name: "page.doc",
      mimeType: "application/msword",
      buffer: Buffer.from(htmlLoading("http://127.0.0.1:9/x.png", "HTML AS DOC")),
    });
    // (the API client's toast says it too)
    await page
      .getByRole("alert")
      .getByText(t["server.error.officeNotOffice"])
      .first()
      .waitFor({ timeout: 60_000 });
    // its toast is closed here: the checks below ask whether the next uploads raise an alert of their own
    const toasts = page.locator(".toast").filter({ hasText: t["server.error.officeNotOffice"] });
    const closeToast = toasts.getByRole("button", { name: t["app.common.close"] }).first();
    await expect
      .poll(async () => {
        // (it may also leave by itself meanwhile, after 3.5 s)
        if (await toasts.count()) await closeToast.click({ timeout: 2_000 }).catch(() => {});
        return toasts.count();
      })
      .toBe(0);
    // an office document is converted by the server's LibreOffice and opens as its PDF
    await input.setInputFiles({
      name: "Letter.doc",
      mimeType: "application/msword",
      buffer: Buffer.from(String.raw`{\rtf1\ansi{\fonttbl{\f0 Arial;}}\f0\fs48 INKLESS OFFICE LABEL\par}`),
    });
    await expect
      .poll(() => page.getByTestId("docprint-doc").textContent(), { timeout: 90_000 })
      .toContain("Letter — pages: 1");
    await upload(page, await sheetFile(STICKERS), 2);
    expect(await page.getByRole("alert").count()).toBe(0);
    await page.getByRole("radio", { name: t["docprint.mode.split"] }).click();
    await page.getByTestId("membership-prompt").waitFor();
    expect(await page.getByTestId("membership-message").textContent()).toBe(t["docprint.member"]);
    await page.getByTestId("membership-confirm").click();
    await page.getByTestId("membership-prompt").waitFor({ state: "detached" });
    expect(await page.getByRole("radio", { name: t["docprint.mode.auto"] }).isChecked()).toBe(true);
    expect(await page.getByLabel(t["docprint.split.rows"]).count()).toBe(0);
    // auto crop is everyone's; drawing one more box by hand is a member's custom crop
    await page.getByRole("button", { name: t["docprint.cut.run"] }).click();
    await expect.poll(() => page.getByTestId("docprint-box").count(), { timeout: 60_000 }).toBeGreaterThan(0);
    // pages show as they are cut: wait for the whole cut
    await expect
      .poll(() => page.locator("main").getAttribute("aria-busy"), { timeout: 60_000 })
      .toBe("false");
    const found = await page.getByTestId("docprint-box").count();
    const sheet = page.getByTestId("docprint-page").first().locator(".docprint-page-sheet");
    await sheet.scrollIntoViewIfNeeded();
    const r = await sheet.boundingBox();
    if (!r) throw new Error("no page sheet");
    await page.mouse.move(r.x + 2, r.y + 2);
    await page.mouse.down();
    await page.mouse.move(r.x + r.width * 0.3, r.y + r.height * 0.3, { steps: 4 });
    await page.mouse.up();
    await page.getByTestId("membership-prompt").waitFor();
    await page.getByTestId("membership-confirm").click();
    expect(await page.getByTestId("docprint-box").count()).toBe(found);
  }, 120_000);
});
