// Cloud printing as a user sets it up: the print assistant registers itself with the server and
// shows a serial and a verification code; the user binds it on the My printer page, where it shows
// online; from the editor, a 3-record label with 2 copies of each record (record-selection dialog)
// goes as 203 dpi images through the server to the assistant and out to the fake TSPL printer. The
// page then lists the job as printed, renames and unbinds the device.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CloudClient, startCloudClient } from "../../src/assistant/cloud";
import { setupCloud } from "../../src/assistant/cloudSetup";
import { decodeTspl, inkBox } from "../../tests/print/support/decodeJob";
import { addAt } from "../editor/helpers";
import { appUrl, screenshot } from "../support";
import { chooseRecords, makeSequence, openPrintDialog, type PrintRig, startPrintRig, t } from "./helpers";

let rig: PrintRig;
let cloud: CloudClient | null = null;
/** the My printer page, in a second tab of the same session (the editor stays open in the first) */
let devicesPage: Page;
const dir = mkdtempSync(join(tmpdir(), "inkless-cloud-e2e-"));
const lines: string[] = [];

beforeAll(async () => {
  rig = await startPrintRig({ printers: { Shelf: "TSPL" }, assistant: false });
  const id = await addAt(rig.page, "Text", 0.5, 0.5);
  await makeSequence(rig.page, id, 3);
  await rig.page.keyboard.press("Escape");
}, 120_000);

