// The route guard of spec §2 in the real app: redirect query, logged-in on login, unknown paths,
// /home, page titles and the share query in session storage.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import {
  appUrl,
  chooseFromUserMenu,
  fillLogin,
  launchBrowser,
  newContext,
  pagePath,
  type RunningApp,
  registerUser,
  screenshot,
  startApp,
  type TestUser,
  waitForRoute,
  waitForTitle,
} from "../support";

let app: RunningApp;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
let user: TestUser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  // Register once in a throwaway context; the specs below start logged out.
  const setup = await newContext(browser);
  user = await registerUser(await setup.newPage(), app.baseUrl);
  await setup.close();
  ctx = await newContext(browser);
  // Content-Security-Policy violations of every page (issue 14 item 12: the app runs under its CSP)
  await ctx.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.cspViolations.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  page = await ctx.newPage();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe("logged out", () => {
  it("sends a protected route to login with the full intended path, and back after login", async () => {
    await page.goto(appUrl(app.baseUrl, "/user?tab=profile"));
    await waitForRoute(page, "/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/user?tab=profile");
    await fillLogin(page, user);
    await waitForRoute(page, "/user");
    expect(pagePath(page)).toBe("/label/user?tab=profile");
    await page.getByTestId("user-account").waitFor();
  });

  it("keeps the redirect through the register link", async () => {
    const fresh = await newContext(browser);
    const p = await fresh.newPage();
    await p.goto(appUrl(app.baseUrl, "/editLabel?labelStatus=add"));
    await p.waitForURL((u) => u.pathname === "/label/login");
    await p.getByRole("link", { name: en["app.login.toRegister"] }).click();
    await p.waitForURL((u) => u.pathname === "/label/register");
    expect(new URL(p.url()).searchParams.get("redirect")).toBe("/editLabel?labelStatus=add");
    await fresh.close();
  });

  it("treats /home as unguarded but sends it on to /index, which is guarded", async () => {
    const fresh = await newContext(browser);
    const p = await fresh.newPage();
    await p.goto(appUrl(app.baseUrl, "/home"));
    await p.waitForURL((u) => u.pathname === "/label/login");
    expect(new URL(p.url()).searchParams.get("redirect")).toBe("/index");
    await fresh.close();
  });

  it("sends unknown paths (and spec routes not built yet) to 404, whose button goes to login", async () => {
    const fresh = await newContext(browser);
    const p = await fresh.newPage();
    for (const route of ["/printRecord", "/no/such/page"]) {
      await p.goto(appUrl(app.baseUrl, route));
      // a protected page goes to login first when logged out; an unknown path to 404 (every spec route is built now).
      if (route === "/printRecord") {
        await p.waitForURL((u) => u.pathname === "/label/login");
        continue;
      }
      await p.waitForURL((u) => u.pathname === "/label/404");
      await p.getByRole("heading", { name: en["app.notFound.title"] }).waitFor();
    }
    await waitForTitle(p, `${en["app.route.notFound"]} · Inkless`);
    await screenshot(p, "guard-404");
    await p.getByRole("button", { name: en["app.notFound.back"] }).click();
    await p.waitForURL((u) => u.pathname === "/label/login");
    await fresh.close();
  });

  it("serves deep links from the server (history fallback)", async () => {
    const r = await page.request.get(appUrl(app.baseUrl, "/forgetpwd"));
    expect(r.status()).toBe(200);
    expect(await r.text()).toContain('<div id="root">');
  });
});

