import { describe, expect, it } from "vitest";
import { RESOURCES } from "../../src/i18n/messages";
import { TIP } from "../../src/i18n/tips";
import { LANGUAGES } from "../../src/model/constants";

describe("the tip table", () => {
  it("has a text for every tip in all five languages", () => {
    for (const lang of LANGUAGES) {
      const missing = Object.values(TIP).filter((key) => !RESOURCES[lang][key]?.trim());
      expect({ lang, missing }).toEqual({ lang, missing: [] });
    }
  });

  it("is translated in Chinese and Russian, not an English copy, keeping placeholders", () => {
    for (const key of Object.values(TIP))
      for (const lang of ["zh", "ru"] as const) {
        expect(RESOURCES[lang][key], `${lang} ${key}`).not.toBe(RESOURCES.en[key]);
        for (const ph of RESOURCES.en[key].match(/\{\{\w+\}\}/g) ?? [])
          expect(RESOURCES[lang][key]).toContain(ph);
      }
  });

  it("names each numbered tip once", () => {
    const keys = Object.values(TIP);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^tip\.tip\d+$/);
  });
});
