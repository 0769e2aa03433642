// Language order (spec §1): stored choice, then browser language, then English.
import { describe, expect, it } from "vitest";
import i18n, { initialLanguage } from "../../src/app/i18n";
import { RESOURCES } from "../../src/i18n/messages";
import { LANGUAGES } from "../../src/model/constants";

describe("initial language", () => {
  it("prefers a supported stored choice", () => {
    expect(initialLanguage("ru", ["pt-BR"])).toBe("ru");
  });
  it("falls back to the first supported browser language", () => {
    expect(initialLanguage(null, ["de-DE", "es-MX", "en"])).toBe("es");
    expect(initialLanguage("klingon", ["zh-CN"])).toBe("zh");
  });
  it("falls back to English", () => {
    expect(initialLanguage(null, ["de", "fr"])).toBe("en");
    expect(initialLanguage(null, [])).toBe("en");
  });
});

describe("i18next resources", () => {
  it("reads flat dotted keys in each language", async () => {
    for (const lng of LANGUAGES) {
      await i18n.changeLanguage(lng);
      expect(i18n.t("app.login.submit")).toBe(RESOURCES[lng]["app.login.submit"]);
      expect(i18n.t("app.forget.resendIn", { seconds: 9 })).toContain("9");
    }
  });
  it("all app keys exist in all five languages, non-empty", () => {
    const keys = Object.keys(RESOURCES.en).filter((k) => k.startsWith("app."));
    expect(keys.length).toBeGreaterThan(50);
    for (const lng of LANGUAGES) for (const k of keys) expect(RESOURCES[lng][k], `${lng} ${k}`).toBeTruthy();
  });
});

describe("app strings", () => {
  it("every key the app code names exists in all five languages", async () => {
    const { readdirSync, readFileSync, statSync } = await import("node:fs");
    const { join } = await import("node:path");
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => {
        const p = join(dir, n);
        return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) ? [p] : [];
      });
    const keys = new Set<string>();
    for (const f of files("src/app")) {
      for (const m of readFileSync(f, "utf8").matchAll(/["'](app|tip)\.[A-Za-z0-9_.]+["']/g)) {
        keys.add(m[0].slice(1, -1));
      }
    }
    expect(keys.size).toBeGreaterThan(60);
    for (const lng of LANGUAGES) for (const k of keys) expect(RESOURCES[lng][k], `${lng} ${k}`).toBeTruthy();
  });
});
