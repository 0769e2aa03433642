// Never a silent box (issue 35): a label whose text holds characters no shipped font draws (Ge'ez
// here) names them in the print dialog before anything is printed; Greek with tonos is drawn by
// the fallback chain and is not named.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAt } from "../editor/helpers";
import { screenshot } from "../support";
import { openPrintDialog, type PrintRig, startPrintRig, t } from "./helpers";

let rig: PrintRig;

beforeAll(async () => {
  // the store hook is on with the inspector (?inspect=1)
  rig = await startPrintRig({ printers: { "Shelf TSPL": "TSPL" }, query: "?labelStatus=add&inspect=1" });
}, 120_000);

afterAll(async () => {
  await rig?.close();
});

/** Sets a text element's fixed value through the store hook (as typing it would). */
async function setText(textId: string, text: string): Promise<void> {
  await rig.page.evaluate(
    ({ textId, text }) => {
      type Store = {
        get(): { doc: { elements: { Id: string; DataSourceList: Record<string, unknown>[] }[] } };
        send(e: unknown): void;
      };
      const store = (window as unknown as { inklessEditor: Store }).inklessEditor;
      const el = store.get().doc.elements.find((e) => e.Id === textId);
      if (!el) throw new Error("no text element");
      const src = { ...el.DataSourceList[0], DataSourceType: 0, FirstValue: text, NormalText: text };
      store.send({
        type: "element.update",
        id: textId,
        kind: "Text",
        patch: { Data: text, DataSourceList: [src] },
      });
    },
    { textId, text },
  );
}

describe("characters no font draws", () => {
  it("the text's panel and the print dialog name them; characters the fallbacks draw are not named", async () => {
    const { page } = rig;
    const id = await addAt(page, "Text", 0.5, 0.3);
    await setText(id, "Ελιές ሰላም");
    // the element's panel marks it while it is edited
    const chars = "ሰ U+1230, ላ U+120B, ም U+121D";
    await expect
      .poll(() => page.getByTestId("panel-unprintable").textContent(), { timeout: 60_000 })
      .toBe(t["elements.text.unprintable"].replace("{{chars}}", chars));
    const dialog = await openPrintDialog(page);
    const note = dialog.getByTestId("print-unprintable");
    await expect
      .poll(() => note.textContent(), { timeout: 60_000 })
      .toBe(t["print.dialog.unprintable"].replace("{{chars}}", chars));
    expect(await note.getAttribute("role")).toBe("alert");
    await screenshot(page, "print-unprintable");
  }, 180_000);
});
