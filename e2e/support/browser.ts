// Chromium for the e2e specs: Debian's /usr/bin/chromium driven by playwright-core (no download).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { recordMachineVisits } from "./machineCoverage";
import { timed } from "./timing";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SCREEN_DIR = ".tmp/screens";

// The editor's first-use guide and the home tour cover the screen; specs skip them (stored
// firstEdit = 'false'; every user's homeTour:<userid> reads 'false' until set) unless they ask for a
// first-use context (newContext(browser, locale, { firstUse: true })).
const SKIP_GUIDE = `try {
  if (localStorage.getItem("firstEdit") === null) localStorage.setItem("firstEdit", "false");
  const get = Storage.prototype.getItem;
  Storage.prototype.getItem = function (key) {
    const v = get.call(this, key);
    return v === null && String(key).startsWith("homeTour:") ? "false" : v;
  };
} catch {}`;
const plainNewContext = new WeakMap<Browser, Browser["newContext"]>();

/** `args`: extra Chromium switches (e.g. a fake camera fed from a file). */
export async function launchBrowser(args: readonly string[] = []): Promise<Browser> {
  const browser = await timed("chromium: launch", () =>
    chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", ...args],
    }),
  );
  const close = browser.close.bind(browser);
  browser.close = (options) => timed("chromium: close", () => close(options));
  // every context (also browser.newPage's own) starts with the guide already seen; each one reports
  // its machines' visits when the run records machine coverage
  const create = browser.newContext.bind(browser);
  const plain: Browser["newContext"] = async (options) => {
    const context = await create(options);
    await recordMachineVisits(context);
    return context;
  };
  plainNewContext.set(browser, plain);
  browser.newContext = async (options) => {
    const context = await plain(options);
    await context.addInitScript(SKIP_GUIDE);
    return context;
  };
  return browser;
}

/** A fresh context (own cookies and storage) with a fixed browser language and viewport. */
export function newContext(
  browser: Browser,
  locale = "en-US",
  opts: { readonly firstUse?: boolean } = {},
): Promise<BrowserContext> {
  const make = (opts.firstUse && plainNewContext.get(browser)) || browser.newContext.bind(browser);
  return make({ locale, viewport: { width: 1280, height: 800 } });
}

/** Saves a full-page screenshot to .tmp/screens/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREEN_DIR, { recursive: true });
  const path = join(SCREEN_DIR, `${name.replace(/[^\w.-]+/g, "_")}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
