// Printing from the editor: the Print button saves, then opens the print dialog; the printer list
// comes from a real print assistant over WebSocket; Confirm sends the label to a fake TSPL network
// printer, whose job is decoded back into dots. The dialog is a labelled modal: focus moves in and
// stays in, Escape closes it and focus returns; the editor's shortcuts are off while it is open.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeTspl, inkBox } from "../../tests/print/support/decodeJob";
import { addAt, renderedIds, selectedIds } from "../editor/helpers";
import { screenshot } from "../support";
import { openPrintDialog, type PrintRig, printTo, startPrintRig, t } from "./helpers";

let rig: PrintRig;
let rectId: string;

beforeAll(async () => {
  rig = await startPrintRig({
    printers: { "Shelf TSPL": "TSPL" },
    // set up for 100 × 50 mm labels while the label is 100 × 80 mm
    stock: { "Shelf TSPL": { widthMm: 100, heightMm: 50 } },
    // the job is read back as its picture's dots (a lone frame would go as BOX by default)
    sendAs: { "Shelf TSPL": "picture" },
    query: "?labelStatus=add",
  });
  rectId = await addAt(rig.page, "Rectangle", 0.5, 0.5);
}, 120_000);

afterAll(async () => {
  await rig?.close();
});

const focusInDialog = () =>
  rig.page.evaluate(
    () => !!document.querySelector('[data-testid="print-dialog"]')?.contains(document.activeElement),
  );