afterAll(async () => {
  await cloud?.close();
  await rig?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("cloud printing", () => {
  it("shows no online device before one is bound", async () => {
    const dialog = await openPrintDialog(rig.page);
    await rig.page.getByTestId("print-cloud-tab").click();
    await dialog.getByText(t["print.cloud.none"]).waitFor();
    // back on Driver printing (no assistant here) the browser is selected again, and the note that
    // the assistant is not running links to the download centre
    await dialog.getByRole("tab", { name: t["print.dialog.driver"] }).click();
    // while the browser is chosen the note waits behind "Print to a label printer instead"
    await dialog.getByRole("button", { name: t["print.assistant.labelPrinters"] }).click();
    await dialog.getByText(t["print.assistant.notRunning"]).waitFor();
    expect(await rig.page.getByTestId("print-printer").inputValue()).toBe("__browser__");
    // the links: the download centre and the help centre's printing article (both exist)
    expect(await dialog.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/label/download",
      "/label/en/help/125/",
    ]);
    await rig.page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  }, 60_000);

  it("the assistant registers; the user binds it on the My printer page and it shows online", async () => {
    const { app } = rig;
    devicesPage = await rig.page.context().newPage();
    const page = devicesPage;
    // the assistant's settings name the server and its printer; it registers and shows serial + code
    const file = join(dir, "assistant.json");
    writeFileSync(file, JSON.stringify({ cloud: { server: app.baseUrl, printer: "Shelf", name: "Shelf" } }));
    const setup = await setupCloud({ INKLESS_ASSISTANT_CONFIG: file }, (l) => lines.push(l));
    if (!setup) throw new Error("cloud settings not read");
    const shown = /serial (\S+) and verification code (\S+)/.exec(lines.join("\n"));
    if (!shown) throw new Error(`no bind hint in ${lines.join("\n")}`);
    const [, sn, code] = shown;
    expect(JSON.parse(readFileSync(file, "utf8")).cloud.sn).toBe(sn);
    cloud = startCloudClient(
      setup.settings,
      [
        {
          name: "Shelf",
          host: "127.0.0.1",
          port: rig.printers.get("Shelf")?.port ?? 0,
          language: "TSPL",
          dpi: 203,
          // the job is read back as its pictures' dots (a numbered text goes as TEXT by default)
          settings: { sendAs: "picture" },
        },
      ],
      { wait: 5000, log: (l) => lines.push(l), reregister: setup.reregister },
    );

    await page.goto(appUrl(app.baseUrl, "/myPrinter"));
    await page.getByRole("heading", { name: t["printer.page.title"], level: 1 }).waitFor();
    await page.getByText(t["printer.list.empty"]).waitFor();
    const form = page.getByTestId("printer-bind");
    // empty fields: translated messages, nothing sent
    await form.getByRole("button", { name: t["printer.bind.submit"] }).click();
    await form.getByText(t["printer.bind.serialRequired"]).waitFor();
    await form.getByText(t["printer.bind.codeRequired"]).waitFor();
    await form.getByLabel(t["printer.bind.serial"]).fill(sn);
    await form.getByLabel(t["printer.bind.code"]).fill("WRONG-CODE");
    await form.getByRole("button", { name: t["printer.bind.submit"] }).click();
    await page.getByText(t["server.error.deviceCode"]).first().waitFor();
    await form.getByLabel(t["printer.bind.code"]).fill(code.toLowerCase());
    await form.getByLabel(t["printer.bind.name"]).fill("Packing bench");
    await form.getByRole("button", { name: t["printer.bind.submit"] }).click();
    const card = page.getByTestId("printer-device");
    await card.getByRole("heading", { name: "Packing bench" }).waitFor();
    expect(await card.getAttribute("data-sn")).toBe(sn);
    await expect
      .poll(() => card.getByTestId("printer-status").textContent())
      .toBe(t["printer.status.online"]);
    await cloud.online;
    await screenshot(page, "my-printer-bound");
  }, 90_000);

  it("prints 3 records × 2 copies from the editor to the bound device", async () => {
    const { page } = rig;
    await page.bringToFront();
    const dialog = await openPrintDialog(page);
    await chooseRecords(page, { 1: 2, 2: 2, 3: 2 });
    await page.getByTestId("print-cloud-tab").click();
    const select = page.getByTestId("print-printer");
    await expect.poll(() => select.locator("option").allTextContents()).toEqual(["Packing bench"]);
    const job = rig.printers.get("Shelf")?.nextJob();
    // the toast may come and go before the device has printed: watch for it from the start
    const sent = page.getByText(t["tip.tip91"]).first().waitFor({ timeout: 60_000 });
    await dialog.getByRole("button", { name: t["print.dialog.confirm"] }).click();
    const tspl = decodeTspl(await (job as Promise<Buffer>));
    // 6 labels of 100 × 80 mm (800 × 640 dots at 203 dpi), in pairs, one pair per record
    expect(tspl.pages.map((p) => [p.width, p.height])).toEqual(Array.from({ length: 6 }, () => [800, 640]));
    const faces = tspl.pages.map((p) => Buffer.from(p.dots).toString("base64"));
    expect([faces[1], faces[3], faces[5]]).toEqual([faces[0], faces[2], faces[4]]);
    expect(new Set([faces[0], faces[2], faces[4]]).size).toBe(3);
    for (const p of tspl.pages) expect(inkBox(p)).not.toBeNull();
    await sent;
    await dialog.waitFor({ state: "detached" });
  }, 120_000);

  it("lists the job as printed, renames and unbinds the device", async () => {
    const page = devicesPage;
    await page.bringToFront();
    await page.reload();
    const card = page.getByTestId("printer-device");
    await card.getByRole("heading", { name: "Packing bench" }).waitFor();
    await card
      .getByRole("button", { name: t["printer.device.jobsOf"].replace("{{name}}", "Packing bench") })
      .click();
    await card.getByText(t["printer.job.done"]).waitFor();
    await card.getByText(t["printer.job.labels"].replace("{{n}}", "6")).waitFor();

    await card
      .getByRole("button", { name: t["printer.device.renameOf"].replace("{{name}}", "Packing bench") })
      .click();
    const input = card.getByRole("textbox", {
      name: t["printer.device.renameOf"].replace("{{name}}", "Packing bench"),
    });
    await input.fill("Back office");
    await input.press("Enter");
    await card.getByRole("heading", { name: "Back office" }).waitFor();

    await card
      .getByRole("button", { name: t["printer.device.unbindOf"].replace("{{name}}", "Back office") })
      .click();
    await card.getByText(t["printer.device.unbindConfirm"].replace("{{name}}", "Back office")).waitFor();
    await card.getByRole("button", { name: t["printer.device.unbind"], exact: true }).click();
    await page.getByText(t["printer.list.empty"]).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t["printer.list.title"]);
    // the assistant notices and registers again, showing a new code
    await expect
      .poll(() => lines.filter((l) => l.includes("verification code")).length, { timeout: 30_000 })
      .toBe(2);
  }, 90_000);
});
