// Languages (spec §1, §7): browser language first, English fallback, the switch in the shell changes
// every text and is remembered, and requests carry the current language header.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import es from "../../locales/es.json";
import pt from "../../locales/pt.json";
import ru from "../../locales/ru.json";
import zh from "../../locales/zh.json";
import {
  appUrl,
  launchBrowser,
  newContext,
  type RunningApp,
  registerUser,
  screenshot,
  startApp,
  waitForRoute,
  waitForTitle,
} from "../support";

const TEXTS: Record<string, Record<string, string>> = { en, zh, pt, es, ru };
const ORDER = ["zh", "en", "pt", "es", "ru"] as const;

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const chooseLanguage = (page: Page, lang: string) => page.locator(".lang-switch select").selectOption(lang);

describe("languages", () => {
  it("starts in a supported browser language, else English", async () => {
    for (const [locale, lang] of [
      ["es-MX", "es"],
      ["pt-BR", "pt"],
      ["de-DE", "en"],
    ] as const) {
      const ctx = await newContext(browser, locale);
      const page = await ctx.newPage();
      await page.goto(appUrl(app.baseUrl, "/login"));
      await page.getByRole("button", { name: TEXTS[lang]["app.login.submit"] }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await ctx.close();
    }
  });

  it("switches the login page through all five languages and remembers the choice", async () => {
    const ctx = await newContext(browser, "en-US");
    const page = await ctx.newPage();
    await page.goto(appUrl(app.baseUrl, "/login"));
    for (const lang of ORDER) {
      await chooseLanguage(page, lang);
      const t = TEXTS[lang];
      await page.getByRole("heading", { name: t["app.login.title"] }).waitFor();
      await page.getByRole("button", { name: t["app.login.submit"] }).waitFor();
      await page.getByText(t["app.auth.point1"]).waitFor();
      await waitForTitle(page, `${t["app.route.login"]} · Inkless`);
      expect(await page.evaluate(() => localStorage.getItem("language"))).toBe(lang);
      await screenshot(page, `languages-login-${lang}`);
    }
    // The stored choice wins over the browser language after a reload.
    await page.reload();
    await page.getByRole("button", { name: ru["app.login.submit"] }).waitFor();
    await ctx.close();
  });

  it("switches the signed-in shell and sends the language header with each call", async () => {
    const ctx = await newContext(browser, "en-US");
    const page = await ctx.newPage();
    await registerUser(page, app.baseUrl);
    for (const lang of ORDER) {
      await chooseLanguage(page, lang);
      const t = TEXTS[lang];
      await page.getByRole("link", { name: t["app.nav.user"] }).first().waitFor();
      await page.getByRole("button", { name: t["app.nav.signOut"] }).waitFor();
      await page.getByRole("heading", { name: t["app.home.recent"] }).waitFor();
    }
    // Reload in Spanish: the listing call carries `language: es` and the other fixed headers.
    await chooseLanguage(page, "es");
    const request = page.waitForRequest((r) =>
      r.url().includes("/interface/api/tem.app_public/getUserTemplateList"),
    );
    await page.reload();
    const headers = (await request).headers();
    expect(headers.language).toBe("es");
    expect(headers.platform).toBe("web");
    expect(headers.version).toBe("V2.5.3");
    await waitForRoute(page, "/index");
    await screenshot(page, "languages-home-es");
    // Validation messages follow the chosen language too.
    await chooseLanguage(page, "zh");
    await page.getByRole("navigation").getByRole("link", { name: zh["app.nav.user"] }).click();
    await page.locator('input[name="nickname"]').fill("   ");
    await page.getByRole("button", { name: zh["app.common.save"], exact: true }).click();
    await page.getByText(zh["app.validate.nicknameRequired"]).waitFor();
    await ctx.close();
  });
});