describe("logged in", () => {
  beforeAll(async () => {
    // Signed in by the first test already, unless it was filtered out.
    await page.goto(appUrl(app.baseUrl, "/login"));
    await page.locator('main.home, input[name="account"]').first().waitFor();
    if (new URL(page.url()).pathname === "/label/login") {
      await fillLogin(page, user);
      await waitForRoute(page, "/index");
    }
  });

  it("sends login to /index", async () => {
    await page.goto(appUrl(app.baseUrl, "/login"));
    await waitForRoute(page, "/index");
    await waitForTitle(page, `${en["app.route.home"]} · Inkless`);
  });

  it("sends an unknown path to 404, whose button goes home, not to login", async () => {
    await page.goto(appUrl(app.baseUrl, "/no/such/page"));
    await waitForRoute(page, "/404");
    expect(await page.getByRole("button", { name: en["app.notFound.back"] }).count()).toBe(0);
    await screenshot(page, "guard-404-signed-in");
    await page.getByRole("button", { name: en["app.notFound.home"] }).click();
    await waitForRoute(page, "/index");
  });

  it("clears the share query except on the way to industryTemplate or editLabel", async () => {
    await page.goto(appUrl(app.baseUrl, "/index"));
    await waitForRoute(page, "/index");
    // The page clears the query when it mounts; the app's first render waits for its messages.
    await page.locator("main.home").waitFor();
    const set = () => page.evaluate(() => sessionStorage.setItem("shareTempQuery", '{"code":"x"}'));
    const get = () => page.evaluate(() => sessionStorage.getItem("shareTempQuery"));
    await set();
    // New label: in-app navigation to editLabel keeps it.
    await page.getByRole("button", { name: en["app.home.newLabel"] }).click();
    await page.getByTestId("settings-confirm").click(); // the label creation dialog, with its defaults
    await waitForRoute(page, "/editLabel");
    expect(await get()).toBe('{"code":"x"}');
    // Back to the home page clears it.
    await page.goBack();
    await waitForRoute(page, "/index");
    await page.waitForFunction(() => sessionStorage.getItem("shareTempQuery") === null);
  });

  it("opens the editor for a new label with the default attributes", async () => {
    await page.getByRole("button", { name: en["app.home.newLabel"] }).click();
    await page.getByTestId("settings-confirm").click(); // the label creation dialog, with its defaults
    await waitForRoute(page, "/editLabel");
    const q = new URL(page.url()).searchParams;
    expect(q.get("labelStatus")).toBe("add");
    const attrs = JSON.parse(q.get("labelAttr") ?? "{}");
    expect(attrs).toMatchObject({
      name: en["app.home.defaultLabelName"],
      width: 100,
      height: 80,
      columns: 1,
      rows: 1,
    });
    await waitForTitle(page, `${en["app.route.editLabel"]} · Inkless`);
    await page.getByTestId("editor").waitFor();
    await screenshot(page, "guard-editor");
  });

  it("runs under the app's Content-Security-Policy (no inline script, no framing) without a violation", async () => {
    const res = await fetch(appUrl(app.baseUrl, "/editLabel"));
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    // the editor drew its canvas with the default label above, under that policy
    await page.getByTestId("editor").waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
  });

  it("slides left going deeper or sideways, right when the path gets shorter", async () => {
    await page.goto(appUrl(app.baseUrl, "/index"));
    await waitForRoute(page, "/index");
    await chooseFromUserMenu(page, en["app.nav.user"]);
    await waitForRoute(page, "/user");
    await page.locator(".route-view.slide-left").waitFor();
    // An unknown deep path (3 segments) is replaced by /404 (1 segment): slide-right.
    await page.evaluate(() => {
      history.pushState({}, "", "/label/a/b/c");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await waitForRoute(page, "/404");
    await page.locator(".route-view.slide-right").waitFor();
  });

  it("shows an error page with a reload when the editor chunk cannot be loaded", async () => {
    const p = await ctx.newPage();
    // the editor's chunk is its route's (src/app/router/EditorRoute.tsx: the editor with the kinds' UI)
    await p.route(/\/assets\/EditorRoute-[^/]*\.js$/, (r) => r.abort());
    await p.goto(appUrl(app.baseUrl, "/index"));
    await p.getByRole("button", { name: en["app.home.newLabel"] }).click();
    await p.getByTestId("settings-confirm").click();
    await p.getByRole("heading", { name: en["app.error.title"] }).waitFor();
    await p.getByRole("button", { name: en["app.error.reload"] }).waitFor();
    await screenshot(p, "guard-chunk-error");
    await p.close();
  });

  it("on code 301 (session gone on the server) drops the authorisation and reloads into login", async () => {
    const own = await newContext(browser);
    const page = await own.newPage();
    await registerUser(page, app.baseUrl);
    await page.locator(".label-grid, .empty-state").first().waitFor(); // the home page's own call is done
    // The server session disappears (expired, or signed out elsewhere) while userInfo is still stored.
    await own.clearCookies();
    // The toast lives for the 1 s before the reload; record what it says where the reload keeps it.
    await page.evaluate(() => {
      (window as unknown as { e2eBeforeReload: boolean }).e2eBeforeReload = true;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll(".toast-error .toast-text")) {
          sessionStorage.setItem("e2e.toast", el.textContent ?? "");
        }
      }).observe(document.body, { subtree: true, childList: true });
    });
    await chooseFromUserMenu(page, en["app.nav.user"]);
    // After 1 s the page reloads; the guard now sends the visitor to login, back to /user afterwards.
    await page.waitForURL((u) => u.pathname === "/label/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/user");
    expect(await page.evaluate(() => localStorage.getItem("userInfo"))).toBeNull();
    // The page really reloads (the marker set before is gone) and the reason was shown.
    await page.waitForFunction(() => !(window as unknown as { e2eBeforeReload?: boolean }).e2eBeforeReload);
    await waitForRoute(page, "/login");
    expect(await page.evaluate(() => sessionStorage.getItem("e2e.toast"))).toBe(
      "Your session has expired, please log in again",
    );
    await own.close();
  });
});
