// The print dialog's preview for a TSPL printer (issue 36): a printer with no setting gets a label of
// a frame and a QR code as its own TSPL commands, and the preview is drawn from those TSPL bytes read
// back by our TSPL reader (src/tspl): the QR code in the preview as shown decodes, and the job sent
// is the BOX / QRCODE the preview read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decode } from "../../tests/codes/support/zxing";
import { toRgba } from "../../tests/print/support/decodeJob";
import { redrawn, tsplAsZpl } from "../../tests/print/support/nativeJob";
import { addAt } from "../editor/helpers";
import { screenshot } from "../support";
import { openPrintDialog, type PrintRig, printTo, startPrintRig, t } from "./helpers";

const PRINTER = "Shelf TSPL";
let rig: PrintRig;

beforeAll(async () => {
  rig = await startPrintRig({ printers: { [PRINTER]: "TSPL" }, query: "?labelStatus=add" });
}, 180_000);

afterAll(async () => {
  await rig?.close();
});

describe("the print dialog's preview of a TSPL printer", () => {
  it("is drawn from the TSPL the printer gets, and the job sent is those commands", async () => {
    const { page } = rig;
    await addAt(page, "Rectangle", 0.3, 0.3);
    await addAt(page, "QRcode", 0.7, 0.5);
    const dialog = await openPrintDialog(page);
    const select = page.getByTestId("print-printer");
    await select.locator(`option[value="${PRINTER}"]`).waitFor({ state: "attached" });
    await select.selectOption(PRINTER);
    await dialog
      .locator('[data-testid="print-preview-mode"][data-mode="native"]')
      .waitFor({ timeout: 60_000 });
    expect(await dialog.getByTestId("print-preview-mode").textContent()).toBe(
      t["print.dialog.previewMode.native"],
    );
    const preview = dialog.getByTestId("print-preview");
    await preview.locator("svg").first().waitFor({ timeout: 60_000 });
    // the QR code as the user sees it: read back from the page's QRCODE
    const shown = await decode(await preview.screenshot());
    expect(shown.map((r) => r.text)).toHaveLength(1);
    await screenshot(page, "print-preview-tspl");
    const sent = rig.printers.get(PRINTER)?.nextJob();
    await printTo(page, null);
    const job = (await sent) ?? Buffer.alloc(0);
    const text = job.toString("latin1");
    expect(text).toMatch(/^QRCODE /m);
    expect(text).toMatch(/^BOX /m);
    expect(text).not.toContain("BITMAP");
    const [back] = await redrawn(tsplAsZpl(job));
    expect((await decode(toRgba(back))).map((r) => r.text)).toEqual(shown.map((r) => r.text));
  }, 240_000);
});
