// Print without waiting (issue 41): on a new, never saved label the print dialog opens at once while
// the cloud save runs beside it (here held back at the server's door until the label has printed);
// the print record, written once that save is through, names the template and the file it saved.
import type { Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAt } from "../editor/helpers";
import { apiPost } from "../support";
import { type PrintRig, printTo, startPrintRig } from "./helpers";

let rig: PrintRig;

beforeAll(async () => {
  rig = await startPrintRig({
    assistant: false,
    // the browser path ends in the print frame's window.print(): nothing to print here
    initScript: () => {
      window.print = () => {};
    },
  });
  await addAt(rig.page, "Text", 0.5, 0.5);
  await rig.page.keyboard.press("Escape");
}, 120_000);

afterAll(async () => {
  await rig?.close();
});

describe("print without waiting for the save", () => {
  it("opens the dialog before the save answers, prints, and the record names the saved version", async () => {
    const { page } = rig;
    // the save of the new label is held until the label has printed
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let reached = () => {};
    const saving = new Promise<void>((r) => {
      reached = r;
    });
    await page.route("**/api/tem.app_public/addUserTemplate", async (route: Route) => {
      reached();
      await held;
      await route.continue();
    });
    const saved = page.waitForResponse((r) => r.url().includes("/api/tem.app_public/addUserTemplate"), {
      timeout: 60_000,
    });

    await page.getByTestId("print-open").click();
    await saving;
    // the dialog is there and usable (no overlay takes the click) while the save is still held
    await page.getByTestId("print-dialog").waitFor({ timeout: 30_000 });
    await printTo(page, null);
    const before = (await apiPost(page, "/api/tem.app_public/getPrintHistory", {})).data as unknown[];
    // no record yet: it waits for the save, to name the version printed
    expect(before).toHaveLength(0);

    release();
    const template = ((await (await saved).json()) as { data: { id: string; file_web: string } }).data;
    expect(template.id).not.toBe("");
    await expect
      .poll(
        async () =>
          ((await apiPost(page, "/api/tem.app_public/getPrintHistory", {})).data as unknown[]).length,
        {
          timeout: 30_000,
        },
      )
      .toBe(1);
    const [rec] = (await apiPost(page, "/api/tem.app_public/getPrintHistory", {})).data as {
      template_id: string;
      file_web: string;
      template: { id: string } | null;
    }[];
    expect(rec.template_id).toBe(template.id);
    expect(rec.file_web).toBe(template.file_web);
    expect(rec.template?.id).toBe(template.id);
    await page.unroute("**/api/tem.app_public/addUserTemplate");
  }, 180_000);
});
