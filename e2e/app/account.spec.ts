// A new user opens /label/, is sent to login, registers, signs out, logs in again; change password
// with a verification code from the outbox; signs in with another account (a real OpenID Connect
// provider on loopback): first-time binding, straight through the next time, tampering refused.
import { encode } from "fast-png";
import type { Browser, BrowserContext, Frame, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import {
  appUrl,
  chooseFromUserMenu,
  fillLogin,
  freePort,
  launchBrowser,
  newContext,
  newUser,
  OIDC_ACCOUNT,
  OIDC_CONTINUE,
  oidcEnv,
  outboxCode,
  type RunningApp,
  type RunningOidcProvider,
  registerUser,
  screenshot,
  startApp,
  startOidcProvider,
  until,
  waitForRoute,
  waitForTitle,
} from "../support";

let app: RunningApp;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
let op: RunningOidcProvider;
const user = newUser();

beforeAll(async () => {
  // the provider's port is known before the app starts (the app reads its issuer at start)
  const opPort = await freePort();
  // the user is a member through the operator's list (INKLESS_MEMBERS): renaming is a member feature
  // (a free user's refusal is tested in e2e/app/membership.spec.ts)
  [app, browser] = await Promise.all([
    startApp({ ...oidcEnv(opPort), INKLESS_MEMBERS: user.account }),
    launchBrowser(),
  ]);
  op = await startOidcProvider({ port: opPort, redirectUri: appUrl(app.baseUrl, "/thirdLogin") });
  ctx = await newContext(browser);
  page = await ctx.newPage();
});
afterAll(async () => {
  await browser?.close();
  await op?.stop();
  await app?.stop();
});

const stored = (key: string) => page.evaluate((k) => localStorage.getItem(k), key);

describe("account journey", () => {
  it("sends a new visitor from /label/ to the login page", async () => {
    await page.goto(appUrl(app.baseUrl, "/"));
    await waitForRoute(page, "/login");
    await waitForTitle(page, `${en["app.route.login"]} · Inkless`);
    await page.getByRole("heading", { name: en["app.login.title"] }).waitFor();
    await screenshot(page, "account-01-login");
  });

  it("shows the validation messages of an empty registration", async () => {
    await page.getByRole("link", { name: en["app.login.toRegister"] }).click();
    await waitForRoute(page, "/register");
    await page.getByRole("button", { name: en["app.register.submit"] }).click();
    for (const key of [
      "app.validate.accountRequired",
      "app.validate.passwordSetConfirm",
      "app.validate.nicknameRequired",
      "app.validate.industryRequired",
      "app.validate.agreeRequired",
    ] as const) {
      await page.getByText(en[key], { exact: true }).first().waitFor();
    }
    // The focus moves to the first invalid field.
    await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "account");
    await page.locator('input[name="account"]').fill("not-an-account");
    await page.locator('input[name="password"]').fill("secret-1");
    await page.locator('input[name="password2"]').fill("secret-2");
    await page.getByRole("button", { name: en["app.register.submit"] }).click();
    await page.getByText(en["app.validate.accountInvalid"]).waitFor();
    await page.getByText(en["app.validate.passwordMismatch"]).waitFor();
    await screenshot(page, "account-02-register-errors");
  });

  it("registers and lands on the home page signed in", async () => {
    await registerUser(page, app.baseUrl, user);
    await page.getByRole("heading", { name: `Welcome, ${user.nickname}` }).waitFor();
    const info = JSON.parse((await stored("userInfo")) ?? "{}");
    expect(info.userid).toBeTruthy();
    expect(info.account).toBe(user.account);
    await page.getByRole("button", { name: en["app.home.newLabel"] }).waitFor();
    // The first start seeds sample labels for a new user; the recent list shows what the server has.
    await page.locator(".label-grid, .empty-state").first().waitFor();
    await screenshot(page, "account-03-home");
  });

  it("opens the New label dialog at once (its code fetched while the home page was idle), with presets and the printer resolution", async () => {
    // the dialog's chunk is asked for before anyone clicks
    await page.waitForFunction(() =>
      performance.getEntriesByType("resource").some((e) => /\/CreateLabelDialog-[^/]*\.js$/.test(e.name)),
    );
    // record whether the loading spinner ever shows: with the chunk here, the dialog comes in the click's frame
    await page.evaluate(() => {
      const w = window as unknown as { spinnerSeen: boolean };
      w.spinnerSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="new-label-loading"]')) w.spinnerSeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole("button", { name: en["app.home.newLabel"] }).click();
    await page.getByTestId("label-settings").waitFor();
    expect(await page.evaluate(() => (window as unknown as { spinnerSeen: boolean }).spinnerSeen)).toBe(
      false,
    );
    const field = (f: string) => page.getByTestId(`settings-${f}`).inputValue();
    const viewBox = () => page.getByTestId("settings-preview").getAttribute("viewBox");
    expect(await field("preset")).toBe("");
    expect(await field("target-dpi")).toBe("203");
    // a roll size: the fields and the preview follow
    await page.getByTestId("settings-preset").selectOption("100x150");
    expect([
      await field("width"),
      await field("height"),
      await field("columns"),
      await field("rows"),
    ]).toEqual(["100", "150", "1", "1"]);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="settings-preview"]')?.getAttribute("viewBox") === "0 0 100 150",
    );
    // an A4 sheet of 3 × 8: rows, columns, gaps and paddings, 24 labels in the preview on a 210 × 297 sheet
    await page.getByTestId("settings-preset").selectOption("a4-3x8-70x37");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="preview-cell"]').length === 24);
    expect(await viewBox()).toBe("0 0 210 297");
    expect([await field("width"), await field("height"), await field("paddingTop")]).toEqual([
      "70",
      "37",
      "0.5",
    ]);
    // a typed size is a custom size again
    await page.getByTestId("settings-width").fill("71");
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="settings-preset"]') as HTMLSelectElement)?.value === "",
    );
    await page.getByTestId("settings-preset").selectOption("4x6in");
    await page.getByTestId("settings-target-dpi").selectOption("300");
    await screenshot(page, "account-03b-new-label-presets");
    await page.getByTestId("settings-confirm").click();
    await waitForRoute(page, "/editLabel");
    const attrs = JSON.parse(new URL(page.url()).searchParams.get("labelAttr") ?? "{}");
    expect([attrs.width, attrs.height, attrs.targetDpi]).toEqual([101.6, 152.4, 300]);
    await page.getByTestId("editor").waitFor();
    await page.goBack();
    await waitForRoute(page, "/index");
  });

  it("the New label dialog by keyboard: the suggested name is selected, typing replaces it, Enter creates", async () => {
    await page.getByRole("button", { name: en["app.home.newLabel"] }).focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("label-settings").waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
      .toBe("settings-name");
    await page.keyboard.type("Shelf strip");
    // unit, preset, printer resolution, the label stock search, then the width
    for (let i = 0; i < 5; i++) await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe(
      "settings-width",
    );
    await page.keyboard.press("Control+a");
    await page.keyboard.type("62");
    await page.keyboard.press("Enter");
    await waitForRoute(page, "/editLabel");
    const attrs = JSON.parse(new URL(page.url()).searchParams.get("labelAttr") ?? "{}");
    expect([attrs.name, attrs.width]).toEqual(["Shelf strip", 62]);
    await page.getByTestId("editor").waitFor();
    await page.goBack();
    await waitForRoute(page, "/index");
  });

  it("refuses a second registration of the same account with the server's message", async () => {
    const other = await ctx.browser()?.newContext();
    const p = await other?.newPage();
    if (!p || !other) throw new Error("no page");
    await p.goto(appUrl(app.baseUrl, "/register"));
    const form = p.locator("form");
    await form.locator('input[name="account"]').fill(user.account);
    await form.locator('input[name="password"]').fill("another-pass");
    await form.locator('input[name="password2"]').fill("another-pass");
    await form.locator('input[name="nickname"]').fill("Someone");
    await form.locator('select[name="industry"]').selectOption("other");
    await form.locator('input[name="agree"]').check();
    await form.locator('button[type="submit"]').click();
    await p.getByRole("alert").getByText("This account is already registered").waitFor();
    expect(new URL(p.url()).pathname).toBe("/label/register");
    await other.close();
  });

  it("opens a recent label in the editor", async () => {
    const card = page.locator(".label-card").first();
    const name = await card.locator(".label-name").textContent();
    await card.click();
    await waitForRoute(page, "/editLabel");
    const q = new URL(page.url()).searchParams;
    expect(q.get("labelStatus")).toBe("edit");
    const attrs = JSON.parse(q.get("labelAttr") ?? "{}");
    expect(attrs.name).toBe(name);
    expect(attrs.id).toBeTruthy();
    expect(attrs.file).toMatch(/^\/files\//);
    await page.getByTestId("editor").waitFor();
    await page.goBack();
    await waitForRoute(page, "/index");
  });

  it("opens the personal centre and renames the user", async () => {
    await chooseFromUserMenu(page, en["app.nav.user"]);
    await waitForRoute(page, "/user");
    await expect(page.getByTestId("user-account").textContent()).resolves.toBe(user.account);
    const nick = page.locator('input[name="nickname"]');
    await nick.fill("Renamed Tester");
    await page.getByRole("button", { name: en["app.common.save"], exact: true }).click();
    await page.getByText(en["app.user.saved"]).waitFor();
    // the user menu shows the new nickname
    await page.getByTestId("user-menu").click();
    await page.getByTestId("user-menu-pop").getByText("Renamed Tester", { exact: true }).waitFor();
    await page.keyboard.press("Escape");
    user.nickname = "Renamed Tester";
    // A picture becomes a small square avatar stored as one of the user's files.
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
    const headerAvatar = page.locator(".shell-user img.avatar");
    await headerAvatar.waitFor();
    expect(await headerAvatar.getAttribute("src")).toMatch(/^\/files\//);
    // the picture is read once it has loaded (attached is not loaded)
    await headerAvatar.evaluate((img: HTMLImageElement) => img.decode());
    expect(await headerAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
    // A wide picture is cropped square, and every avatar is drawn in its circle (issue 34).
    const wide = encode({
      width: 300,
      height: 120,
      data: new Uint8Array(300 * 120 * 3).fill(40),
      channels: 3,
    });
    const before = await headerAvatar.getAttribute("src");
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "wide.png", mimeType: "image/png", buffer: Buffer.from(wide) });
    await page.waitForFunction(
      (old) => document.querySelector(".shell-user img.avatar")?.getAttribute("src") !== old,
      before,
    );
    await headerAvatar.evaluate((img: HTMLImageElement) => img.decode());
    expect(
      await headerAvatar.evaluate((img: HTMLImageElement) => {
        const box = img.getBoundingClientRect();
        const css = getComputedStyle(img);
        return [
          img.naturalWidth,
          img.naturalHeight,
          box.width === box.height,
          css.borderRadius,
          css.objectFit,
        ];
      }),
    ).toEqual([160, 160, true, "50%", "cover"]);
    // A file that is not a picture is refused with a message.
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "x.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await page.getByRole("alert").getByText(en["app.user.avatarType"]).waitFor();
    // Removing it brings back the letter avatar.
    await page.getByRole("button", { name: en["app.user.removeAvatar"] }).click();
    await page.locator(".shell-user .avatar-letter").waitFor();
    await page.getByRole("button", { name: en["app.user.removeAvatar"] }).waitFor({ state: "detached" });
    await screenshot(page, "account-04-user");
  });

  it("signs out: authorisation removed, protected pages go back to login (in other tabs too)", async () => {
    const otherTab = await ctx.newPage();
    await otherTab.goto(appUrl(app.baseUrl, "/index"));
    await otherTab.locator("main.home").waitFor();
    await chooseFromUserMenu(page, en["app.nav.signOut"]);
    await waitForRoute(page, "/login");
    await otherTab.waitForURL((u) => u.pathname === "/label/login");
    await otherTab.close();
    expect(await stored("userInfo")).toBeNull();
    await page.goto(appUrl(app.baseUrl, "/index"));
    await waitForRoute(page, "/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/index");
    // The server session is gone too: the cookie no longer authenticates.
    const r = await page.request.post(`${app.baseUrl}/interface/api/user/getUserInfo`, { data: {} });
    expect((await r.json()).code).toBe(301);
  });

  it("rejects a wrong password with the server's reason, then logs in", async () => {
    await fillLogin(page, { account: user.account, password: "wrong-password" });
    await page.getByRole("alert").getByText("Wrong account or password").waitFor();
    await fillLogin(page, user);
    await waitForRoute(page, "/index");
    await page.getByRole("heading", { name: `Welcome, ${user.nickname}` }).waitFor();
    // the error of the failed attempt does not stay on screen after the login that worked
    expect(await page.getByRole("alert").filter({ hasText: "Wrong account or password" }).count()).toBe(0);
  });

  it("changes the password with a verification code", async () => {
    await chooseFromUserMenu(page, en["app.nav.signOut"]);
    await waitForRoute(page, "/login");
    await page.getByRole("link", { name: en["app.login.forgot"] }).click();
    await waitForRoute(page, "/forgetpwd");
    await page.locator('input[name="account"]').fill(user.account);
    // the toast shows for 3.5 s: its wait starts before the click, so a loaded machine cannot miss it
    const sent = page.getByText(en["app.forget.codeSent"]).waitFor();
    await page.getByRole("button", { name: en["app.forget.sendCode"] }).click();
    await sent;
    // The resend button counts down.
    await page.getByRole("button", { name: /Resend in \d+ s/ }).waitFor();
    await page.getByRole("button", { name: /Resend in 5\d s/ }).waitFor();
    const code = await until(() => outboxCode(app.dataDir, user.account));
    await page.locator('input[name="code"]').fill(code);
    const fresh = "brand-new-pass";
    await page.locator('input[name="password"]').fill(fresh);
    await page.locator('input[name="password2"]').fill(fresh);
    await screenshot(page, "account-05-forgetpwd");
    await page.getByRole("button", { name: en["app.forget.submit"] }).click();
    await waitForRoute(page, "/login");
    await fillLogin(page, { account: user.account, password: user.password });
    await page.getByRole("alert").getByText("Wrong account or password").waitFor();
    await fillLogin(page, { account: user.account, password: fresh });
    await waitForRoute(page, "/index");
    user.password = fresh;
  });
});

