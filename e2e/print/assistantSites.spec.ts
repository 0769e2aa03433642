// The My printer page lists the sites the print assistant trusts, each with Remove (issue 33
// follow-up): another site goes at once; removing this app's own site asks first, unpairs it, and the
// page then offers the pairing form. The assistant's settings file keeps the change.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/assistant/config";
import { type RunningAssistant, startAssistant } from "../../src/assistant/server";
import { appUrl, launchBrowser, openSignedInEditor, type RunningApp, screenshot, startApp } from "../support";
import { t } from "./helpers";

const SHOP = "https://shop.example";
const dir = mkdtempSync(join(tmpdir(), "inkless-sites-e2e-"));
const file = join(dir, "assistant.json");
const origins = () => JSON.parse(readFileSync(file, "utf8")).origins;
let app: RunningApp;
let browser: Browser;
let assistant: RunningAssistant;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const here = new URL(app.baseUrl).origin;
  writeFileSync(file, JSON.stringify({ cups: false, origins: [here, SHOP] }));
  assistant = await startAssistant(
    { ...loadConfig({ INKLESS_ASSISTANT_CONFIG: file }), port: 0 },
    { settingsFile: file, listCups: async () => [] },
  );
}, 120_000);

afterAll(async () => {
  await assistant?.close();
  await browser?.close();
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("sites allowed to print, on the My printer page", () => {
  it("lists them; Remove forgets another site at once, and this app's own after a confirmation", async () => {
    const here = new URL(app.baseUrl).origin;
    const { page } = await openSignedInEditor(browser, app.baseUrl);
    await page.evaluate(
      (url) => localStorage.setItem("inkless.assistantUrl", url),
      `ws://127.0.0.1:${assistant.port}`,
    );
    await page.goto(appUrl(app.baseUrl, "/myPrinter"));
    const sites = page.getByTestId("assistant-sites");
    await sites.getByTestId("assistant-site").nth(1).waitFor();
    expect(await sites.getByTestId("assistant-site").locator("strong").allTextContents()).toEqual([
      here,
      SHOP,
    ]);
    await screenshot(page, "assistant-sites");

    let asked = "";
    page.on("dialog", (d) => {
      asked = d.message();
      void d.accept();
    });
    await sites
      .getByRole("button", { name: t["printer.sites.removeName"].replace("{{site}}", SHOP) })
      .click();
    await sites.getByTestId("assistant-site").filter({ hasText: SHOP }).waitFor({ state: "detached" });
    expect(asked).toBe("");
    expect(origins()).toEqual([here]);

    await sites
      .getByRole("button", { name: t["printer.sites.removeName"].replace("{{site}}", here) })
      .click();
    await page.getByTestId("assistant-pair").waitFor();
    expect(asked).toBe(t["printer.sites.removeSelfConfirm"].replace("{{site}}", here));
    expect(origins()).toEqual([]);
    await page.context().close();
  }, 120_000);
});
