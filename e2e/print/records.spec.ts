// A 3-record label (a sequence) printed from the editor with the record-selection dialog in
// between: record 2 is left out, record 3 gets 2 copies; the TSPL job holds exactly those labels.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { type RunningAssistant, startAssistant } from "../../src/assistant/server";
import { decodeTspl } from "../../tests/print/support/decodeJob";
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
  // ?inspect=1 exposes the editor store (the QA hook) so the test can bind a sequence source
  await openEditor(page, app.baseUrl, "?labelStatus=add&inspect=1");
  await page.evaluate(
    (url) => localStorage.setItem("inkless.assistantUrl", url),
    `ws://127.0.0.1:${assistant.port}`,
  );
  const id = await addAt(page, "Text", 0.5, 0.5);
  await page.evaluate((textId) => {
    type Store = {
      get(): { doc: { elements: { Id: string; DataSourceList: Record<string, unknown>[] }[] } };
      send(e: unknown): void;
    };
    const store = (window as unknown as { inklessEditor: Store }).inklessEditor;
    const el = store.get().doc.elements.find((e) => e.Id === textId);
    if (!el) throw new Error("no text element");
    const seq = {
      ...el.DataSourceList[0],
      DataSourceType: 2,
      InitialValue: "A-001",
      AddedValue: 1,
      Quantity: 3,
      SequenceType: 0,
    };
    store.send({ type: "element.update", id: textId, patch: { DataSourceList: [seq] } });
  }, id);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await assistant?.close();
  await printer?.close();
});

describe("record selection", () => {
  it("chooses records and copies per row, then prints them through the assistant", async () => {
    await page.keyboard.press("Escape");
    await page.getByTestId("print-open").click();
    const dialog = page.getByTestId("print-dialog");
    await dialog.waitFor();
    await expect.poll(() => page.getByTestId("print-range").textContent()).toBe("1-3");
    expect(await page.getByTestId("print-page").textContent()).toBe("1 / 3");
    await dialog.getByRole("button", { name: t["print.dialog.choose"] }).click();
    const records = page.getByTestId("print-records");
    await records.waitFor();
    const row = (n: number) =>
      records.getByRole("checkbox", { name: t["print.records.row"].replace("{{n}}", String(n)) });
    for (const n of [1, 2, 3]) expect(await row(n).isChecked()).toBe(true);
    // nothing chosen → tip52, the dialog stays
    await records.getByRole("checkbox", { name: t["print.records.all"] }).uncheck();
    await records.getByRole("button", { name: t["print.dialog.confirm"] }).click();
    await page.getByText(t["tip.tip52"]).first().waitFor();
    await row(1).check();
    await row(3).check();
    const copies3 = records.getByRole("textbox", { name: t["print.records.copies"].replace("{{n}}", "3") });
    await copies3.fill("2x");
    expect(await copies3.inputValue()).toBe("2");
    await records.getByRole("button", { name: t["print.dialog.confirm"] }).click();
    await records.waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId("print-range").textContent()).toBe("1,3");
    await expect.poll(() => page.getByTestId("print-page").textContent()).toBe("1 / 3");
    const select = page.getByTestId("print-printer");
    await expect.poll(() => select.locator("option").count()).toBe(2);
    await select.selectOption("Shelf TSPL");
    const job = printer.nextJob();
    await dialog.getByRole("button", { name: t["print.dialog.confirm"] }).click();
    const tspl = decodeTspl(await job);
    // record 1 once, record 3 twice: three labels of 100 × 80 mm
    expect(tspl.pages.map((p) => [p.width, p.height, p.copies])).toEqual([
      [800, 640, 1],
      [800, 640, 1],
      [800, 640, 1],
    ]);
    // records 3's two labels are identical, record 1's differs from them
    const [a, b, c] = tspl.pages.map((p) => Buffer.from(p.dots).toString("base64"));
    expect(b).toBe(c);
    expect(a).not.toBe(b);
    await dialog.waitFor({ state: "detached" });
  }, 120_000);
});
