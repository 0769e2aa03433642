// My printer with several network printers (a warehouse's line): a screen reader lists every
// button, so each printer's buttons must say which printer they act on. "Test print" once had the
// same name on every row; pressed by its name, Dock's test label reaches Dock. And a state line
// that is not a printer's answer of "ready" must not look like one: a printer answering garbage
// (often one set up with the wrong language) or nothing was shown in the green of "Ready".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUrl, screenshot } from "../support";
import { type PrintRig, startPrintRig, t } from "./helpers";

let rig: PrintRig;

beforeAll(async () => {
  rig = await startPrintRig({ printers: { Shelf: "TSPL", Dock: "ZPL" } });
}, 120_000);

afterAll(async () => {
  await rig?.close();
});

describe("the printers on My printer", () => {
  it("name their printer in every button, Test print too", async () => {
    const { page } = rig;
    await page.goto(appUrl(rig.app.baseUrl, "/myPrinter"));
    const rows = page.getByTestId("assistant-printer");
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    const names: string[] = [];
    for (const printer of ["Shelf", "Dock"]) {
      const row = rows.filter({ hasText: printer });
      for (const button of await row.getByRole("button").all()) {
        const name = await button.evaluate(
          (b) => b.getAttribute("aria-label") ?? (b.textContent ?? "").trim(),
        );
        expect(name).toContain(printer);
        names.push(name);
      }
    }
    expect(new Set(names).size).toBe(names.length);

    const dock = rig.printers.get("Dock");
    if (!dock) throw new Error("no rig");
    const job = dock.nextJob();
    await page.getByRole("button", { name: t["printer.net.testName"].replace("{{name}}", "Dock") }).click();
    expect((await job).toString("latin1")).toContain("^XA");
  }, 120_000);

  it("shows an answer that is not a status, and no answer, unlike Ready", async () => {
    const { page } = rig;
    const shelf = rig.printers.get("Shelf");
    const dock = rig.printers.get("Dock");
    if (!shelf || !dock) throw new Error("no rig");
    await page.goto(appUrl(rig.app.baseUrl, "/myPrinter"));
    const line = (printer: string) =>
      page.getByTestId("assistant-printer").filter({ hasText: printer }).getByTestId("print-printer-state");
    const colour = (printer: string) => line(printer).evaluate((el) => getComputedStyle(el).color);
    await expect.poll(() => line("Shelf").getAttribute("data-state"), { timeout: 30_000 }).toBe("ready");
    const ready = await colour("Shelf");
    shelf.state.answer = "garbage";
    dock.state.answer = "never";
    await expect.poll(() => line("Shelf").getAttribute("data-state"), { timeout: 30_000 }).toBe("garbled");
    await expect.poll(() => line("Dock").getAttribute("data-state"), { timeout: 30_000 }).toBe("noAnswer");
    expect(await colour("Shelf")).not.toBe(ready);
    expect(await colour("Dock")).not.toBe(ready);
    await screenshot(page, "my-printer-unknown-states");
    shelf.state.answer = "status";
    dock.state.answer = "status";
  }, 120_000);
});
