// API tokens in the personal centre (issue 39): the user creates a named token with its scopes and
// expiry, sees its secret once (a plain HTTP client then reads the templates with it), finds it
// listed without the secret after a reload, and revokes it: the same client is refused.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import {
  appUrl,
  axeViolations,
  launchBrowser,
  type RunningApp,
  screenshot,
  signedInPage,
  startApp,
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

const templatesWith = (token: string) =>
  fetch(`${app.baseUrl}/interface/api/v1/templates`, { headers: { authorization: `Bearer ${token}` } });

describe("API tokens in the personal centre", () => {
  it("creates a token shown once, lists it without the secret, and revokes it", async () => {
    const { page, context } = await signedInPage(browser, app.baseUrl);
    await page.goto(appUrl(app.baseUrl, "/user"));
    const card = page.getByTestId("user-api");
    await card.getByText(t["app.user.api.none"]).waitFor();
    // a name is required
    await card.getByRole("button", { name: t["app.user.api.create"] }).click();
    await card.getByText(t["app.user.api.nameRequired"]).waitFor();

    await card.getByLabel(t["app.user.api.name"]).fill("Order system");
    await card.getByLabel(t["app.user.api.scopeTemplates"]).check();
    await card.getByLabel(t["app.user.api.expiry"]).selectOption("30");
    await card.getByRole("button", { name: t["app.user.api.create"] }).click();
    const secretBox = card.getByLabel(t["app.user.api.secret"]);
    await secretBox.waitFor();
    const secret = await secretBox.inputValue();
    expect(secret).toMatch(/^ink_/);
    await card.getByTestId("user-api-list").getByText("Order system").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "api-token-created");

    const used = await templatesWith(secret);
    expect(used.status).toBe(200);
    expect((await used.json()).code).toBe(200);

    // after a reload the secret is nowhere on the page; the token is listed, used
    await page.reload();
    const list = page.getByTestId("user-api-list");
    await list.getByText("Order system").waitFor();
    await list.getByText(/^last used /).waitFor();
    expect(await page.content()).not.toContain(secret.slice(21));
    expect(await page.getByTestId("user-api-secret").count()).toBe(0);

    await list.getByRole("button", { name: "Revoke the token Order system" }).click();
    await page.getByTestId("user-api").getByText(t["app.user.api.none"]).waitFor();
    expect((await templatesWith(secret)).status).toBe(401);
    await context.close();
  }, 120_000);
});
