// Printing from the editor: the Print button saves, then opens the print dialog; the printer list
// comes from a real print assistant over WebSocket; Confirm sends the label to a fake TSPL network
// printer, whose job is decoded back into dots. Ctrl+P opens the dialog too; Escape closes it.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { type RunningAssistant, startAssistant } from "../../src/assistant/server";
import { decodeTspl, inkBox } from "../../tests/print/support/decodeJob";
import { type FakePrinter, startFakePrinter } from "../../tests/print/support/fakePrinter";
import { addAt, openEditor } from "../editor/helpers";
import { launchBrowser, newContext, type RunningApp, startApp } from "../support";

const t = en as Record<string, string>;
let app: RunningApp;
let browser: Browser;
let page: Page;
let printer: FakePrinter;
let assistant: RunningAssistant;

beforeAll(async () => {
  printer = await startFakePrinter();
  assistant = await startAssistant(
    {
      host: "127.0.0.1",
      port: 0,
      cups: false,
      origins: [],
      printers: [{ name: "Shelf TSPL", host: "127.0.0.1", port: printer.port, language: "TSPL", dpi: 203 }],
    },
    { listCups: async () => [] },
  );
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  page = await (await newContext(browser)).newPage();
  await openEditor(page, app.baseUrl);
  // the dialog reads the assistant's address when it opens
  await page.evaluate(
    (url) => localStorage.setItem("inkless.assistantUrl", url),
    `ws://127.0.0.1:${assistant.port}`,
  );
  await addAt(page, "Rectangle", 0.5, 0.5);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await assistant?.close();
  await printer?.close();
});

describe("print from the editor", () => {
  it("saves, opens the dialog, and prints 2 copies to a TSPL printer through the assistant", async () => {
    await page.getByTestId("print-open").click();
    const dialog = page.getByTestId("print-dialog");
    await dialog.waitFor();
    await expect.poll(() => page.getByTestId("print-preview").locator(":scope > svg").count()).toBe(1);
    expect(await page.getByTestId("print-page").textContent()).toBe("1 / 1");
    const select = page.getByTestId("print-printer");
    await expect
      .poll(() => select.locator("option").allTextContents())
      .toEqual([t["print.dialog.browser"], "Shelf TSPL"]);
    await select.selectOption("Shelf TSPL");
    await page.getByTestId("print-copies").fill("2");
    const job = printer.nextJob();
    await dialog.getByRole("button", { name: t["print.dialog.confirm"] }).click();
    const tspl = decodeTspl(await job);
    expect(tspl.pages).toHaveLength(1);
    const [p] = tspl.pages;
    expect(p.copies).toBe(2);
    // the default label is 100 × 80 mm: 799.2 → 800 dots, 639.4 → 640 dots
    expect([p.width, p.height]).toEqual([800, 640]);
    expect(inkBox(p)).not.toBeNull();
    await dialog.waitFor({ state: "detached" });
  }, 120_000);

  it("Ctrl+P opens the dialog and Escape closes it", async () => {
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("Control+p");
    await page.getByTestId("print-dialog").waitFor();
    await page.getByTestId("print-copies").focus();
    await page.keyboard.press("Escape");
    await page.getByTestId("print-dialog").waitFor({ state: "detached" });
  }, 60_000);
});
