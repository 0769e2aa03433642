// Plain translation lookup shared by Node code (CLI, server, assistant) and the browser.
// The React app uses i18next with these same resources (src/app/i18n.ts); its build swaps this file
// for messages.browser.ts (same API), which loads one language at a time.
import en from "../../locales/en.json";
import es from "../../locales/es.json";
import pt from "../../locales/pt.json";
import ru from "../../locales/ru.json";
import zh from "../../locales/zh.json";
import type { Language } from "../model/constants";

export { isLanguage, pickLanguage } from "./language";

export const RESOURCES: Readonly<Record<Language, Readonly<Record<string, string>>>> = { en, zh, pt, es, ru };

/** A language's messages; here all are loaded already (the web app's messages.browser.ts fetches). */
export async function loadMessages(lang: Language): Promise<Readonly<Record<string, string>>> {
  return RESOURCES[lang];
}

/** Translates a key, replacing {{name}} placeholders; falls back to English, then to the key. */
export function translate(
  key: string,
  vars: Record<string, string | number> = {},
  lang: Language = "en",
): string {
  const s = RESOURCES[lang][key] ?? RESOURCES.en[key] ?? key;
  // several reasons (a printer's problems) travel as message keys joined by commas
  if (typeof vars.reasonKeys === "string" && !("reason" in vars)) {
    const reason = vars.reasonKeys
      .split(",")
      .map((k) => translate(k, {}, lang))
      .join(", ");
    vars = { ...vars, reason };
  }
  return s.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => (k in vars ? String(vars[k]) : `{{${k}}}`));
}
