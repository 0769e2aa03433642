// "Send as" in the print dialog (issue 36): a ZPL or TSPL printer with no setting (automatic) gets
// a label with a square frame, a QR code and a Code 128 as its own commands (they print the
// picture's dots) — the code's bars with the printer's line off, its human-readable line in the
// picture with the ellipse (the printer's own curve) — and the preview says so and is drawn from
// those commands read back. A label of an ellipse alone goes as the exact picture.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decode } from "../../tests/codes/support/zxing";
import { toRgba } from "../../tests/print/support/decodeJob";
import { redrawn } from "../../tests/print/support/nativeJob";
import { addAt } from "../editor/helpers";
import { screenshot } from "../support";
import { openPrintDialog, type PrintRig, printTo, startPrintRig, t } from "./helpers";

const PRINTER = "Dock ZPL";
const TSPL_PRINTER = "Shelf TSPL";
let rig: PrintRig;

beforeAll(async () => {
  rig = await startPrintRig({
    printers: { [PRINTER]: "ZPL", [TSPL_PRINTER]: "TSPL" },
    query: "?labelStatus=add",
  });
}, 180_000);

afterAll(async () => {
  await rig?.close();
});

/** The print dialog open on `printer`, once its preview shows `mode`; the mode line's text. */
async function previewFor(printer: string, mode: "native" | "picture") {
  const { page } = rig;
  const dialog = await openPrintDialog(page);
  const select = page.getByTestId("print-printer");
  await select.locator(`option[value="${printer}"]`).waitFor({ state: "attached" });
  await select.selectOption(printer);
  await dialog
    .locator(`[data-testid="print-preview-mode"][data-mode="${mode}"]`)
    .waitFor({ timeout: 60_000 });
  return { dialog, text: await dialog.getByTestId("print-preview-mode").textContent() };
}

describe("the print dialog's preview of a label printer", () => {
  it("an ellipse alone is a picture; with a frame, a QR code and a Code 128 the page goes as the printer's commands, drawn from them", async () => {
    const { page } = rig;
    await addAt(page, "Ellipse", 0.3, 0.75);
    const alone = await previewFor(PRINTER, "picture");
    expect(alone.text).toBe(t["print.dialog.previewMode.picture"]);
    await screenshot(page, "print-preview-picture");
    await alone.dialog.getByRole("button", { name: t["print.dialog.cancel"], exact: true }).click();

    await addAt(page, "Rectangle", 0.3, 0.3);
    await addAt(page, "QRcode", 0.75, 0.5);
    await addAt(page, "Barcode", 0.3, 0.45);
    for (const printer of [PRINTER, TSPL_PRINTER]) {
      const { dialog, text } = await previewFor(printer, "native");
      expect(text).toBe(t["print.dialog.previewMode.native"]);
      // the preview holds what the printer draws: the QR code's and the bars' commands read back,
      // the code's digits and the ellipse from the picture part
      expect(await dialog.getByTestId("print-preview").locator("svg").count()).toBeGreaterThan(0);
      await screenshot(page, `print-preview-native-${printer.split(" ")[1]}`);
      await dialog.getByRole("button", { name: t["print.dialog.cancel"], exact: true }).click();
    }
    await openPrintDialog(page);
    const sent = rig.printers.get(PRINTER)?.nextJob();
    await printTo(page, PRINTER);
    const zpl = (await sent)?.toString("latin1") ?? "";
    expect(zpl).toContain("^BQN");
    expect(zpl).toContain("^GB");
    expect(zpl).toMatch(/\^BCN,\d+,N,N/);
    expect(zpl).not.toContain("^GE");
    const [back] = await redrawn(zpl);
    expect((await decode(toRgba(back), { maxNumberOfSymbols: 4 })).length).toBe(2);
  }, 300_000);
});
