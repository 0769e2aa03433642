// Variable data in the editor (issue 7): a real .xlsx made here is uploaded from the editor, three
// text elements are bound to its columns (one formatted as currency), a sequence and a reference are
// added, and paging through the records shows the right values in the canvas SVG. The cloud chooser
// then lists the file by folder, refuses an empty confirm (tip110) and links the chosen file. A table
// cell bound to a column follows the records on the canvas and in the PDF (issue 23).
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as XLSX from "@e965/xlsx";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { addAt, clickElement, openEditor, toasts } from "../editor/helpers";
import {
  apiPost,
  launchBrowser,
  newContext,
  type RunningApp,
  screenshot,
  startApp,
  uploadAs,
} from "../support";

const t = en as Record<string, string>;
let app: RunningApp;
let browser: Browser;
let page: Page;
let file: string;
const ids: string[] = [];

const ROWS = [
  ["Name", "Price", "Code"],
  ["Apple", 1.5, "A1"],
  ["Pear", 2.25, "B2"],
  ["Plum", 3, "C3"],
  ["Fig", 4, "D4"],
];

function makeXlsx(): string {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(ROWS), "Products");
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([["Other"], ["x"]]), "Second");
  const dir = mkdtempSync(join(tmpdir(), "inkless-data-"));
  const path = join(dir, "products.xlsx");
  writeFileSync(path, XLSX.write(wb, { type: "buffer", bookType: "xlsx" }) as Buffer);
  return path;
}

beforeAll(async () => {
  file = makeXlsx();
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  page = await (await newContext(browser)).newPage();
  page.on("pageerror", (e) => console.log("PAGEERR", e.message));
  page.on("console", (m) => m.type() === "error" && console.log("CONSOLE", m.text()));
  await openEditor(page, app.baseUrl);
  for (const [i, fy] of [0.2, 0.5, 0.8].entries()) {
    // a new text shows only the hint: give it a text while it is selected
    ids.push(await addAt(page, "Text", 0.3, fy));
    await commitInput("source-fixed", `T${i + 1}`, "Control+Enter");
    await waitShown(ids[i], `T${i + 1}`);
  }
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The text an element shows on the canvas (its rendered SVG). */
const shown = (id: string) =>
  page.locator(`.ink-label g[data-id="${id}"]`).evaluate((g) => g.textContent ?? "");

async function waitShown(id: string, want: string) {
  await page.waitForFunction(
    ([i, w]) => document.querySelector(`.ink-label g[data-id="${i}"]`)?.textContent === w,
    [id, want] as const,
  );
}

async function select(id: string) {
  await clickElement(page, id);
  await page.waitForFunction(
    (want) => !!document.querySelector(`[data-testid="selection-box"][data-for="${want}"]`),
    id,
  );
  await page.getByTestId("source-type").waitFor();
}

/** Types into a field and commits it: Enter, or Ctrl+Enter in a multi-line field (Enter adds a line). */
async function commitInput(testId: string, value: string, key = "Enter") {
  const input = page.getByTestId(testId);
  await input.fill(value);
  await input.press(key);
}

afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail") await screenshot(page, `data-fail-${ctx.task.name.slice(0, 30)}`);
});

