// The print queue in the print dialog (issue 37): after Confirm sends 5 labels to a ZPL network
// printer through the assistant and the paper runs out at label 3, the dialog shows the job
// paused with its reason and progress, and Resume there (the paper back in) finishes it: the
// printer printed each of the 5 labels once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAt } from "../editor/helpers";
import { axeViolations, screenshot } from "../support";
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
  }, 180_000);
});
