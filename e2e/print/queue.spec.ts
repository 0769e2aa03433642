// The printer's queue on the My printer page (issue 37): a job paused by paper out at label 3 of 5
// shows its state and reason; paused by hand (it then waits for Resume even with paper in), the
// user resumes it on the page and the job finishes: the printer printed each of the 5 labels once.
// The row counts labels, not pages: a page printed 3 times is 3 labels. Cancelled jobs are removed
// one by one (Remove) or all at once (Clear finished), from the assistant's queue too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelXml } from "../../tests/print/queue/support";
import { connect } from "../../tests/print/support/client";
import { appUrl, axeViolations, screenshot } from "../support";
import { type PrintRig, startPrintRig, t } from "./helpers";

/** A queue row's text for a job paused by paper out with `printed` of `total` labels printed. */
const pausedRow = (printed: number, total: number) =>
  t["print.queue.row"]
    .replace("{{state}}", `${t["print.queue.state.paused"]} (${t["print.problem.paperOut"]})`)
    .replace("{{printed}}", String(printed))
    .replace("{{total}}", String(total));

let rig: PrintRig;

beforeAll(async () => {
  rig = await startPrintRig({ printers: { Dock: "ZPL" } });
}, 120_000);

afterAll(async () => {
  await rig?.close();
});

describe("the print queue on the My printer page", () => {
  it("shows a paused job with its reason; paused by hand, Resume on the page finishes it", async () => {
    const printer = rig.printers.get("Dock");
    if (!printer || !rig.assistant) throw new Error("no rig");
    printer.state.paperOutAt = 3;
    const client = await connect(rig.assistant.port);
    await client.request({ cmd: "outputPrintting", printer: "Dock", xml: labelXml(5) });

    const { page } = rig;
    await page.goto(appUrl(rig.app.baseUrl, "/myPrinter"));
    const job = page.getByTestId("print-queue-job");
    await job.waitFor();
    expect(await job.textContent()).toContain(pausedRow(2, 5));
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "print-queue-paused");

    // paused by hand (the CLI or another page), it waits for Resume
    const list = await client.request({ cmd: "queueList" });
    const [{ id }] = (list.data as { jobs: { id: string }[] }).jobs;
    await client.request({ cmd: "queuePause", job: id });
    client.close();
    await page.getByText(t["print.queue.reason.user"], { exact: false }).waitFor();
    printer.state.paperOut = false;
    await page.getByRole("button", { name: new RegExp(`^${t["print.queue.queueResume"]}: .*Dock`) }).click();
    // done jobs leave the list
    await job.waitFor({ state: "detached" });
    expect(printer.printed).toHaveLength(5);
  }, 120_000);

  it("counts labels, copies included: 2 records × 3 copies paused at label 4 read 3 of 6", async () => {
    const printer = rig.printers.get("Dock");
    if (!printer || !rig.assistant) throw new Error("no rig");
    printer.printed.length = 0;
    printer.state.paperOutAt = 4;
    const client = await connect(rig.assistant.port);
    await client.request({ cmd: "outputPrintting", printer: "Dock", xml: labelXml(2), copies: 3 });
    const { page } = rig;
    await page.goto(appUrl(rig.app.baseUrl, "/myPrinter"));
    const job = page.getByTestId("print-queue-job");
    await job.waitFor();
    expect(await job.textContent()).toContain(pausedRow(3, 6));
    // its own job (the first test's done one is listed first)
    const list = await client.request({ cmd: "queueList" });
    const { id } = (list.data as { jobs: { id: string; state: string }[] }).jobs.find(
      (j) => j.state === "paused",
    ) ?? { id: "" };
    expect((await client.request({ cmd: "queueCancel", job: id })).code).toBe(200);
    client.close();
    printer.state.paperOut = false;
  }, 120_000);

  it("cancelled jobs leave the row with Remove, and Clear finished removes the rest from the assistant", async () => {
    const printer = rig.printers.get("Dock");
    if (!printer || !rig.assistant) throw new Error("no rig");
    const client = await connect(rig.assistant.port);
    const jobs = async () =>
      (
        (await client.request({ cmd: "queueList", printer: "Dock" })).data as {
          jobs: { id: string; state: string }[];
        }
      ).jobs;
    // two jobs paused by paper out at their 2nd label, each cancelled
    for (let k = 0; k < 2; k++) {
      printer.printed.length = 0;
      printer.held.length = 0;
      Object.assign(printer.state, { paperOut: false, paperOutAt: 2 });
      await client.request({ cmd: "outputPrintting", printer: "Dock", xml: labelXml(3) });
      const paused = (await jobs()).find((j) => j.state === "paused");
      if (!paused) throw new Error("no paused job");
      await client.request({ cmd: "queueCancel", job: paused.id });
    }
    printer.state.paperOut = false;
    const before = (await jobs()).filter((j) => j.state === "cancelled").length;
    expect(before).toBeGreaterThanOrEqual(2);

    const { page } = rig;
    await page.goto(appUrl(rig.app.baseUrl, "/myPrinter"));
    const cancelled = page.locator('[data-testid="print-queue-job"][data-state="cancelled"]');
    await cancelled.nth(before - 1).waitFor({ timeout: 20_000 });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "print-queue-cancelled");
    await cancelled
      .first()
      .getByRole("button", { name: new RegExp(`^${t["print.queue.queueDismiss"]}: .*Dock`) })
      .click();
    await page.waitForFunction(
      (n) =>
        document.querySelectorAll('[data-testid="print-queue-job"][data-state="cancelled"]').length === n,
      before - 1,
      { timeout: 20_000 },
    );
    expect((await jobs()).filter((j) => j.state === "cancelled")).toHaveLength(before - 1);
    await page
      .getByRole("button", { name: t["print.queue.clearFinishedLabel"].replace("{{printer}}", "Dock") })
      .click();
    // nothing left to show for Dock; the assistant's queue has no finished job left either
    await page.getByTestId("print-queue").waitFor({ state: "detached", timeout: 20_000 });
    expect(await jobs()).toEqual([]);
    client.close();
  }, 120_000);
});
