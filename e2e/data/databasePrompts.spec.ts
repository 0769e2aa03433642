// Prompt answers as database-query parameters (issue 38; docs/data-sources.md "Prompts as query
// parameters"), against the real PostgreSQL of the tests: a label's text reads a saved query
// `… WHERE line = :line` and a prompt is named `line`. The print dialog reads the query with the
// prompt's default (line a: 4 records), then with the typed answer (line b: 1 record), and the printed
// document (the browser's print frame, kept by the spec and printed to PDF by Chromium) holds only
// line b's lot.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LabelDocument } from "../../src/model/types";
import { addAt } from "../editor/helpers";
import {
  keepPrintedDocs,
  openPrintDialog,
  type PrintRig,
  printedDocs,
  printedPdf,
  printTo,
  startPrintRig,
} from "../print/helpers";
import { apiPost, screenshot } from "../support";

const TARGET = process.env.TEST_DATABASE_URL;
const table = `e2e_prompt_lots_${process.pid}_${Date.now()}`;
let admin: pg.Client;
let rig: PrintRig;

type Store = { get(): { doc: LabelDocument }; send(e: unknown): void };

/** Replaces element `id`'s data sources through the editor's store hook. */
async function setSources(id: string, list: Record<string, unknown>[]) {
  await rig.page.evaluate(
    ({ id, list }) => {
      const store = (window as unknown as { inklessEditor: Store }).inklessEditor;
      const el = store.get().doc.elements.find((e) => e.Id === id) as unknown as {
        DataSourceList: Record<string, unknown>[];
      };
      const base = el.DataSourceList[0];
      store.send({
        type: "element.update",
        id,
        kind: "Text",
        patch: { DataSourceList: list.map((over) => ({ ...base, ...over })) },
      });
    },
    { id, list },
  );
}

describe.skipIf(!TARGET)("prompt answers as database query parameters", () => {
  const target = new URL(TARGET ?? "postgres://x@127.0.0.1/x");

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: TARGET });
    await admin.connect();
    await admin.query(`CREATE TABLE ${table} (lot text, line text)`);
    await admin.query(
      `INSERT INTO ${table} VALUES ('L-001','a'), ('L-002','a'), ('L-003','a'), ('L-004','a'), ('X-9','b')`,
    );
    rig = await startPrintRig({
      assistant: false,
      env: { INKLESS_LIVE_DATA_ALLOW: "127.0.0.1" },
      initScript: keepPrintedDocs,
    });
  }, 300_000);
  afterAll(async () => {
    await admin?.query(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
    await admin?.end();
    await rig?.close();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail")
      await screenshot(rig.page, `dbprompt-fail-${ctx.task.name.slice(0, 30)}`);
  });

  it("reads the query with the prompt's answer in the dialog and prints its rows", async () => {
    const { page } = rig;
    const saved = await apiPost(page, "/api/dbsource/save", {
      kind: "postgres",
      name: "Lots",
      host: target.hostname,
      port: Number(target.port || 5432),
      database: target.pathname.slice(1),
      user: decodeURIComponent(target.username),
      password: decodeURIComponent(target.password),
      ssl: false,
      query: `SELECT lot AS "Lot" FROM ${table} WHERE line = :line ORDER BY lot`,
      params: { line: "a" },
    });
    expect(saved.code, JSON.stringify(saved)).toBe(200);
    const lotId = await addAt(page, "Text", 0.3, 0.3);
    const lineId = await addAt(page, "Text", 0.3, 0.7);
    await setSources(lotId, [
      {
        DataSourceType: 1,
        ExcelName: "Lots",
        ConnectionStr: `/query/${saved.data.id}`,
        SheetIndex: [0, 0],
        ColumnIndex: 0,
        TableName: "Lots",
        ColumnName: "Lot",
      },
    ]);
    await setSources(lineId, [
      {
        DataSourceType: 5,
        PromptName: "line",
        PromptText: "Production line",
        PromptType: "text",
        PromptRequired: true,
        PromptDefault: "a",
        FirstValue: "a",
      },
    ]);
    await page.waitForFunction(
      (id) => document.querySelector(`.ink-label g[data-id="${id}"]`)?.textContent === "L-001",
      lotId,
    );

    const dialog = await openPrintDialog(page);
    const line = dialog.getByLabel("Production line");
    expect(await line.inputValue()).toBe("a");
    const preview = () => page.getByTestId("print-preview").textContent();
    await expect.poll(preview, { timeout: 30_000 }).toContain("L-001");
    await line.fill("b");
    // the query is read again with line b: one record, and the preview shows its lot
    await expect.poll(preview, { timeout: 30_000 }).toContain("X-9");
    await screenshot(page, "dbprompt-dialog");
    await printTo(page, "__browser__");

    const printed = await printedDocs(rig.page);
    expect(printed).toHaveLength(1);
    const pdf = join(mkdtempSync(join(tmpdir(), "inkless-dbprompt-")), "printed.pdf");
    writeFileSync(pdf, await printedPdf(page, printed[0]));
    const text = execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" });
    const pageCount = Number(
      /Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [pdf], { encoding: "utf8" }))?.[1],
    );
    expect(pageCount).toBe(1);
    expect(text).toContain("X-9");
    expect(text).not.toContain("L-00");
  }, 240_000);
});

if (!TARGET) console.warn("databasePrompts.spec.ts: TEST_DATABASE_URL is unset, the spec is skipped");