describe("spreadsheet records on the canvas", () => {
  it("uploads a local .xlsx and binds the first element to a column", async () => {
    await select(ids[0]);
    await page.getByTestId("source-type").selectOption("1");
    await page.getByTestId("sheet-source").waitFor();
    await page.getByTestId("sheet-upload-input").setInputFiles(file);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sheet-file-name"]')?.textContent === "products.xlsx",
    );
    expect(await page.getByTestId("sheet-sheet").locator("option").allTextContents()).toEqual([
      "Products",
      "Second",
    ]);
    expect(await page.getByTestId("sheet-column").locator("option").allTextContents()).toEqual([
      "Name",
      "Price",
      "Code",
    ]);
    await waitShown(ids[0], "Apple");
    // four data rows under the header: the stepper appears
    await page.waitForFunction(
      () => document.querySelector('[data-testid="record-value"]')?.textContent === "1 / 4",
    );
  });

  it("binds the second element to the price column as currency and the third to the code column", async () => {
    await select(ids[1]);
    await page.getByTestId("source-type").selectOption("1");
    // linked to the last linked spreadsheet, first sheet and column
    await waitShown(ids[1], "Apple");
    await page.getByTestId("sheet-column").selectOption("1");
    await waitShown(ids[1], "1.5");
    await page.getByTestId("sheet-data-type").selectOption("2");
    // exactly the currency fields: precision and symbol, no remove-zero, no formats
    expect(await page.getByTestId("sheet-remove-zero").count()).toBe(0);
    expect(await page.getByTestId("sheet-date-format").count()).toBe(0);
    await page.getByTestId("sheet-precision").selectOption("2");
    await page.getByTestId("sheet-currency").selectOption("$");
    await waitShown(ids[1], "$1.50");
    await page.getByTestId("sheet-currency").scrollIntoViewIfNeeded();
    await screenshot(page, "data-sheet-fields");

    await select(ids[2]);
    await page.getByTestId("source-type").selectOption("1");
    await page.getByTestId("sheet-column").selectOption("2");
    await waitShown(ids[2], "A1");
  });

  it("adds a sequence to the first element and a reference to it from the third", async () => {
    await select(ids[0]);
    await page.getByTestId("source-add").click();
    await page.getByTestId("source-type").selectOption("2");
    await commitInput("source-initial", "-0099");
    await commitInput("source-quantity", "10");
    await waitShown(ids[0], "Apple-0099");

    await select(ids[2]);
    await page.getByTestId("source-add").click();
    await page.getByTestId("source-type").selectOption("3");
    await page.getByTestId("source-reference").selectOption({ value: ids[0] });
    await waitShown(ids[2], "A1Apple-0099");
    expect(await shown(ids[1])).toBe("$1.50");
    await screenshot(page, "data-record-1");
  });

  it("pages through the records: next, last, previous, first", async () => {
    const expectRecord = async (n: number, a: string, b: string, c: string) => {
      await page.waitForFunction(
        (want) => document.querySelector('[data-testid="record-value"]')?.textContent === want,
        `${n} / 4`,
      );
      await waitShown(ids[0], a);
      await waitShown(ids[1], b);
      await waitShown(ids[2], c);
    };
    await expect(page.getByTestId("record-first").isDisabled()).resolves.toBe(true);
    await page.getByTestId("record-next").click();
    await expectRecord(2, "Pear-0100", "$2.25", "B2Pear-0100");
    await page.getByTestId("record-last").click();
    await expectRecord(4, "Fig-0102", "$4.00", "D4Fig-0102");
    await expect(page.getByTestId("record-next").isDisabled()).resolves.toBe(true);
    await screenshot(page, "data-record-4");
    await page.getByTestId("record-prev").click();
    await expectRecord(3, "Plum-0101", "$3.00", "C3Plum-0101");
    await page.getByTestId("record-first").click();
    await expectRecord(1, "Apple-0099", "$1.50", "A1Apple-0099");
    // the stored values (what a save writes) stay those of record 1
    expect(await toasts(page)).not.toContain(t["tip.tip127"]);
  });

  it("a sequence quantity below the row count lowers the record count", async () => {
    await select(ids[0]);
    await page.getByTestId("source-list").selectOption("1");
    await commitInput("source-quantity", "2");
    await page.waitForFunction(
      () => document.querySelector('[data-testid="record-value"]')?.textContent === "1 / 2",
    );
    await page.getByTestId("record-last").click();
    await waitShown(ids[0], "Pear-0100");
    await commitInput("source-quantity", "10");
    await page.getByTestId("record-first").click();
    await waitShown(ids[0], "Apple-0099");
  });
});

