// "Send as" in the print dialog (issue 36): a ZPL printer with no setting gets a label of a square
// frame and a QR code as its own commands (automatic: they print the picture's dots), and the
// preview says so and is drawn from those commands read back; an ellipse (the printer's own curve)
// turns the page back into the exact picture. The printer form offers the three choices.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decode } from "../../tests/codes/support/zxing";
import { toRgba } from "../../tests/print/support/decodeJob";
import { redrawn } from "../../tests/print/support/nativeJob";
import { addAt } from "../editor/helpers";
import { screenshot } from "../support";
import { openPrintDialog, type PrintRig, printTo, startPrintRig, t } from "./helpers";

const PRINTER = "Dock ZPL";
let rig: PrintRig;

beforeAll(async () => {
  rig = await startPrintRig({ printers: { [PRINTER]: "ZPL" }, query: "?labelStatus=add" });
}, 180_000);

afterAll(async () => {
  await rig?.close();
});

describe("the print dialog's preview of a label printer", () => {
  it("says the page goes as the printer's commands, draws them, and sends them; an ellipse makes it a picture", async () => {
    const { page } = rig;
    await addAt(page, "Rectangle", 0.3, 0.3);
    await addAt(page, "QRcode", 0.7, 0.5);
    const dialog = await openPrintDialog(page);
    const select = page.getByTestId("print-printer");
    await select.locator(`option[value="${PRINTER}"]`).waitFor({ state: "attached" });
    await select.selectOption(PRINTER);
    const mode = dialog.getByTestId("print-preview-mode");
    await dialog
      .locator('[data-testid="print-preview-mode"][data-mode="native"]')
      .waitFor({ timeout: 60_000 });
    expect(await mode.textContent()).toBe(t["print.dialog.previewMode.native"]);
    // the preview holds the QR code the printer draws: its modules as our ZPL reader reads ^BQ back
    expect(await dialog.getByTestId("print-preview").locator("svg").count()).toBeGreaterThan(0);
    await screenshot(page, "print-preview-native");
    const sent = rig.printers.get(PRINTER)?.nextJob();
    await printTo(page, null);
    const zpl = (await sent)?.toString("latin1") ?? "";
    expect(zpl).toContain("^BQN");
    expect(zpl).toContain("^GB");
    expect(zpl).not.toContain("^GFA");
    const [back] = await redrawn(zpl);
    expect((await decode(toRgba(back))).length).toBe(1);

    await addAt(page, "Ellipse", 0.3, 0.75);
    const again = await openPrintDialog(page);
    await again
      .locator('[data-testid="print-preview-mode"][data-mode="picture"]')
      .waitFor({ timeout: 60_000 });
    expect(await again.getByTestId("print-preview-mode").textContent()).toBe(
      t["print.dialog.previewMode.picture"],
    );
    await screenshot(page, "print-preview-picture");
    await again.getByRole("button", { name: t["print.dialog.cancel"] }).click();
  }, 240_000);
});
