// Cloud printing from the editor: the Cloud tab lists the account's devices (none online → the
// "no online cloud printing device" note), then a print assistant connects as a device, and Confirm
// sends the page as a 203 dpi image through the server to the assistant and the fake TSPL printer.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { type CloudClient, startCloudClient } from "../../src/assistant/cloud";
import { decodeTspl, inkBox } from "../../tests/print/support/decodeJob";
import { type FakePrinter, startFakePrinter } from "../../tests/print/support/fakePrinter";
import { addAt, openEditor } from "../editor/helpers";
import { launchBrowser, newContext, type RunningApp, startApp } from "../support";

const t = en as Record<string, string>;
let app: RunningApp;
let browser: Browser;
let page: Page;
let printer: FakePrinter;
let cloud: CloudClient | null = null;

beforeAll(async () => {
  printer = await startFakePrinter();
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  page = await (await newContext(browser)).newPage();
  await openEditor(page, app.baseUrl);
  await addAt(page, "Rectangle", 0.5, 0.5);
}, 120_000);

afterAll(async () => {
  await cloud?.close();
  await browser?.close();
  await app?.stop();
  await printer?.close();
});

describe("cloud printing from the editor", () => {
  it("shows no device until the assistant is online, then prints through it", async () => {
    // the page's session binds a device (as a user would on the device page)
    const dev = await page.evaluate(async () => {
      const r = await fetch("/interface/api/device/bind", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Shelf cloud" }),
      });
      return (await r.json()).data as { sn: string; key: string };
    });
    await page.getByTestId("print-open").click();
    const dialog = page.getByTestId("print-dialog");
    await dialog.waitFor();
    await page.getByTestId("print-cloud-tab").click();
    await dialog.getByText(t["print.cloud.none"]).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    cloud = startCloudClient(
      { server: app.baseUrl.replace(/\/label\/?$/, ""), sn: dev.sn, key: dev.key, printer: "Shelf" },
      [{ name: "Shelf", host: "127.0.0.1", port: printer.port, language: "TSPL", dpi: 203 }],
      { wait: 5000 },
    );
    await cloud.online;

    await page.getByTestId("print-open").click();
    await dialog.waitFor();
    await page.getByTestId("print-cloud-tab").click();
    const select = page.getByTestId("print-printer");
    await expect.poll(() => select.locator("option").allTextContents()).toEqual(["Shelf cloud"]);
    await page.getByTestId("print-copies").fill("2");
    const job = printer.nextJob();
    await dialog.getByRole("button", { name: t["print.dialog.confirm"] }).click();
    const tspl = decodeTspl(await job);
    // one page, repeated per copy; the default label is 100 × 80 mm → 800 × 640 dots at 203 dpi
    expect(tspl.pages).toHaveLength(2);
    for (const p of tspl.pages) {
      expect([p.width, p.height]).toEqual([800, 640]);
      expect(inkBox(p)).not.toBeNull();
    }
    await page.getByText(t["tip.tip91"]).first().waitFor();
    await dialog.waitFor({ state: "detached" });
    // the print is recorded in the history (call 24)
    const history = () =>
      page.evaluate(async () => {
        const r = await fetch("/interface/api/tem.app_public/getPrintHistory", { method: "POST" });
        return ((await r.json()).data as { copies: number }[]).map((h) => h.copies);
      });
    await expect.poll(history).toEqual([2]);
  }, 120_000);
});