describe("signing in with another account (OpenID Connect)", () => {
  const PROVIDER = "Test ID";
  const continueWith = () => page.getByRole("link", { name: `Continue with ${PROVIDER}` });

  /** Signs out and opens /prelogin from the login page. */
  async function toPrelogin() {
    await chooseFromUserMenu(page, en["app.nav.signOut"]);
    await waitForRoute(page, "/login");
    await page.getByRole("link", { name: en["app.login.otherMethods"] }).click();
    await waitForRoute(page, "/prelogin");
  }

  /** The provider's sign-in page, answered as its user would (its own session is forgotten first). */
  async function answerProvider() {
    await page.waitForURL((u) => u.origin === op.issuer);
    await page.getByRole("button", { name: OIDC_CONTINUE }).click();
  }

  /** Where the browser was about to go (the navigation is stopped): for tampering with it. */
  async function stopNavigation(match: (u: URL) => boolean, go: () => Promise<unknown>): Promise<URL> {
    let seen: URL | null = null;
    const handler = (route: Route) => {
      seen = new URL(route.request().url());
      return route.abort();
    };
    await page.route(match, handler);
    await go();
    const url = await until(() => seen);
    await page.unroute(match, handler);
    return url;
  }

  const forgetProviderSession = () => ctx.clearCookies({ name: /^_(session|interaction)/ });

  it("offers the configured sign-in methods on /prelogin", async () => {
    await toPrelogin();
    await waitForTitle(page, `${en["app.route.prelogin"]} · Inkless`);
    await page.getByRole("heading", { name: en["app.prelogin.title"] }).waitFor();
    await page.getByRole("link", { name: en["app.prelogin.password"] }).waitFor();
    await continueWith().waitFor();
    await screenshot(page, "account-06-prelogin");
  });

  it("first sign-in: the new identity is bound to the existing account after its password check", async () => {
    await forgetProviderSession();
    await continueWith().click();
    await answerProvider();
    await waitForRoute(page, "/bindings");
    await page
      .getByText(`You signed in with ${PROVIDER} as ${OIDC_ACCOUNT.email}.`, { exact: false })
      .waitFor();
    const existing = page.getByRole("form", { name: en["app.bindings.existingTitle"] });
    const fresh = page.getByRole("form", { name: en["app.bindings.newTitle"] });
    // the new-account form starts from what the provider said
    expect(await fresh.locator('input[name="account"]').inputValue()).toBe(OIDC_ACCOUNT.email);
    expect(await fresh.locator('input[name="nickname"]').inputValue()).toBe(OIDC_ACCOUNT.name);
    await screenshot(page, "account-07-bindings");
    await existing.locator('input[name="account"]').fill(user.account);
    await existing.locator('input[name="password"]').fill("wrong-password");
    await existing.getByRole("button", { name: en["app.bindings.existingSubmit"] }).click();
    await page.getByRole("alert").getByText("Wrong account or password").waitFor();
    await existing.locator('input[name="password"]').fill(user.password);
    await existing.getByRole("button", { name: en["app.bindings.existingSubmit"] }).click();
    await waitForRoute(page, "/index");
    await page.getByRole("heading", { name: `Welcome, ${user.nickname}` }).waitFor();
    expect(JSON.parse((await stored("userInfo")) ?? "{}").account).toBe(user.account);
  });

  it("signs out, and the next sign-in goes straight through to the home page", async () => {
    await toPrelogin();
    await forgetProviderSession();
    const visited: string[] = [];
    const track = (f: Frame) => {
      if (f === page.mainFrame()) visited.push(new URL(f.url()).pathname);
    };
    page.on("framenavigated", track);
    await continueWith().click();
    await answerProvider();
    await waitForRoute(page, "/index");
    await page.getByRole("heading", { name: `Welcome, ${user.nickname}` }).waitFor();
    expect(visited).toContain("/label/thirdLogin");
    expect(visited).not.toContain("/label/bindings");
    page.off("framenavigated", track);
  });

  /**
   * Starts a sign-in from /prelogin, changes one parameter of the request to the provider (the
   * request is stopped and sent again changed), answers the provider: back on the login page.
   */
  async function tamperedSignIn(param: "state" | "nonce") {
    await forgetProviderSession();
    const ask = await stopNavigation(
      (u) => u.origin === op.issuer && u.pathname === "/auth",
      () => continueWith().click(),
    );
    ask.searchParams.set(param, `tampered-${param}-0123456789abcdef`);
    await page.goto(ask.href);
    await page.getByRole("button", { name: OIDC_CONTINUE }).click();
    await waitForRoute(page, "/login");
  }

  it("refuses an answer whose state was tampered with, back on the login page with the reason", async () => {
    await toPrelogin();
    await tamperedSignIn("state");
    await page.getByRole("alert").getByText(en["server.oidc.badState"]).waitFor();
    expect(await stored("userInfo")).toBeNull();
  });

  it("refuses an ID token whose nonce was tampered with, back on the login page with the reason", async () => {
    await page.getByRole("link", { name: en["app.login.otherMethods"] }).click();
    await waitForRoute(page, "/prelogin");
    await tamperedSignIn("nonce");
    await page
      .getByRole("alert")
      .getByText(en["server.oidc.badNonce"].replace("{{provider}}", PROVIDER))
      .waitFor();
    expect(await stored("userInfo")).toBeNull();
  });

  it("refuses an unknown provider with a message on the login page", async () => {
    await page.goto(appUrl(app.baseUrl, "/thirdLogin?provider=nobody"));
    await waitForRoute(page, "/login");
    await page.getByRole("alert").getByText(en["server.oidc.unknownProvider"]).waitFor();
  });
});
