// A shared label keeps its data (issue 34): A binds a label to a cloud spreadsheet and shares it by
// code; B adds the code and opens it: the record navigator shows and records 2–3 show their values on
// the canvas, and B's print dialog previews records 2 and 3 with their values (the spreadsheet is
// read through the share, services/shareFiles.ts), then prints records 2 and 3 (the browser path,
// its document printed to PDF and read back). Revoked, the spreadsheet is B's no more.

import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { bindColumn } from "../../src/data";
import { createDataSource, emptyDocument } from "../../src/model/defaults";
import { serializeTprt } from "../../src/model/file";
import { createElement } from "../../src/model/kinds";
import type { TextElement } from "../../src/model/types";
import { waitForEditor } from "../editor/helpers";
import { chooseRecords, keepPrintedDocs, printedDocs, printedPdf, printTo } from "../print/helpers";
import {
  apiPost,
  appUrl,
  launchBrowser,
  type RunningApp,
  screenshot,
  signedInPage,
  startApp,
  uploadAs,
  waitForRoute,
} from "../support";

const t = en as Record<string, string>;
const fmt = (key: string, vars: Record<string, string>) =>
  t[key].replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? "");
const ROWS = [
  ["Name", "Price"],
  ["Apple", "1.5"],
  ["Pear", "2.25"],
  ["Plum", "3"],
];
const NAME = "Shared price tag";
let app: RunningApp;
let browser: Browser;
let a: Page;
let b: Page;
let code = "";
let sheetUrl = "";
let shareId = "";

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  a = (await signedInPage(browser, app.baseUrl)).page;
  const other = await signedInPage(browser, app.baseUrl);
  // the browser path's print keeps its document instead of opening the system dialog
  await other.context.addInitScript(keepPrintedDocs);
  b = other.page;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail")
    await screenshot(b, `sharing-data-fail-${ctx.task.name.slice(0, 30)}`);
});

/** The text the canvas shows for the element (its rendered SVG). */
const canvasText = (page: Page) =>
  page.locator('[data-testid="canvas"] g[data-id="price-name"]').evaluate((g) => g.textContent ?? "");

