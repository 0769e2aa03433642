// A database query source made in the editor (issue 38) against the real PostgreSQL of the tests
// (TEST_DATABASE_URL; scripts/test-postgres.mjs starts one): the "Database" dialog of a spreadsheet
// entry tests the settings (a wrong password and a write are refused with their translated reasons,
// good settings show the first rows), saves the source, and the text bound to its column shows record
// 3 on the canvas and on page 3 of the exported PDF. Reopened, the dialog shows the password as saved
// and never holds it. The server allows the loopback database only because this spec sets the
// operator's allow-list (INKLESS_LIVE_DATA_ALLOW).
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { addAt, clickElement, openEditor } from "../editor/helpers";
import { launchBrowser, newContext, type RunningApp, screenshot, startApp } from "../support";

const t = en as Record<string, string>;
const TARGET = process.env.TEST_DATABASE_URL;
const table = `e2e_lots_${process.pid}_${Date.now()}`;
let admin: pg.Client;
let app: RunningApp;
let browser: Browser;
let page: Page;
let id = "";

const waitShown = (want: string) =>
  page.waitForFunction(
    ([i, w]) => document.querySelector(`.ink-label g[data-id="${i}"]`)?.textContent === w,
    [id, want] as const,
  );
const waitText = (testId: string, want: string) =>
  page.waitForFunction(([tid, w]) => document.querySelector(`[data-testid="${tid}"]`)?.textContent === w, [
    testId,
    want,
  ] as const);

describe.skipIf(!TARGET)("a database source made in the editor", () => {
  const target = new URL(TARGET ?? "postgres://x@127.0.0.1/x");

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: TARGET });
    await admin.connect();
    await admin.query(`CREATE TABLE ${table} (lot text, line text, qty integer)`);
    await admin.query(
      `INSERT INTO ${table} VALUES ('L-001','a',5), ('L-002','a',6), ('L-003','a',7), ('L-004','a',8), ('X-9','b',1)`,
    );
    [app, browser] = await Promise.all([startApp({ INKLESS_LIVE_DATA_ALLOW: "127.0.0.1" }), launchBrowser()]);
    page = await (await newContext(browser)).newPage();
    await openEditor(page, app.baseUrl);
    id = await addAt(page, "Text", 0.3, 0.4);
    const input = page.getByTestId("source-fixed");
    await input.fill("T");
    await input.press("Control+Enter");
  }, 180_000);
  afterAll(async () => {
    await admin?.query(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
    await admin?.end();
    await browser?.close();
    await app?.stop();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail") await screenshot(page, `db-fail-${ctx.task.name.slice(0, 30)}`);
  });

  const fill = async (testId: string, value: string) => page.getByTestId(testId).fill(value);

  it("tests the settings: a wrong password and a write are refused, good ones show the first rows", async () => {
    await clickElement(page, id);
    await page.getByTestId("source-type").selectOption("1");
    await page.getByTestId("sheet-source").waitFor();
    await page.getByTestId("sheet-database").click();
    await page.getByTestId("db-dialog").waitFor();
    await fill("db-name", "Lots");
    await fill("db-host", target.hostname);
    await fill("db-port", target.port || "5432");
    await fill("db-database", target.pathname.slice(1));
    await fill("db-user", decodeURIComponent(target.username));
    await fill("db-password", "not-the-password");
    await fill("db-query", `DELETE FROM ${table}`);
    await page.getByTestId("db-test").click();
    await waitText("db-error", t["dbsource.error.writeRefused"]);

    await fill("db-query", `SELECT lot AS "Lot", qty FROM ${table} WHERE line = :line ORDER BY lot`);
    await page.getByTestId("db-param-line").waitFor();
    await fill("db-param-line", "a");
    await page.getByTestId("db-test").click();
    await waitText("db-error", t["dbsource.error.login"]);

    await fill("db-password", decodeURIComponent(target.password));
    await page.getByTestId("db-test").click();
    await page.getByTestId("db-preview").waitFor();
    expect(await page.getByTestId("db-preview").locator("th").allTextContents()).toEqual(["Lot", "qty"]);
    expect(await page.getByTestId("db-preview").locator("tbody tr").count()).toBe(4);
    expect(await page.getByTestId("db-preview").locator("tbody tr").nth(2).textContent()).toBe("L-0037");
    expect(await page.getByTestId("db-error").count()).toBe(0);
    await screenshot(page, "db-dialog-tested");
    // the rows are in the database, unchanged by the refused DELETE
    expect((await admin.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n).toBe(5);
  });

  it("saves the source; the bound text shows record 3 on the canvas and in the PDF", async () => {
    await page.getByTestId("db-save").click();
    await page.getByTestId("db-dialog").waitFor({ state: "detached" });
    await waitText("sheet-file-name", "Lots");
    await waitShown("L-001");
    await waitText("record-value", "1 / 4");
    await page.getByTestId("record-next").click();
    await page.getByTestId("record-next").click();
    await waitText("record-value", "3 / 4");
    await waitShown("L-003");
    await screenshot(page, "db-record-3");

    const pdf = join(mkdtempSync(join(tmpdir(), "inkless-db-pdf-")), "lots.pdf");
    const dl = page.waitForEvent("download");
    await page.getByTestId("save-menu").click();
    await page.getByTestId("save-pdf-label").click();
    await page.getByTestId("batch-dialog").waitFor();
    await page.getByTestId("batch-export").click();
    await (await dl).saveAs(pdf);
    const pageText = (n: number) =>
      execFileSync("pdftotext", ["-f", `${n}`, "-l", `${n}`, pdf, "-"], { encoding: "utf8" }).trim();
    expect(pageText(3)).toBe("L-003");
    expect([1, 2, 4].map(pageText)).toEqual(["L-001", "L-002", "L-004"]);
  });

  it("shows a kept password as saved and never holds it", async () => {
    await page.getByTestId("sheet-database").click();
    await page.getByTestId("db-dialog").waitFor();
    await page.getByTestId("db-password-saved").waitFor();
    expect(await page.getByTestId("db-password").inputValue()).toBe("");
    expect(await page.getByTestId("db-password").getAttribute("placeholder")).toBe(
      t["editor.data.db.passwordSaved"],
    );
    expect(await page.getByTestId("db-name").inputValue()).toBe("Lots");
    expect(await page.getByTestId("db-param-line").inputValue()).toBe("a");
    // testing again with the field empty uses the kept password
    await page.getByTestId("db-test").click();
    await page.getByTestId("db-preview").waitFor();
    await page.getByTestId("db-cancel").click();
    await page.getByTestId("db-dialog").waitFor({ state: "detached" });
  });
});

if (!TARGET) console.warn("database.spec.ts: TEST_DATABASE_URL is unset, the PostgreSQL part is skipped");
