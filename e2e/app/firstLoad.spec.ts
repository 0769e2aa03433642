// First load (issue 41): what a fresh browser fetches before the page can be used. The sign-in page
// stays within its 200 KB (compressed, headers included) and a new, empty label fetches no font at
// all (the default family is a 10 MB CJK face; it loads only once some text needs it) and stays
// within the editor's 700 KB. Figures with CPU throttling: bench/app/firstLoad.bench.ts.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUrl, launchBrowser, newContext, type RunningApp, registerUser, startApp } from "../support";

const SIGN_IN_BUDGET = 200 * 1024;
const EDITOR_BUDGET = 700 * 1024;

let app: RunningApp;
let browser: Browser;
let session: Awaited<ReturnType<BrowserContext["storageState"]>>;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const setup = await newContext(browser);
  await registerUser(await setup.newPage(), app.baseUrl);
  session = await setup.storageState();
  await setup.close();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Every response of the page with the bytes the network carried for it (no cache). */
async function recording(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const urls = new Map<string, string>();
  const done: { url: string; bytes: number }[] = [];
  cdp.on("Network.requestWillBeSent", (e) => urls.set(e.requestId, e.request.url));
  cdp.on("Network.loadingFinished", (e) =>
    done.push({ url: urls.get(e.requestId) ?? "", bytes: e.encodedDataLength }),
  );
  return {
    requested: () => [...urls.values()],
    bytes: () => done.reduce((n, r) => n + r.bytes, 0),
    list: () => done.map((r) => `${Math.round(r.bytes / 1024)} KB ${r.url}`).join("\n"),
  };
}

describe("first load", () => {
  it("the sign-in page transfers at most 200 KB until its form shows", async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const net = await recording(page);
    await page.goto(appUrl(app.baseUrl, "/login"), { waitUntil: "commit" });
    await page.locator("form input").first().waitFor({ timeout: 60_000 });
    const bytes = net.bytes();
    await ctx.close();
    expect(bytes, net.list()).toBeLessThanOrEqual(SIGN_IN_BUDGET);
  }, 120_000);

  it("a new label shows within 700 KB and fetches no font while it has no text", async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState: session });
    await ctx.addInitScript(() => localStorage.setItem("firstEdit", "false"));
    const page = await ctx.newPage();
    const net = await recording(page);
    await page.goto(appUrl(app.baseUrl, "/editLabel?labelStatus=add"), { waitUntil: "commit" });
    await page.locator(".ink-label-paper").first().waitFor({ timeout: 60_000 });
    const bytes = net.bytes();
    // and once everything the open editor asks for has arrived, still no font file was asked for
    await page.waitForLoadState("networkidle", { timeout: 60_000 });
    const fonts = net.requested().filter((u) => new URL(u).pathname.includes("/fonts/"));
    await ctx.close();
    expect(fonts).toEqual([]);
    expect(bytes, net.list()).toBeLessThanOrEqual(EDITOR_BUDGET);
  }, 120_000);
});
