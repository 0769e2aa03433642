// My printer with several network printers (a warehouse's line): a screen reader lists every
// button, so each printer's buttons must say which printer they act on. "Test print" once had the
// same name on every row; pressed by its name, Dock's test label reaches Dock.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUrl } from "../support";
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
});
