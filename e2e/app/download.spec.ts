// The download page (issue 43) picks the visitor's system: a Windows browser gets the Windows
// executable first and its steps (SmartScreen, the console window, start at login) open; a Mac gets
// the package for its CPU (navigator.userAgentData's architecture where Chromium gives it, Apple
// silicon's when the browser does not say, as Safari) with the Gatekeeper and start-at-login steps,
// in each of the five languages; every package shows the size and SHA-256 of the file the server sends.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import es from "../../locales/es.json";
import pt from "../../locales/pt.json";
import ru from "../../locales/ru.json";
import zh from "../../locales/zh.json";
import { appUrl, launchBrowser, type RunningApp, screenshot, startApp } from "../support";

const LOCALES: Record<string, Record<string, string>> = { en, zh, pt, es, ru };
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const MAC_CHROME =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const MAC_SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

interface Manifest {
  packages: { id: string; file: string; size: number; sha256: string }[];
}

let app: RunningApp;
let browser: Browser;
let manifest: Manifest;

beforeAll(async () => {
  manifest = JSON.parse(readFileSync(join("dist/downloads", "manifest.json"), "utf8"));
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The page as a browser on another computer sees it: its User-Agent, and what userAgentData says. */
async function visit(
  userAgent: string,
  locale: string,
  uad: { platform: string; architecture: string } | null,
): Promise<Page> {
  const context = await browser.newContext({ userAgent, locale, viewport: { width: 1280, height: 900 } });
  await context.addInitScript((d) => {
    Object.defineProperty(Navigator.prototype, "userAgentData", {
      configurable: true,
      get: () =>
        d && {
          platform: d.platform,
          getHighEntropyValues: async () => ({ architecture: d.architecture }),
        },
    });
  }, uad);
  const page = await context.newPage();
  await page.goto(appUrl(app.baseUrl, "/download"));
  // the first visit waits for the server's first answers
  await page.getByTestId("download-list").waitFor({ timeout: 90_000 });
  return page;
}

const firstPackage = (page: Page) =>
  page.getByTestId("download-list").locator(":scope > li").first().getAttribute("data-testid");

describe("the download page", () => {
  it("offers a Windows browser the executable, with its size and checksum, and the Windows steps", async () => {
    const page = await visit(WINDOWS, "en-US", { platform: "Windows", architecture: "x86" });
    await expect.poll(() => firstPackage(page)).toBe("package-windows-x64");
    const pkg = page.getByTestId("package-windows-x64");
    expect(await pkg.getByText(en["download.forYou"]).count()).toBe(1);
    const exe = manifest.packages.find((p) => p.id === "windows-x64");
    expect(exe).toBeDefined();
    expect(await page.getByTestId("sha256-windows-x64").textContent()).toBe(exe?.sha256);
    expect(await page.getByTestId("download-windows-x64").textContent()).toContain(
      `${((exe?.size ?? 0) / 1048576).toFixed(1)} MB`,
    );
    const href = (await page.getByTestId("download-windows-x64").getAttribute("href")) as string;
    const body = Buffer.from(await (await fetch(href)).arrayBuffer());
    expect([body.length, createHash("sha256").update(body).digest("hex")]).toEqual([exe?.size, exe?.sha256]);
    const steps = page.getByTestId("install-windows");
    expect(await steps.getAttribute("open")).not.toBeNull();
    expect(await steps.textContent()).toContain(en["download.step.windowsSmartScreen"]);
    expect(await steps.textContent()).toContain("--install-startup");
    expect(await page.getByTestId("install-macos").getAttribute("open")).toBeNull();
    await screenshot(page, "download-windows");
    await page.context().close();
  }, 120_000);

  it("offers an Intel Mac's Chrome the Intel package", async () => {
    const page = await visit(MAC_CHROME, "en-US", { platform: "macOS", architecture: "x86" });
    await expect.poll(() => firstPackage(page)).toBe("package-macos-x64");
    await page.context().close();
  }, 120_000);

  for (const [lang, locale] of [
    ["en", "en-US"],
    ["zh", "zh-CN"],
    ["pt", "pt-BR"],
    ["es", "es-ES"],
    ["ru", "ru-RU"],
  ] as const)
    it(`shows a Mac the Apple silicon package and the Gatekeeper steps in ${lang}`, async () => {
      const t = LOCALES[lang];
      // Safari: no userAgentData, so the CPU is unknown
      const page = await visit(MAC_SAFARI, locale, null);
      await expect.poll(() => firstPackage(page)).toBe("package-macos-arm64");
      expect(await page.getByTestId("package-macos-arm64").textContent()).toContain(
        t["download.kind.macos-arm64"],
      );
      const steps = page.getByTestId("install-macos");
      expect(await steps.getAttribute("open")).not.toBeNull();
      const gatekeeper = await page.getByTestId("gatekeeper").textContent();
      for (const key of [
        "download.step.macosGatekeeper",
        "download.step.macosOpen",
        "download.step.macosAnyway",
      ])
        expect(gatekeeper).toContain(t[key]);
      // start at login: the LaunchAgent the assistant writes with --install-startup
      const startup = await page.getByTestId("macos-startup").textContent();
      expect(startup).toContain(t["download.step.macosStartup"]);
      expect(startup).toContain("./node/bin/node inkless-assistant.cjs --install-startup");
      // first start, with pictures in the page's language: the assistant's window, then the app's pairing box
      for (const [id, alt] of [
        ["assistant-picture", "download.assistantPicture"],
        ["pairing-picture", "download.pairPicture"],
      ]) {
        const img = page.getByTestId(id);
        expect(await img.getAttribute("alt")).toBe(t[alt]);
        expect(await img.getAttribute("src")).toMatch(new RegExp(`/shots/${lang}/[a-z-]+\\.png$`));
        await expect
          .poll(() => img.evaluate((i: HTMLImageElement) => (i.complete ? i.naturalWidth : 0)))
          .toBeGreaterThan(0);
      }
      await screenshot(page, `download-macos-${lang}`);
      await page.context().close();
    }, 120_000);
});
