// Languages (spec §1, §7): browser language first, English fallback, the switch in the shell changes
// every text and is remembered, and requests carry the current language header.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import es from "../../locales/es.json";
import pt from "../../locales/pt.json";
import ru from "../../locales/ru.json";
import zh from "../../locales/zh.json";
import { routedNav } from "../../src/app/nav/navEntries";
import { routeExists } from "../../src/app/router/routeExists";
import { openEditor } from "../editor/helpers";
import {
  appUrl,
  chooseFromUserMenu,
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
      await page.getByRole("navigation", { name: t["app.nav.main"] }).waitFor();
      await page.getByRole("button", { name: t["app.nav.userMenu"] }).waitFor();
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
    await chooseFromUserMenu(page, zh["app.nav.user"]);
    await page.locator('input[name="nickname"]').fill("   ");
    await page.getByRole("button", { name: zh["app.common.save"], exact: true }).click();
    await page.getByText(zh["app.validate.nicknameRequired"]).waitFor();
    await ctx.close();
  });
});

/** The element is inside the viewport and not covered or clipped: the point at its centre hits it. */
function onScreen(l: Locator): Promise<boolean> {
  return l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const inside =
      r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
    return inside && el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
  });
}

async function expectAllOnScreen(items: Locator, names: readonly string[]) {
  await expect.poll(() => items.allInnerTexts()).toEqual(names);
  for (const item of await items.all()) expect(await onScreen(item), await item.innerText()).toBe(true);
}

/** Presses Tab until the element `testId` has the focus (at most 40 times). */
async function tabTo(page: Page, testId: string) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((id) => document.activeElement?.getAttribute("data-testid") === id, testId))
      return;
  }
  throw new Error(`Tab never reached ${testId}`);
}

const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("data-testid"));

