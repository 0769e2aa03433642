// A cloud device's printer settings and live state as its owner sees them: the print assistant,
// bound as a cloud device, reports its fake TSPL printer's state; the My printer page shows it and
// keeps the owner's darkness, which the next job carries to the printer (TSPL DENSITY). When the
// printer runs out of paper the page says so, the print dialog shows it beside the device, and the
// job is refused with the reason; nothing reaches the printer.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CloudClient, startCloudClient } from "../../src/assistant/cloud";
import { setupCloud } from "../../src/assistant/cloudSetup";
import { addAt } from "../editor/helpers";
import { appUrl, screenshot } from "../support";
import { openPrintDialog, type PrintRig, startPrintRig, t } from "./helpers";

let rig: PrintRig;
let cloud: CloudClient | null = null;
let devicesPage: Page;
const dir = mkdtempSync(join(tmpdir(), "inkless-cloud-status-e2e-"));
const lines: string[] = [];
const NAME = "Dock printer";
const named = (key: string, name = NAME) => t[key].replace("{{name}}", name);

/** The device's card once the page, refreshed by its button, shows `want` as its printer state. */
async function cardState(page: Page, want: string): Promise<Locator> {
  const card = page.getByTestId("printer-device");
  await expect
    .poll(
      async () => {
        await page
          .getByRole("region", { name: t["printer.list.title"] })
          .getByRole("button", { name: t["printer.list.refresh"] })
          .click();
        return (
          (await card
            .getByTestId("print-printer-state")
            .textContent()
            .catch(() => null)) ?? ""
        );
      },
      { timeout: 30_000 },
    )
    .toBe(want);
  return card;
}

beforeAll(async () => {
  rig = await startPrintRig({ printers: { Dock: "TSPL" }, assistant: false });
  await addAt(rig.page, "Text", 0.5, 0.5);
  await rig.page.keyboard.press("Escape");
}, 120_000);

afterAll(async () => {
  await cloud?.close();
  await rig?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a cloud device's printer settings and state", () => {
  it("the bound device shows its printer's state; the owner saves its darkness", async () => {
    devicesPage = await rig.page.context().newPage();
    const page = devicesPage;
    const file = join(dir, "assistant.json");
    writeFileSync(file, JSON.stringify({ cloud: { server: rig.app.baseUrl, printer: "Dock", name: NAME } }));
    const setup = await setupCloud({ INKLESS_ASSISTANT_CONFIG: file }, (l) => lines.push(l));
    if (!setup) throw new Error("cloud settings not read");
    const shown = /serial (\S+) and verification code (\S+)/.exec(lines.join("\n"));
    if (!shown) throw new Error(`no bind hint in ${lines.join("\n")}`);
    const [, sn, code] = shown;
    cloud = startCloudClient(
      setup.settings,
      [
        {
          name: "Dock",
          host: "127.0.0.1",
          port: rig.printers.get("Dock")?.port ?? 0,
          language: "TSPL",
          dpi: 203,
        },
      ],
      // a short wait and status interval only make the test quicker; nothing is timed
      { wait: 3000, statusEvery: 300, log: (l) => lines.push(l), reregister: setup.reregister },
    );
    await page.goto(appUrl(rig.app.baseUrl, "/myPrinter"));
    const form = page.getByTestId("printer-bind");
    await form.getByLabel(t["printer.bind.serial"]).fill(sn);
    await form.getByLabel(t["printer.bind.code"]).fill(code);
    await form.getByLabel(t["printer.bind.name"]).fill(NAME);
    await form.getByRole("button", { name: t["printer.bind.submit"] }).click();
    await cloud.online;

    const card = await cardState(page, `${t["print.status.label"]} ${t["print.status.ready"]}`);
    await card.getByRole("button", { name: named("printer.device.settingsOf") }).click();
    const settings = card.getByRole("form", { name: named("printer.device.settingsOf") });
    await settings.getByText(t["printer.settings.title"]).click();
    // the device said its printer speaks TSPL: darkness 0–15
    await settings
      .getByLabel(t["printer.settings.darkness"].replace("{{min}}", "0").replace("{{max}}", "15"))
      .selectOption("9");
    await settings.getByRole("button", { name: t["app.common.save"] }).click();
    await page.getByText(named("printer.device.settingsSaved")).waitFor();
    await screenshot(page, "cloud-device-settings");
  }, 120_000);

  it("the next job carries the saved darkness to the printer", async () => {
    const { page } = rig;
    await page.bringToFront();
    const dialog = await openPrintDialog(page);
    await page.getByTestId("print-cloud-tab").click();
    await expect
      .poll(() => page.getByTestId("print-printer").locator("option").allTextContents())
      .toEqual([NAME]);
    await dialog.getByTestId("print-printer-state").getByText(t["print.status.ready"]).waitFor();
    const job = rig.printers.get("Dock")?.nextJob() as Promise<Buffer>;
    await dialog.getByRole("button", { name: t["print.dialog.confirm"] }).click();
    const header = (await job).toString("latin1");
    expect(header).toMatch(/\r\nDENSITY 9\r\n/);
    await dialog.waitFor({ state: "detached" });
  }, 120_000);

  it("paper out: the page and the dialog say so and the job is refused with the reason", async () => {
    const printer = rig.printers.get("Dock");
    if (!printer) throw new Error("no printer");
    printer.state.paperOut = true;
    const cannot = `${t["print.status.label"]} ${t["print.status.problem"]}: ${t["print.problem.paperOut"]}`;
    await devicesPage.bringToFront();
    const card = await cardState(devicesPage, cannot);
    expect(await card.getByTestId("print-printer-state").getAttribute("data-state")).toBe("problem");
    await screenshot(devicesPage, "cloud-device-paper-out");

    const { page } = rig;
    await page.bringToFront();
    const dialog = await openPrintDialog(page);
    await page.getByTestId("print-cloud-tab").click();
    await dialog.getByTestId("print-printer-state").getByText(t["print.problem.paperOut"]).waitFor();
    let printed = false;
    void printer.nextJob().then(() => {
      printed = true;
    });
    await dialog.getByRole("button", { name: t["print.dialog.confirm"] }).click();
    const reason = t["print.status.refused"]
      .replace("{{printer}}", NAME)
      .replace("{{reason}}", t["print.problem.paperOut"]);
    await page.getByText(reason).first().waitFor();
    expect(printed).toBe(false);
  }, 120_000);
});