describe("a table cell bound to a column", () => {
  it("follows the shown record on the canvas and in every page of the PDF", async () => {
    const tableId = await addAt(page, "Table", 0.75, 0.5);
    await page.getByTestId("panel-table-cell-0-0").click();
    await page.getByTestId("source-type").selectOption("1");
    await page.getByTestId("sheet-source").waitFor();
    await waitShown(tableId, "Apple");
    await page.getByTestId("record-next").click();
    await page.getByTestId("record-next").click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="record-value"]')?.textContent === "3 / 4",
    );
    await waitShown(ids[0], "Plum-0101");
    await waitShown(tableId, "Plum");
    await screenshot(page, "data-table-record-3");

    const pdf = join(mkdtempSync(join(tmpdir(), "inkless-data-pdf-")), "records.pdf");
    const dl = page.waitForEvent("download");
    await page.getByTestId("save-menu").click();
    await page.getByTestId("save-pdf-label").click();
    await page.getByTestId("batch-dialog").waitFor();
    await page.getByTestId("batch-export").click();
    await (await dl).saveAs(pdf);
    const pageText = (n: number) =>
      execFileSync("pdftotext", ["-f", `${n}`, "-l", `${n}`, pdf, "-"], { encoding: "utf8" });
    for (const [i, name] of ["Apple", "Pear", "Plum", "Fig"].entries()) {
      // the table cell shows the name alone on its line; the first text shows it with the sequence
      expect(pageText(i + 1).split(/\s+/)).toContain(name);
    }
    await page.getByTestId("record-first").click();
    await waitShown(tableId, "Apple");
  });
});

describe("upload failures", () => {
  const toast = (want: string) =>
    page.waitForFunction(
      (w) => [...document.querySelectorAll(".toast-text")].some((n) => n.textContent === w),
      want,
    );

  it("refuses a file that is not a spreadsheet (tip65) and reports an unreadable .xlsx, keeping the binding", async () => {
    await select(ids[1]);
    await page.getByTestId("sheet-upload-input").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hello"),
    });
    await toast(t["tip.tip65"]);
    await page.getByTestId("sheet-upload-input").setInputFiles({
      name: "broken.xlsx",
      mimeType: "application/octet-stream",
      buffer: Buffer.from("this is not a zip <script>alert(1)</script>"),
    });
    await toast(t["spreadsheet.error.unsupported"]);
    expect(await page.getByTestId("sheet-file-name").textContent()).toBe("products.xlsx");
    expect(await shown(ids[1])).toBe("$1.50");
  });
});

describe("cloud spreadsheet chooser", () => {
  it("lists files by folder, refuses an empty confirm with tip110 and links the chosen file", async () => {
    // register the uploaded file as a cloud file of the user's first spreadsheet folder
    const list = () => apiPost(page, "/api/tem.app_public/getCloudDataList", { type: 2 });
    let folders = (await list()).data as { id: string }[];
    if (!folders.length) {
      await apiPost(page, "/api/tem.app_public/addCloudClass", { type: 2, name: "Sheets" });
      folders = (await list()).data as { id: string }[];
    }
    const up = await uploadAs(page, {
      bucket: "temp-inkless",
      path: "excel/e2e/a-very-long-spreadsheet-name-for-the-chooser.csv",
      name: "stock.csv",
      source: { bytes: Buffer.from("name,qty\nBolt,7\nNut,9\n"), type: "text/csv" },
    });
    const added = await apiPost(page, "/api/tem.app_public/addCloudFile", {
      tid: folders[0].id,
      name: "a-very-long-spreadsheet-name-for-the-chooser.csv",
      url: `/files/${up.key}`,
    });
    expect(added.code).toBe(200);

    await select(ids[1]);
    await page.getByTestId("sheet-choose").click();
    const dialog = page.getByTestId("sheet-chooser");
    await dialog.waitFor();
    await dialog.getByTestId("sheet-chooser-file").first().waitFor();
    const row = dialog.getByTestId("sheet-chooser-file").first();
    expect(await row.getAttribute("title")).toBe("a-very-long-spreadsheet-name-for-the-chooser.csv");
    expect(await row.locator(".ink-chooser-name").textContent()).toBe("a-very-long-spreadsheet-…");
    await screenshot(page, "data-chooser");
    await dialog.getByTestId("sheet-chooser-confirm").click();
    await page.waitForFunction(
      (want) => [...document.querySelectorAll(".toast-text")].some((n) => n.textContent === want),
      t["tip.tip110"],
    );
    await row.click();
    await dialog.getByTestId("sheet-chooser-confirm").click();
    await dialog.waitFor({ state: "detached" });
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="sheet-file-name"]')?.textContent ===
        "a-very-long-spreadsheet-…",
    );
    // the CSV has two data rows: the record count follows the smallest column
    await page.waitForFunction(
      () => document.querySelector('[data-testid="record-value"]')?.textContent === "1 / 2",
    );
    await waitShown(ids[1], "Bolt");
  });
});
