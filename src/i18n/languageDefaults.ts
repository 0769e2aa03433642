// The defaults that follow the interface language (issue 23, item 4): the one table of them. A new
// date/time text takes the language's region and date format; a new spreadsheet entry takes its
// currency symbol and date format. Chinese keeps the spec's defaults (region 0, yyyy/MM/dd, yuan).
import type { Region } from "../data/dateFormat";
import type { Language } from "../model/constants";
import type { ElementType, TimeTextElement } from "../model/types";
import { pickLanguage } from "./language";

export interface LanguageDefaults {
  /** TimeText Region: 0 Chinese, 1 en-US, 2 en-GB (day first) */
  readonly region: Region;
  /** a pattern of DATE_FORMATS */
  readonly dateFormat: string;
  /** a symbol of CURRENCY_SYMBOLS */
  readonly currencySymbol: string;
}

export const LANGUAGE_DEFAULTS: Readonly<Record<Language, LanguageDefaults>> = {
  zh: { region: 0, dateFormat: "yyyy/MM/dd", currencySymbol: "¥" },
  en: { region: 1, dateFormat: "MM/dd/yyyy", currencySymbol: "$" },
  pt: { region: 2, dateFormat: "dd/MM/yyyy", currencySymbol: "R$" },
  es: { region: 2, dateFormat: "dd/MM/yyyy", currencySymbol: "€" },
  ru: { region: 2, dateFormat: "dd.MM.yyyy", currencySymbol: "₽" },
};

/** The defaults of an interface language tag ("en", "pt-BR", …; English when unknown). */
export function languageDefaults(lang: string | undefined | null): LanguageDefaults {
  return LANGUAGE_DEFAULTS[pickLanguage(lang)];
}

/** What a new element of a kind takes from the language: a date/time text its region and date format. */
export function newElementLanguagePatch(
  type: ElementType,
  lang: string | undefined | null,
): Partial<Pick<TimeTextElement, "Region" | "DateFormat">> {
  if (type !== "TimeText") return {};
  const d = languageDefaults(lang);
  return { Region: d.region, DateFormat: d.dateFormat };
}
