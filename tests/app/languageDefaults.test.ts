// Issue 23 item 4: the defaults that follow the interface language, from one table.
import { describe, expect, it } from "vitest";
import { DATE_FORMATS } from "../../src/data/timeFormats";
import {
  LANGUAGE_DEFAULTS,
  languageDefaults,
  newElementLanguagePatch,
} from "../../src/i18n/languageDefaults";
import {
  CURRENCY_SYMBOLS,
  DEFAULT_CURRENCY_SYMBOL,
  DEFAULT_DATE_FORMAT,
  LANGUAGES,
} from "../../src/model/constants";

describe("language defaults", () => {
  it("Chinese keeps the spec's defaults (region 0, yyyy/MM/dd, yuan)", () => {
    expect(LANGUAGE_DEFAULTS.zh).toEqual({
      region: 0,
      dateFormat: DEFAULT_DATE_FORMAT,
      currencySymbol: DEFAULT_CURRENCY_SYMBOL,
    });
  });

  it("English gets a US region, month-first dates and the dollar, not China's region and ¥", () => {
    expect(languageDefaults("en")).toEqual({ region: 1, dateFormat: "MM/dd/yyyy", currencySymbol: "$" });
    expect(languageDefaults("en-GB").currencySymbol).toBe("$");
  });

  it("every language has defaults the panels can show (a listed date pattern and currency symbol)", () => {
    for (const lang of LANGUAGES) {
      const d = LANGUAGE_DEFAULTS[lang];
      expect(DATE_FORMATS).toContain(d.dateFormat);
      expect(CURRENCY_SYMBOLS as readonly string[]).toContain(d.currencySymbol);
      expect([0, 1, 2]).toContain(d.region);
      if (lang !== "zh") {
        expect(d.region).not.toBe(0);
        expect(d.currencySymbol).not.toBe("¥");
      }
    }
    expect(languageDefaults("pt-BR").currencySymbol).toBe("R$");
    expect(languageDefaults("ru").dateFormat).toBe("dd.MM.yyyy");
    // an unknown or missing language falls back to English
    expect(languageDefaults("xx")).toEqual(LANGUAGE_DEFAULTS.en);
    expect(languageDefaults(undefined)).toEqual(LANGUAGE_DEFAULTS.en);
  });

  it("a new date/time text takes the region and date format; other kinds take nothing", () => {
    expect(newElementLanguagePatch("TimeText", "en")).toEqual({ Region: 1, DateFormat: "MM/dd/yyyy" });
    expect(newElementLanguagePatch("TimeText", "zh")).toEqual({ Region: 0, DateFormat: "yyyy/MM/dd" });
    expect(newElementLanguagePatch("Text", "en")).toEqual({});
  });
});