describe("the home navigation", () => {
  const bar = routedNav("bar", routeExists);
  const personal = routedNav("user", routeExists);
  let page: Page;

  beforeAll(async () => {
    const ctx = await newContext(browser, "en-US");
    page = await ctx.newPage();
    await registerUser(page, app.baseUrl);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it("names the areas of the spec in the bar and the personal ones in the user menu", () => {
    expect(bar.map((e) => e.id)).toEqual(expect.arrayContaining(["home", "cloudTemplate", "cloudData"]));
    expect(personal.map((e) => e.id)).toEqual(
      expect.arrayContaining(["user", "printRecord", "dataRecovery"]),
    );
  });

  for (const [width, height] of [
    [1280, 800],
    [1024, 768],
    [390, 844],
  ] as const) {
    for (const lang of ["en", "ru"] as const) {
      it(`fits at ${width}×${height} in ${lang}: every entry on screen, reachable by keyboard`, async () => {
        const t = TEXTS[lang];
        await page.setViewportSize({ width, height });
        await page.goto(appUrl(app.baseUrl, "/index"));
        await chooseLanguage(page, lang);
        const nav = page.getByRole("navigation", { name: t["app.nav.main"] });
        await page.getByRole("heading", { name: t["app.home.recent"] }).waitFor();
        // nothing in the header runs off the page
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        for (const id of ["help-open", "feedback-open", "user-menu"])
          expect(await onScreen(page.getByTestId(id)), id).toBe(true);
        expect(await onScreen(page.locator(".lang-switch select"))).toBe(true);

        // the bar's entries: in the row as far as they fit, the others in the menu at its end
        // ("More"; "Menu" with all of them on a phone)
        const barNames = bar.map((e) => t[e.label]);
        const row = nav.getByRole("link");
        const rowIsPrefix = async () => {
          const texts = await row.allInnerTexts();
          return JSON.stringify(texts) === JSON.stringify(barNames.slice(0, texts.length));
        };
        await expect.poll(rowIsPrefix).toBe(true);
        const inRow = await row.count();
        for (const link of await row.all()) expect(await onScreen(link), await link.innerText()).toBe(true);
        // a phone has room for none of them; a desktop keeps the first ones in the row
        if (width < 500) expect(inRow).toBe(0);
        else expect(inRow).toBeGreaterThanOrEqual(2);
        await screenshot(page, `nav-${lang}-${width}-bar`);
        if (inRow < barNames.length) {
          const menuButton = page.getByTestId("main-nav-menu");
          expect(await onScreen(menuButton)).toBe(true);
          await menuButton.click();
          const rest = bar.slice(inRow);
          await expectAllOnScreen(
            page.getByTestId("main-nav-menu-pop").getByRole("menuitem"),
            rest.map((e) => t[e.label]),
          );
          await screenshot(page, `nav-${lang}-${width}-menu`);
          await page.keyboard.press("Escape");
          expect(await focusedTestId(page)).toBe("main-nav-menu");
          // keyboard: Enter opens on the first entry, ArrowDown moves to the next, Enter follows it
          await page.keyboard.press("Enter");
          await page.keyboard.press("ArrowDown");
          await page.keyboard.press("Enter");
          await waitForRoute(page, rest[1 % rest.length].to);
          await page.goto(appUrl(app.baseUrl, "/index"));
        }

        // the user menu, opened from the avatar: the personal entries, then sign out
        const userMenu = page.getByRole("button", { name: t["app.nav.userMenu"] });
        await userMenu.click();
        expect(await userMenu.getAttribute("aria-expanded")).toBe("true");
        const items = page.getByRole("menu", { name: t["app.nav.userMenu"] }).getByRole("menuitem");
        await expectAllOnScreen(items, [...personal.map((e) => t[e.label]), t["app.nav.signOut"]]);
        await screenshot(page, `nav-${lang}-${width}-user`);
        await page.keyboard.press("Escape");
        await items.first().waitFor({ state: "detached" });
        expect(await focusedTestId(page)).toBe("user-menu");

        // keyboard: Tab to the avatar, Enter opens on the first entry, ArrowDown, Enter follows the second
        await page.reload();
        await page.getByRole("heading", { name: t["app.home.recent"] }).waitFor();
        await tabTo(page, "user-menu");
        await page.keyboard.press("Enter");
        await expect.poll(() => items.first().evaluate((el) => el === document.activeElement)).toBe(true);
        await page.keyboard.press("ArrowDown");
        await page.keyboard.press("Enter");
        await waitForRoute(page, personal[1].to);
        await items.first().waitFor({ state: "detached" });
      });
    }
  }
});

describe("the editor's palette in every language", () => {
  /** Where a palette label's line breaks inside a word other than at a soft hyphen ("" if nowhere). */
  const midWordBreaks = (page: Page) =>
    page.evaluate(() => {
      const bad: string[] = [];
      const letter = /\p{L}/u;
      for (const span of document.querySelectorAll(".ink-palette-item > span")) {
        const node = span.firstChild;
        if (!(node instanceof Text)) continue;
        const s = node.data;
        let top: number | null = null;
        for (let i = 0; i < s.length; i++) {
          if (s[i] === "\u00ad") continue;
          const r = document.createRange();
          r.setStart(node, i);
          r.setEnd(node, i + 1);
          // a character that starts a line also has a rect at the end of the line before: the last
          const rects = r.getClientRects();
          const y = rects[rects.length - 1]?.top ?? 0;
          // a new line that starts between two letters, not after a soft hyphen
          if (top !== null && y > top + 2 && letter.test(s[i]) && i > 0 && letter.test(s[i - 1]))
            bad.push(s.replace(/\u00ad/g, ""));
          top = y;
        }
      }
      return bad.join(", ");
    });

  for (const [lang, locale] of [
    ["en", "en-US"],
    ["zh", "zh-CN"],
    ["pt", "pt-BR"],
    ["es", "es-ES"],
    ["ru", "ru-RU"],
  ] as const) {
    it(`${lang}: the narrow palette's labels break between words or at a hyphen, never mid-word`, async () => {
      const page = await (await newContext(browser, locale)).newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      await openEditor(page, app.baseUrl);
      expect(await midWordBreaks(page)).toBe("");
      // the shapes' sub-list too
      await page.getByTestId("palette-shape").click();
      await page.locator(".ink-palette-sub").waitFor();
      expect(await midWordBreaks(page)).toBe("");
      await page.close();
    });
  }
});
