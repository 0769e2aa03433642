// The usual start of an editor spec: a fresh browser context, a newly registered (signed-in) user and
// the editor open on /editLabel, its canvas fitted to the label.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { DOUBLE_CLICK_GUARD_MS } from "../../src/model/constants";
import { appUrl, newUser, registerUser, type TestUser } from "./app";
import { newContext } from "./browser";
import { timed } from "./timing";

/** Waits until the editor shows its canvas, fitted to the label. */
export async function waitForEditor(page: Page): Promise<void> {
  await page.getByTestId("canvas").waitFor();
  // the initial fit has run once the world group has a non-identity transform
  await page.waitForFunction(() => {
    const g = document.querySelector('[data-testid="world"]');
    return !!g && !/translate\(0 0\) scale\(3\.78\)/.test(g.getAttribute("transform") ?? "");
  });
}

export async function gotoEditor(page: Page, baseUrl: string, query = "?labelStatus=add"): Promise<void> {
  await page.goto(appUrl(baseUrl, `/editLabel${query}`));
  await waitForEditor(page);
}

/** Registers a fresh user (the /editLabel guard needs a login) and opens the editor in `page`. */
export async function openEditor(
  page: Page,
  baseUrl: string,
  query = "?labelStatus=add",
  user: TestUser = newUser(),
): Promise<void> {
  await timed("register and open the editor", async () => {
    await registerUser(page, baseUrl, user, `/editLabel${query}`);
    await waitForEditor(page);
  });
}

export interface SignedInEditorOptions {
  /** the browser's language (default en-US) */
  readonly locale?: string;
  /** the /editLabel query (default a new label) */
  readonly query?: string;
  readonly user?: TestUser;
  /** a first-use context: the editing guide and the home tour show */
  readonly firstUse?: boolean;
  /** runs on the context before its page opens (init scripts, permissions) */
  readonly prepare?: (context: BrowserContext) => Promise<unknown>;
}

/** A new context and page with a newly registered user in the editor. */
export async function openSignedInEditor(
  browser: Browser,
  baseUrl: string,
  opts: SignedInEditorOptions = {},
): Promise<{ context: BrowserContext; page: Page; user: TestUser }> {
  const context = await newContext(browser, opts.locale, { firstUse: opts.firstUse });
  await opts.prepare?.(context);
  const page = await context.newPage();
  const user = opts.user ?? newUser();
  await openEditor(page, baseUrl, opts.query, user);
  return { context, page, user };
}

const lastAdd = new WeakMap<Page, number>();
const ELEMENTS = ".ink-label g[data-id]:not([data-id$='_mirror'])";

/**
 * Adds one element by double-clicking its palette entry (placed at the canvas centre). The palette
 * lets one add through per guard window (spec §2), so this first waits, on the page's clock, until
 * the window since this helper's last add has passed; then one double-click adds exactly one
 * element, however long a loaded machine takes to draw it. (Retrying on a short timeout instead
 * could add twice when the first add was merely slow.)
 */
export async function addFromPalette(page: Page, kind: string): Promise<void> {
  const before = await page.locator(ELEMENTS).count();
  await page.waitForFunction(
    ([last, ms]) => Date.now() - last > ms,
    [lastAdd.get(page) ?? 0, DOUBLE_CLICK_GUARD_MS],
  );
  await page.getByTestId(`palette-${kind}`).dblclick({ timeout: 30_000 });
  await page.waitForFunction(
    ([sel, want]) => document.querySelectorAll(sel as string).length === want,
    [ELEMENTS, before + 1] as const,
    { timeout: 60_000 },
  );
  lastAdd.set(page, await page.evaluate(() => Date.now()));
}