describe("print from the editor", () => {
  it("saves, opens the dialog, and prints 2 copies to a TSPL printer through the assistant", async () => {
    const { page } = rig;
    await openPrintDialog(page);
    await expect.poll(() => page.getByTestId("print-preview").locator(":scope > svg").count()).toBe(1);
    expect(await page.getByTestId("print-page").textContent()).toBe("1 / 1");
    const select = page.getByTestId("print-printer");
    await expect
      .poll(() => select.locator("option").allTextContents())
      .toEqual([t["print.dialog.browser"], "Shelf TSPL"]);
    await page.getByTestId("print-copies").fill("2");
    // the printer holds other labels than this one: the dialog says so (the browser: nothing)
    await select.selectOption("Shelf TSPL");
    const stock = page.getByTestId("print-stock");
    await stock.waitFor();
    expect(await stock.textContent()).toBe(
      t["print.dialog.stockMismatch"]
        .replace("{{printer}}", "Shelf TSPL")
        .replace("{{stock}}", "100.000 × 50.000 mm")
        .replace("{{label}}", "100.000 × 80.000 mm"),
    );
    await screenshot(page, "print-stock-mismatch");
    await select.selectOption("__browser__");
    await stock.waitFor({ state: "detached" });
    const job = rig.printers.get("Shelf TSPL")?.nextJob();
    await printTo(page, "Shelf TSPL");
    const tspl = decodeTspl(await (job as Promise<Buffer>));
    expect(tspl.pages).toHaveLength(1);
    const [p] = tspl.pages;
    expect(p.copies).toBe(2);
    // the default label is 100 × 80 mm: 799.2 → 800 dots, 639.4 → 640 dots
    expect([p.width, p.height]).toEqual([800, 640]);
    expect(inkBox(p)).not.toBeNull();
  }, 120_000);

  it("back from the Cloud tab, Confirm prints to the printer still selected; no dead links (#23 item 15)", async () => {
    const { page } = rig;
    const dialog = await openPrintDialog(page);
    const select = page.getByTestId("print-printer");
    await select.locator('option[value="Shelf TSPL"]').waitFor({ state: "attached" });
    await select.selectOption("Shelf TSPL");
    const tabs = dialog.getByRole("tablist", { name: t["print.dialog.method"] });
    await tabs.getByRole("tab", { name: t["print.dialog.cloud"] }).click();
    await tabs.getByRole("tab", { name: t["print.dialog.driver"] }).click();
    expect(await select.inputValue()).toBe("Shelf TSPL");
    // the links: the help centre's printing article and the printers page (both exist)
    expect(await dialog.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/label/myPrinter#assistant-printers",
      "/label/en/help/125/",
    ]);
    const job = rig.printers.get("Shelf TSPL")?.nextJob();
    await dialog.getByRole("button", { name: t["print.dialog.confirm"] }).click();
    await dialog.waitFor({ state: "detached", timeout: 60_000 });
    expect(decodeTspl(await (job as Promise<Buffer>)).pages).toHaveLength(1);
    expect(await page.locator(".toast", { hasText: t["tip.tip84"] }).count()).toBe(0);
  }, 120_000);

  it("asks before printing more than 100 labels: declining keeps the dialog, accepting prints", async () => {
    const { page } = rig;
    const dialog = await openPrintDialog(page);
    await page.getByTestId("print-copies").fill("101");
    const select = page.getByTestId("print-printer");
    await select.locator('option[value="Shelf TSPL"]').waitFor({ state: "attached" });
    await select.selectOption("Shelf TSPL");
    const asked: string[] = [];
    page.once("dialog", (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    const confirm = dialog.getByRole("button", { name: t["print.dialog.confirm"] });
    await confirm.click();
    await expect.poll(() => asked).toEqual([t["print.dialog.confirmMany"].replace("{{count}}", "101")]);
    expect(await dialog.isVisible()).toBe(true);
    const job = rig.printers.get("Shelf TSPL")?.nextJob();
    page.once("dialog", (d) => void d.accept());
    await confirm.click();
    await dialog.waitFor({ state: "detached", timeout: 60_000 });
    const tspl = decodeTspl(await (job as Promise<Buffer>));
    expect(tspl.pages.map((p) => p.copies)).toEqual([101]);
  }, 120_000);

  it("is a labelled modal: focus moves in and stays in, Escape closes it and focus returns", async () => {
    const { page } = rig;
    await openPrintDialog(page);
    const dialog = page.getByRole("dialog", { name: t["print.dialog.title"] });
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    expect(await dialog.getAttribute("data-testid")).toBe("print-dialog");
    await expect.poll(focusInDialog).toBe(true);
    await screenshot(page, "print-dialog-modal");
    // Tab and Shift+Tab cycle inside the dialog
    const seen = new Set<string>();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      expect(await focusInDialog()).toBe(true);
      seen.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? ""));
    }
    expect(seen.size).toBeGreaterThan(4);
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusInDialog()).toBe(true);
    }
    // the Driver / Cloud tabs: one tab stop, arrow keys switch
    const tabs = dialog.getByRole("tablist", { name: t["print.dialog.method"] });
    const driver = tabs.getByRole("tab", { name: t["print.dialog.driver"] });
    const cloudTab = tabs.getByRole("tab", { name: t["print.dialog.cloud"] });
    await driver.focus();
    await page.keyboard.press("ArrowRight");
    expect(await cloudTab.getAttribute("aria-selected")).toBe("true");
    expect(await cloudTab.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await driver.getAttribute("tabindex")).toBe("-1");
    await page.keyboard.press("Home");
    expect(await driver.getAttribute("aria-selected")).toBe("true");
    // a click on the page behind does not take focus out
    await page.mouse.click(3, 3);
    await expect.poll(focusInDialog).toBe(true);
    await page.keyboard.press("Escape");
    await page.getByTestId("print-dialog").waitFor({ state: "detached" });
    // back on the Print button that opened it
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("print-open");
  }, 60_000);

  it("turns the editor's shortcuts off while open and back on when closed", async () => {
    const { page } = rig;
    // nothing selected; Ctrl+A (select all) is an editor shortcut
    await page.getByTestId("canvas").click({ position: { x: 5, y: 5 } });
    await expect.poll(() => selectedIds(page)).toEqual([]);
    await page.keyboard.press("Control+p");
    await page.getByTestId("print-dialog").waitFor();
    await page.keyboard.press("Control+a");
    await page.keyboard.press("Control+p");
    expect(await page.getByTestId("print-dialog").count()).toBe(1);
    await page.getByTestId("print-copies").focus();
    await page.keyboard.press("Escape");
    await page.getByTestId("print-dialog").waitFor({ state: "detached" });
    expect(await selectedIds(page)).toEqual([]);
    await page.getByTestId("canvas").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("Control+a");
    await expect.poll(() => selectedIds(page)).toEqual([rectId]);
    // and Ctrl+P opens the print dialog again; closing it gives focus back to what had it, even
    // when that was disabled while the save ran (the Print button)
    await page.getByTestId("print-open").focus();
    await page.keyboard.press("Control+p");
    await page.getByTestId("print-dialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("print-dialog").waitFor({ state: "detached" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
      .toBe("print-open");
  }, 60_000);

  // last: it takes the printer away
  it("the printer gone: the assistant's translated reason is shown and the dialog keeps the work", async () => {
    const { page } = rig;
    await rig.printers.get("Shelf TSPL")?.close();
    const dialog = await openPrintDialog(page);
    await page.getByTestId("print-copies").fill("3");
    const select = page.getByTestId("print-printer");
    await select.locator('option[value="Shelf TSPL"]').waitFor({ state: "attached" });
    await select.selectOption("Shelf TSPL");
    await dialog.getByRole("button", { name: t["print.dialog.confirm"] }).click();
    // a translated sentence that stays beside Confirm (not the socket's "connect ECONNREFUSED …")
    const failure = dialog.getByTestId("print-failure");
    await failure.waitFor();
    const said = await failure.textContent();
    expect(said).toContain(t["print.dialog.failedTitle"]);
    expect(said).toContain(t["print.assistant.printerOffline"].split("“")[0]);
    expect(said).not.toMatch(/ECONNREFUSED|tip92/);
    expect(await page.locator(".toast-text").allTextContents()).not.toContain(t["tip.tip92"]);
    expect(await page.getByTestId("print-copies").inputValue()).toBe("3");
    expect(await select.inputValue()).toBe("Shelf TSPL");
    expect(await renderedIds(page)).toContain(rectId);
    await screenshot(page, "print-printer-gone");
  }, 60_000);
});
