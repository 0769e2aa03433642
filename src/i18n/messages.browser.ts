// The web app's src/i18n/messages.ts (vite.config.ts puts this file in its place): the same API,
// with each language's messages a chunk of its own loaded when the language is chosen
// (src/app/i18n.ts), so a page carries one language's messages instead of all five (issue 41).
// Every key is in every language (tests/app/i18n.test.ts), so one language is enough to show a page.
import type { Language } from "../model/constants";

export { isLanguage, pickLanguage } from "./language";

const loaded: Partial<Record<Language, Readonly<Record<string, string>>>> = {};

/** The languages loaded so far (the web app's RESOURCES holds only those). */
export const RESOURCES = loaded as Readonly<Record<Language, Readonly<Record<string, string>>>>;

const LOADERS: Record<Language, () => Promise<{ default: Record<string, string> }>> = {
  en: () => import("../../locales/en.json"),
  zh: () => import("../../locales/zh.json"),
  pt: () => import("../../locales/pt.json"),
  es: () => import("../../locales/es.json"),
  ru: () => import("../../locales/ru.json"),
};

/** A language's messages, fetched once. */
export async function loadMessages(lang: Language): Promise<Readonly<Record<string, string>>> {
  const done = loaded[lang];
  if (done) return done;
  const map = (await LOADERS[lang]()).default;
  loaded[lang] = map;
  return map;
}

/** Translates with the loaded messages (as messages.ts does with all of them). */
export function translate(
  key: string,
  vars: Record<string, string | number> = {},
  lang: Language = "en",
): string {
  const s = loaded[lang]?.[key] ?? loaded.en?.[key] ?? key;
  return s.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => (k in vars ? String(vars[k]) : `{{${k}}}`));
}
