// Password strength in the forms and the signed-in change (issues 33 and 34): the register form says
// beside the password field why "aaaaaaaa" is refused (no request is sent, no toast), in the user's
// language; the personal centre changes the password with the current one (it used to open the
// signed-out reset page), a weak new one refused beside its field, and the new one signs in.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import ru from "../../locales/ru.json";
import {
  appUrl,
  fillLogin,
  launchBrowser,
  newContext,
  type RunningApp,
  screenshot,
  signedInPage,
  startApp,
  type TestUser,
  waitForRoute,
} from "../support";

const t = en as Record<string, string>;
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The message shown under the field named `name`. */
const fieldError = (page: Page, name: string) =>
  page.locator(`.field:has(input[name="${name}"]) .field-error`);

describe("password strength in the forms", () => {
  it("register says beside the field why a weak password is refused, in the user's language", async () => {
    const context = await browser.newContext({ locale: "ru-RU" });
    const page = await context.newPage();
    const sent: string[] = [];
    page.on("request", (r) => r.url().includes("/api/user/register") && sent.push(r.url()));
    await page.goto(appUrl(app.baseUrl, "/register"));
    const form = page.locator("form");
    await form.locator('input[name="account"]').fill(`weak${Date.now()}@example.com`);
    for (const [pw, key] of [
      ["aaaaaaaa", "password.weak.repeat"],
      ["01234567", "password.weak.sequence"],
      ["asdfasdf", "password.weak.common"],
    ] as const) {
      await form.locator('input[name="password"]').fill(pw);
      await form.locator('input[name="password2"]').fill(pw);
      await form.locator('button[type="submit"]').click();
      await page.waitForFunction(
        (want) =>
          document.querySelector('.field:has(input[name="password"]) .field-error')?.textContent === want,
        (ru as Record<string, string>)[key],
      );
    }
    expect(await page.locator('input[name="password"]').getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(".toast-text").count()).toBe(0);
    expect(sent).toEqual([]);
    await screenshot(page, "password-register-weak-ru");
    await context.close();
  });

  it("the personal centre changes the password with the current one", async () => {
    const { page, user } = await signedInPage(browser, app.baseUrl);
    await page.goto(appUrl(app.baseUrl, "/user"));
    await page.getByTestId("change-password").click();
    const form = page.getByTestId("change-password-form");
    // still the personal centre, not the signed-out reset page
    await waitForRoute(page, "/user");
    await form.locator('input[name="old_password"]').fill(user.password);
    await form.locator('input[name="password"]').fill("qwertyuiop");
    await form.locator('input[name="password2"]').fill("qwertyuiop");
    await form.getByRole("button", { name: t["app.common.save"] }).click();
    await fieldError(page, "password").getByText(t["password.weak.common"]).waitFor();
    await screenshot(page, "password-change-weak");
    // a wrong current password is said beside its field
    await form.locator('input[name="old_password"]').fill("not-my-password-9");
    await form.locator('input[name="password"]').fill("violet-harbour-72");
    await form.locator('input[name="password2"]').fill("violet-harbour-72");
    await form.getByRole("button", { name: t["app.common.save"] }).click();
    await fieldError(page, "old_password").getByText(t["app.user.password.wrongOld"]).waitFor();
    await form.locator('input[name="old_password"]').fill(user.password);
    await form.getByRole("button", { name: t["app.common.save"] }).click();
    await page.getByText(t["app.user.password.changed"]).waitFor();
    await form.waitFor({ state: "detached" });
    // still signed in here; the new password signs in elsewhere
    await page.reload();
    await waitForRoute(page, "/user");
    const other = await (await newContext(browser)).newPage();
    await other.goto(appUrl(app.baseUrl, "/login"));
    await fillLogin(other, { ...user, password: "violet-harbour-72" } as TestUser);
    await waitForRoute(other, "/index");
  });
});
