// Chromium for the e2e specs: Debian's /usr/bin/chromium driven by playwright-core (no download).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SCREEN_DIR = ".tmp/screens";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
}

/** A fresh context (own cookies and storage) with a fixed browser language and viewport. */
export function newContext(browser: Browser, locale = "en-US"): Promise<BrowserContext> {
  return browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
}

/** Saves a full-page screenshot to .tmp/screens/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREEN_DIR, { recursive: true });
  const path = join(SCREEN_DIR, `${name.replace(/[^\w.-]+/g, "_")}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
