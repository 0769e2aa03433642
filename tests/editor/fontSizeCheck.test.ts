// "The font size is abnormal, adjust the browser minimum font size" (spec §8 interface texts): the
// editor's probe, run in Chromium as it is and in a Chromium profile with a 14 px minimum font size.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { MIN_FONT_SIZE_ABNORMAL, minimumFontSizeEnforced } from "../../src/editor/fontSizeCheck";

const args = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"];
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const dirs: string[] = [];

async function probe(minimumFontSize: number | null): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), "inkless-font-"));
  dirs.push(dir);
  if (minimumFontSize !== null) {
    mkdirSync(join(dir, "Default"));
    const prefs = { webkit: { webprefs: { minimum_font_size: minimumFontSize } } };
    writeFileSync(join(dir, "Default", "Preferences"), JSON.stringify(prefs));
  }
  const ctx = await chromium.launchPersistentContext(dir, { executablePath, args, headless: true });
  try {
    const page = await ctx.newPage();
    await page.setContent("<!doctype html><html><body></body></html>");
    return await page.evaluate(minimumFontSizeEnforced);
  } finally {
    await ctx.close();
  }
}

afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("the browser's minimum font size", () => {
  it("is found where one is set, and not in a browser as it comes", async () => {
    expect(await probe(null)).toBe(false);
    expect(await probe(14)).toBe(true);
  }, 60_000);

  it("has its message", () => {
    expect((en as Record<string, string>)[MIN_FONT_SIZE_ABNORMAL]).toMatch(/minimum font size/);
  });
});
