// The print queue in the print dialog (issue 37): after Confirm sends 5 labels to a ZPL network
// printer through the assistant and the paper runs out at label 3, the dialog shows the job
// paused with its reason and progress, and Resume there (the paper back in) finishes it: the
// printer printed each of the 5 labels once. The print record follows the queue: written once, at
// the job's end, with the labels really printed and the saved version — 5 after Resume, 2 when the
// job is cancelled after the pause, and 5 when the tab was closed while paused and the app opened
// again in a new tab before the job was resumed.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../../tests/print/support/client";
import { addAt } from "../editor/helpers";
import { apiPost, appUrl, axeViolations, screenshot } from "../support";
import { makeSequence, openPrintDialog, type PrintRig, startPrintRig, t } from "./helpers";

let rig: PrintRig;

beforeAll(async () => {
  // the queue does not go on by itself within the test: only Resume does
  rig = await startPrintRig({ printers: { Dock: "ZPL" }, faultPollMs: 600_000 });
  const id = await addAt(rig.page, "Text", 0.5, 0.5);
  await makeSequence(rig.page, id, 5);
}, 120_000);

afterAll(async () => {
  await rig?.close();
});

describe("the print queue in the print dialog", () => {
  it("shows the job paused by paper out with its progress; Resume finishes it", async () => {
    const printer = rig.printers.get("Dock");
    if (!printer) throw new Error("no rig");
    printer.state.paperOutAt = 3;
    const { page } = rig;
    const dialog = await openPrintDialog(page);
    const select = page.getByTestId("print-printer");
    await select.locator('option[value="Dock"]').waitFor({ state: "attached" });
    await select.selectOption("Dock");
    await dialog.getByRole("button", { name: t["print.dialog.confirm"] }).click();

    const job = dialog.getByTestId("print-queue-job");
    const paused = t["print.queue.row"]
      .replace("{{state}}", `${t["print.queue.state.paused"]} (${t["print.problem.paperOut"]})`)
      .replace("{{printed}}", "2")
      .replace("{{total}}", "5");
    await expect.poll(() => job.textContent(), { timeout: 60_000 }).toContain(paused);
    const resume = dialog.getByRole("button", {
      name: new RegExp(`^${t["print.queue.queueResume"]}: .*Dock`),
    });
    const cancel = dialog.getByRole("button", {
      name: new RegExp(`^${t["print.queue.queueCancel"]}: .*Dock`),
    });
    expect(await cancel.isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "print-dialog-queue-paused");
    expect(printer.printed).toHaveLength(2);

    printer.state.paperOut = false;
    await resume.click();
    // a done job leaves the list
    await job.waitFor({ state: "detached", timeout: 60_000 });
    expect(printer.printed).toHaveLength(5);

    // one record, written at the job's end: all 5 labels, naming the label's saved file
    await expect.poll(async () => (await history(page)).length, { timeout: 30_000 }).toBe(1);
    const [rec] = await history(page);
    expect(rec).toMatchObject({ labels: 5, pages: 5, printer: "Dock", printer_kind: "driver" });
    expect(rec.template_id).not.toBe("");
    expect(rec.file_web).not.toBe("");
    // with the small picture of the label as printed
    expect(rec.image).not.toBe("");
    // the server linked the version whose file was printed
    expect(rec.version).toBeGreaterThan(0);
    expect(await pendingRecords(page)).toBe(null);
  }, 180_000);

  it("a job cancelled after the pause records the 2 labels really printed", async () => {
    const printer = rig.printers.get("Dock");
    if (!printer) throw new Error("no rig");
    const { page } = rig;
    const dialog = page.getByTestId("print-dialog");
    printer.state.paperOutAt = printer.printed.length + 3;
    await dialog.getByRole("button", { name: t["print.dialog.confirm"] }).click();
    const paused = t["print.queue.row"]
      .replace("{{state}}", `${t["print.queue.state.paused"]} (${t["print.problem.paperOut"]})`)
      .replace("{{printed}}", "2")
      .replace("{{total}}", "5");
    const job = dialog.getByTestId("print-queue-job");
    await expect.poll(() => job.first().textContent(), { timeout: 60_000 }).toContain(paused);
    await dialog
      .getByRole("button", { name: new RegExp(`^${t["print.queue.queueCancel"]}: .*Dock`) })
      .click();
    await expect.poll(async () => (await history(page)).length, { timeout: 30_000 }).toBe(2);
    expect((await history(page))[0]).toMatchObject({ labels: 2, pages: 2 });
    // the label the printer kept at the fault (^JZY) was dropped there at the cancel (~JA): with
    // paper back in it never comes out
    await expect.poll(() => printer.held.length, { timeout: 30_000 }).toBe(0);
    printer.state.paperOut = false;
  }, 180_000);

  it("the tab closed while paused: the app opened again writes the record when the job ends", async () => {
    const printer = rig.printers.get("Dock");
    if (!printer || !rig.assistant) throw new Error("no rig");
    const { page } = rig;
    const dialog = page.getByTestId("print-dialog");
    // the printer counts any label it still holds (^JZY) among its labels (none: the cancel above
    // dropped it)
    printer.state.paperOutAt = printer.printed.length + printer.held.length + 3;
    await dialog.getByRole("button", { name: t["print.dialog.confirm"] }).click();
    const assistant = await connect(rig.assistant.port);
    try {
      const pausedJob = async () =>
        (
          (await assistant.request({ cmd: "queueList", printer: "Dock" })).data as { jobs: QueueJob[] }
        ).jobs.find((j) => j.state === "paused");
      await expect.poll(async () => (await pausedJob())?.printed, { timeout: 60_000 }).toBe(2);
      // the record waits in the browser's storage with its picture, then the tab goes
      await expect.poll(() => pendingRecords(page), { timeout: 30_000 }).toMatch(/"image_address":"[^"]/);
      const context = page.context();
      await page.close();
      const again = await context.newPage();
      await again.goto(appUrl(rig.app.baseUrl, "/"));
      const id = (await pausedJob())?.id;
      printer.state.paperOut = false;
      expect((await assistant.request({ cmd: "queueResume", job: id })).code).toBe(200);
      await expect.poll(async () => (await history(again)).length, { timeout: 60_000 }).toBe(3);
      expect((await history(again))[0]).toMatchObject({ labels: 5, pages: 5 });
      expect((await history(again))[0].image).not.toBe("");
      await expect.poll(() => pendingRecords(again), { timeout: 30_000 }).toBe(null);
      // written once: a third tab finds nothing left to write
      const third = await context.newPage();
      await third.goto(appUrl(rig.app.baseUrl, "/"));
      expect((await history(third)).length).toBe(3);
    } finally {
      assistant.close();
    }
  }, 240_000);
});

interface QueueJob {
  id: string;
  state: string;
  printed: number;
}

interface HistoryRow {
  labels: number;
  pages: number;
  printer: string;
  printer_kind: string;
  template_id: string;
  file_web: string;
  image: string;
  version: number | null;
}

/** The user's print records, newest first. */
const history = async (page: Page) =>
  (await apiPost(page, "/api/tem.app_public/getPrintHistory", {})).data as HistoryRow[];

/** The print records this browser keeps waiting for their queue job's end (queuedRecord.ts). */
const pendingRecords = (page: Page) =>
  page.evaluate(() => localStorage.getItem("inkless.pendingPrintRecords"));