describe("a shared label keeps its spreadsheet", () => {
  it("A saves a label bound to a cloud spreadsheet and shares it", async () => {
    const csv = ROWS.map((r) => r.join(",")).join("\n");
    sheetUrl = (
      await uploadAs(a, {
        bucket: "hm-inkless",
        path: "excel/20260101/e2e/stock.csv",
        name: "stock.csv",
        source: { bytes: Buffer.from(csv), type: "text/csv" },
      })
    ).url;
    const source = bindColumn(
      createDataSource({ ConnectionStr: sheetUrl, ExcelName: "stock.csv" }),
      { sheets: [{ sheetName: "stock", data: ROWS }] },
      0,
      0,
    );
    const el = {
      ...createElement("Text", [], { x: 5, y: 5 }),
      Id: "price-name",
      DataSourceList: [source],
      dataSourceIndex: 0,
    } as TextElement;
    const doc = { ...emptyDocument({ width: 60, height: 30, name: NAME }), elements: [el] };
    const file = await uploadAs(a, {
      bucket: "hm-inkless",
      path: "tprt/20260101/e2e/tag.tprt",
      name: "tag.tprt",
      source: { bytes: Buffer.from(serializeTprt(doc)), type: "application/xml" },
    });
    const added = await apiPost(a, "/api/tem.app_public/addUserTemplate", {
      name: NAME,
      width: 60,
      height: 30,
      url: file.url,
    });
    expect(added.code, JSON.stringify(added)).toBe(200);
    const shared = await apiPost(a, "/api/share/create", { kind: "template", id: added.data.id, days: 1 });
    expect(shared.code).toBe(200);
    code = shared.data.code;
    shareId = shared.data.id;
    // B cannot read A's spreadsheet before adding the code
    expect((await apiPost(b, "/api/tem.new_class/import", { FileUrl: sheetUrl })).code).toBe(209);
  });

  it("B opens it: the record navigator shows, records 2 and 3 show their values", async () => {
    await b.goto(appUrl(app.baseUrl, "/sharingTemplates?tab=received"));
    await b.getByLabel(t["app.share.code"]).fill(code);
    await b.getByRole("button", { name: t["app.share.add"], exact: true }).click();
    await b.getByTestId("received-share").waitFor();
    await b.getByRole("button", { name: fmt("app.share.openNamed", { name: NAME }) }).click();
    await waitForRoute(b, "/editLabel");
    await waitForEditor(b);
    await b.waitForFunction(
      () => document.querySelector('[data-testid="record-value"]')?.textContent === "1 / 3",
    );
    await b.waitForFunction(
      () => document.querySelector('[data-testid="canvas"] g[data-id="price-name"]')?.textContent === "Apple",
    );
    await b.getByTestId("record-next").click();
    await b.waitForFunction(
      () => document.querySelector('[data-testid="record-value"]')?.textContent === "2 / 3",
    );
    await b.waitForFunction(
      () => document.querySelector('[data-testid="canvas"] g[data-id="price-name"]')?.textContent === "Pear",
    );
    await b.getByTestId("record-next").click();
    await b.waitForFunction(
      () => document.querySelector('[data-testid="canvas"] g[data-id="price-name"]')?.textContent === "Plum",
    );
    expect(await canvasText(b)).toBe("Plum");
    await screenshot(b, "sharing-data-record-3");
  });

  it("B's print dialog previews records 2 and 3 with their values", async () => {
    await b.goto(appUrl(app.baseUrl, "/sharingTemplates?tab=received"));
    await b.getByRole("button", { name: fmt("app.share.printNamed", { name: NAME }) }).click();
    await waitForRoute(b, "/editLabel");
    await b.getByTestId("print-dialog").waitFor();
    const preview = b.getByTestId("print-preview");
    const shows = (want: string) =>
      b.waitForFunction(
        (w) => document.querySelector('[data-testid="print-preview"] svg')?.textContent?.includes(w) === true,
        want,
      );
    await shows("Apple");
    expect(await b.getByTestId("print-page").textContent()).toBe(
      fmt("print.dialog.pageOf", { page: "1", total: "3" }),
    );
    await b.getByRole("button", { name: t["print.dialog.next"] }).click();
    await shows("Pear");
    await b.getByRole("button", { name: t["print.dialog.next"] }).click();
    await shows("Plum");
    expect(await preview.locator("svg").first().textContent()).toContain("Plum");
    await screenshot(b, "sharing-data-print-record-3");
  });

  it("B prints records 2 and 3: the printed pages hold Pear and Plum, not Apple", async () => {
    await chooseRecords(b, { 2: 1, 3: 1 });
    await printTo(b, "__browser__"); // the browser's own print
    await expect.poll(async () => (await printedDocs(b)).length, { timeout: 60_000 }).toBe(1);
    const pdf = join(mkdtempSync(join(tmpdir(), "inkless-shared-print-")), "printed.pdf");
    writeFileSync(pdf, await printedPdf(b, (await printedDocs(b))[0]));
    const text = execFileSync("pdftotext", ["-layout", pdf, "-"], { encoding: "utf8" });
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [pdf], { encoding: "utf8" }))?.[1]);
    expect(pages).toBe(2);
    expect(text.indexOf("Pear")).toBeGreaterThanOrEqual(0);
    expect(text.indexOf("Plum")).toBeGreaterThan(text.indexOf("Pear"));
    expect(text).not.toContain("Apple");
  });

  it("revoked, the spreadsheet is not B's to read any more", async () => {
    expect((await apiPost(b, "/api/tem.new_class/import", { FileUrl: sheetUrl })).code).toBe(200);
    expect((await apiPost(a, "/api/share/revoke", { id: shareId })).code).toBe(200);
    expect((await apiPost(b, "/api/tem.new_class/import", { FileUrl: sheetUrl })).code).toBe(209);
  });
});
