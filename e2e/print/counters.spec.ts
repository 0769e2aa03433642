// Counters in the editor's own print (issue 38; docs/data-sources.md "Counters"): a label whose
// barcode is a server-kept counter prints its 3 records twice to a fake TSPL printer through the
// assistant: the barcodes read back S001–S003, then S004–S006 (the job's numbers are reserved before
// drawing and marked used when it printed). A third job pauses at paper out and is cancelled in the
// dialog's queue: its numbers are void, and the next job carries on after them.
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { decode } from "../../tests/codes/support/zxing";
import { decodeTspl, toRgba } from "../../tests/print/support/decodeJob";
import { addAt } from "../editor/helpers";
import { apiPost, screenshot } from "../support";
import { makeSequence, openPrintDialog, type PrintRig, printTo, startPrintRig, t } from "./helpers";

let rig: PrintRig;
let counter: string;

beforeAll(async () => {
  // the exact picture: this test reads the jobs' bitmaps (the printer's commands: nativePreview.spec.ts)
  rig = await startPrintRig({ printers: { Dock: "TSPL" }, sendAs: { Dock: "picture" } });
  const { page } = rig;
  const textId = await addAt(page, "Text", 0.3, 0.2);
  const codeId = await addAt(page, "Barcode", 0.4, 0.6);
  await makeSequence(page, textId, 3);
  counter = (await apiPost(page, "/api/counter/create", { name: "Serial", start: 1, width: 3, prefix: "S" }))
    .data.id;
  await bindCounter(page, codeId, counter);
}, 120_000);

afterAll(async () => {
  await rig?.close();
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail" && rig)
    await screenshot(rig.page, `counters-fail-${ctx.task.name.slice(0, 30)}`);
});

/** Makes the barcode's content the counter (the data source panel's "Counter" type) through the store hook. */
async function bindCounter(page: Page, codeId: string, id: string): Promise<void> {
  await page.evaluate(
    ({ codeId, id }) => {
      type Store = {
        get(): { doc: { elements: { Id: string; DataSourceList: Record<string, unknown>[] }[] } };
        send(e: unknown): void;
      };
      const store = (window as unknown as { inklessEditor: Store }).inklessEditor;
      const el = store.get().doc.elements.find((e) => e.Id === codeId);
      if (!el) throw new Error("no barcode");
      const source = { ...el.DataSourceList[0], DataSourceType: 6, CounterId: id, CounterName: "Serial" };
      store.send({
        type: "element.update",
        id: codeId,
        kind: "Barcode",
        patch: { DataSourceList: [source] },
      });
    },
    { codeId, id },
  );
}

/** Prints all records to Dock and reads the barcode of every label it printed. */
async function printAndRead(): Promise<string[]> {
  const printer = rig.printers.get("Dock");
  if (!printer) throw new Error("no printer");
  const job = printer.nextJob();
  await openPrintDialog(rig.page);
  await printTo(rig.page, "Dock");
  const pages = decodeTspl(await job).pages;
  return Promise.all(
    pages.map(async (p) => (await decode(toRgba(p), { formats: ["Code128"] }))[0]?.text ?? ""),
  );
}

const history = async () =>
  (await apiPost(rig.page, "/api/counter/history", { id: counter })).data as {
    state: string;
    numbers: string[];
  }[];

describe("counters in the editor's print", () => {
  it("two prints of 3 labels carry numbers 1–3 then 4–6, each job used", async () => {
    expect(await printAndRead()).toEqual(["S001", "S002", "S003"]);
    expect(await printAndRead()).toEqual(["S004", "S005", "S006"]);
    await expect
      .poll(async () => (await history()).map((r) => [r.state, r.numbers.join(",")]))
      .toEqual([
        ["used", "S004,S005,S006"],
        ["used", "S001,S002,S003"],
      ]);
  }, 180_000);

  it("a job cancelled in the queue voids its numbers; the next job carries on after them", async () => {
    const { page } = rig;
    const printer = rig.printers.get("Dock");
    if (!printer) throw new Error("no printer");
    // the printer's 8th label: paper runs out after the job's first label
    printer.state.paperOutAt = 8;
    // the bytes the paused job sent before the fault (its one connection)
    const stopped = printer.nextJob();
    const dialog = await openPrintDialog(page);
    const select = page.getByTestId("print-printer");
    await select.locator('option[value="Dock"]').waitFor({ state: "attached" });
    await select.selectOption("Dock");
    await dialog.getByRole("button", { name: t["print.dialog.confirm"] }).click();
    await page.getByTestId("print-failure").waitFor({ timeout: 60_000 });
    // paused, not over: the numbers stay reserved while the job waits
    expect((await history())[0]).toMatchObject({ state: "reserved", numbers: ["S007", "S008", "S009"] });
    await screenshot(page, "print-counter-paused");
    await dialog
      .getByRole("button", { name: new RegExp(`^${t["print.queue.queueCancel"]}: .*Dock`) })
      .first()
      .click();
    await expect.poll(async () => (await history())[0].state, { timeout: 60_000 }).toBe("void");
    // it printed S007 before the paper ran out (a void number is never given again, printed or not)
    const before = decodeTspl(await stopped).pages;
    expect((await decode(toRgba(before[0]), { formats: ["Code128"] }))[0]?.text).toBe("S007");
    await dialog.getByRole("button", { name: t["print.dialog.cancel"], exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    printer.state.paperOut = false;
    printer.state.paperOutAt = undefined;
    expect(await printAndRead()).toEqual(["S010", "S011", "S012"]);
  }, 240_000);
});
