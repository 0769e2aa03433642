// Which of our languages a tag names; no messages here, so code that only picks a language (the
// CLI at start) does not load the five locale files.
import { LANGUAGES, type Language } from "../model/constants";

export function isLanguage(v: unknown): v is Language {
  return typeof v === "string" && (LANGUAGES as readonly string[]).includes(v);
}

/** The language of a request that names none we have (and the server's own, e.g. at start). */
export const FALLBACK_LANGUAGE: Language = "en";

/** Picks a supported language from a tag like "pt-BR" or "zh_CN"; English when none fits. */
export function pickLanguage(...tags: (string | undefined | null)[]): Language {
  for (const tag of tags) {
    const base = tag?.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}
