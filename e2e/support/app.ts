// Page helpers shared by the e2e specs: unique accounts, registration, login, outbox codes.
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";

export interface TestUser {
  account: string;
  password: string;
  nickname: string;
}

export function newUser(over: Partial<TestUser> = {}): TestUser {
  const id = randomBytes(4).toString("hex");
  return {
    account: `user-${id}@example.com`,
    password: `pw-${id}-secret`,
    nickname: `Tester ${id}`,
    ...over,
  };
}

/** The app's URL for a route, e.g. appUrl(base, "/login"). */
export function appUrl(baseUrl: string, route = "/"): string {
  return `${baseUrl}/label${route}`;
}

/** The page's path and query, e.g. "/label/helpDetail?id=printing". */
export function pagePath(page: Page): string {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
}

/** Waits until the page's path (after /label) is `route`, query ignored. */
export async function waitForRoute(page: Page, route: string): Promise<void> {
  await page.waitForURL((u) => u.pathname === `/label${route}`);
}

/**
 * Fills the register form and submits; resolves once the home page shows, or the page `landing`
 * (e.g. "/editLabel?labelStatus=add"): the register page's redirect query takes the new user there
 * without loading the app a second time (docs/testing.md, "The suite's time").
 */
export async function registerUser(
  page: Page,
  baseUrl: string,
  user: TestUser = newUser(),
  landing?: string,
): Promise<TestUser> {
  const onRegister = new URL(page.url()).pathname.endsWith("/register");
  if (!onRegister)
    await page.goto(
      appUrl(baseUrl, landing ? `/register?redirect=${encodeURIComponent(landing)}` : "/register"),
    );
  const form = page.locator("form");
  await form.locator('input[name="account"]').fill(user.account);
  await form.locator('input[name="password"]').fill(user.password);
  await form.locator('input[name="password2"]').fill(user.password);
  await form.locator('input[name="nickname"]').fill(user.nickname);
  await form.locator('select[name="industry"]').selectOption("retail");
  await form.locator('input[name="agree"]').check();
  await form.locator('button[type="submit"]').click();
  if (landing && !onRegister) await waitForRoute(page, landing.split("?")[0]);
  else {
    await waitForRoute(page, "/index");
    if (landing) await page.goto(appUrl(baseUrl, landing));
  }
  return user;
}

/** Fills the login form and submits (the caller waits for where it should land). */
export async function fillLogin(page: Page, user: Pick<TestUser, "account" | "password">): Promise<void> {
  const form = page.locator("form");
  await form.locator('input[name="account"]').fill(user.account);
  await form.locator('input[name="password"]').fill(user.password);
  await form.locator('button[type="submit"]').click();
}

/** The newest verification code the default (outbox) sender wrote for an account. */
export function outboxCode(dataDir: string, account: string): string | null {
  const dir = join(dataDir, "outbox");
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".json") && f.includes(account))
    .sort();
  const last = files.at(-1);
  if (!last) return null;
  const m = /\b(\d{6})\b/.exec(JSON.parse(readFileSync(join(dir, last), "utf8")).text ?? "");
  return m ? m[1] : null;
}

/** Polls a condition (no fixed sleeps): resolves with the first truthy value. */
export async function until<T>(fn: () => T | null | undefined | false, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until the document title is `title` (it is set in an effect right after the route renders). */
export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((t) => document.title === t, title);
}

/**
 * A fresh browser context with a newly registered, signed-in user on the home page: the usual start
 * of a spec that tests something behind the login (editor, cloud pages).
 */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  locale = "en-US",
): Promise<{ context: BrowserContext; page: Page; user: TestUser }> {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const user = await registerUser(page, baseUrl);
  // Let the home page's own listing call finish before the spec moves on.
  await page.locator(".label-grid, .empty-state").first().waitFor();
  return { context, page, user };
}

/** Waits until a toast containing `text` is shown. */
export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (want) => [...document.querySelectorAll(".toast-text")].some((n) => n.textContent?.includes(want)),
    text,
  );
}

/** Waits until the texts of the elements with `data-testid` = `testId` are exactly `want`, in order. */
export async function waitForTexts(page: Page, testId: string, want: readonly string[]): Promise<void> {
  await page.waitForFunction(
    ([id, w]) =>
      JSON.stringify([...document.querySelectorAll(`[data-testid="${id}"]`)].map((n) => n.textContent)) ===
      JSON.stringify(w),
    [testId, want] as const,
  );
}

/** The guide's highlight (`guide-spot`: editing guide, home tour) surrounds the element `testId`. */
export async function expectSpotAround(p: Page, testId: string): Promise<void> {
  const target = await p.getByTestId(testId).boundingBox();
  const spot = await p.getByTestId("guide-spot").boundingBox();
  if (!target || !spot) throw new Error(`no box for ${testId} or the spot`);
  const around =
    spot.x <= target.x &&
    spot.y <= target.y &&
    spot.x + spot.width >= target.x + target.width &&
    spot.y + spot.height >= target.y + target.height;
  if (!around)
    throw new Error(`the spot ${JSON.stringify(spot)} does not surround ${testId} ${JSON.stringify(target)}`);
}

/**
 * Chooses the entry `name` of the home shell's user menu (opened from the avatar): one of the
 * personal pages, or sign out.
 */
/** Follows a main navigation entry, in the row or, when the row has no room for it, in More/Menu. */
export async function chooseFromMainNav(page: Page, name: string): Promise<void> {
  const nav = page.getByTestId("main-nav");
  await nav.waitFor();
  const inRow = nav.getByRole("link", { name, exact: true });
  if (await inRow.count()) return inRow.click();
  await page.getByTestId("main-nav-menu").click();
  await page.getByTestId("main-nav-menu-pop").getByRole("menuitem", { name, exact: true }).click();
}

export async function chooseFromUserMenu(page: Page, name: string): Promise<void> {
  await page.getByTestId("user-menu").click();
  await page.getByTestId("user-menu-pop").getByRole("menuitem", { name, exact: true }).click();
}

/** Waits until the sharing page's template picker holds a template: it shows "no templates" until
 * the folder's list arrives, and Create then only warns. */
/** The share form's template picker holds a template (it exists and its list has loaded). */
export const sharePickerReady = (page: Page) =>
  page.waitForFunction(
    () => (document.querySelector<HTMLSelectElement>('[data-testid="share-template"]')?.value ?? "") !== "",
  );
