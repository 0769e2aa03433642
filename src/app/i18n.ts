// i18next for the React app, with the same flat-key resources as Node code (src/i18n/messages.ts).
// Language order (spec §1): the stored choice, then the browser language, then English.
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { isLanguage, loadMessages, pickLanguage, RESOURCES } from "../i18n/messages";
import type { Language } from "../model/constants";

export const LANGUAGE_KEY = "language";

function stored(): string | null {
  try {
    return typeof localStorage !== "undefined" ? localStorage.getItem(LANGUAGE_KEY) : null;
  } catch {
    return null;
  }
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** The stored choice if it is supported, else the first supported browser language, else English. */
export function initialLanguage(
  storedChoice: string | null = stored(),
  browser = browserLanguages(),
): Language {
  if (isLanguage(storedChoice)) return storedChoice;
  return pickLanguage(...browser);
}

// what is loaded already: in Node (tests) every language; in the browser none until i18nReady
const resources = Object.fromEntries(
  Object.entries(RESOURCES).map(([lng, map]) => [lng, { translation: map }]),
) as Record<Language, { translation: Record<string, string> }>;

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: "en",
  // Keys are flat strings containing dots ("app.login.title"), not nested paths.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Loads a language's messages into i18next (once); the page shows them after this resolves. */
async function ensureLanguage(lng: Language): Promise<void> {
  if (i18n.hasResourceBundle(lng, "translation")) return;
  i18n.addResourceBundle(lng, "translation", await loadMessages(lng));
}

/** Resolves once the first language's messages are in: the app renders after it (main.tsx). */
export const i18nReady: Promise<void> = ensureLanguage(pickLanguage(i18n.language));

function reflect(lng: string) {
  if (typeof document !== "undefined") document.documentElement.lang = lng;
}
reflect(i18n.language);
i18n.on("languageChanged", reflect);

/** Switches the interface language and stores the choice. */
export function setLanguage(lng: Language): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, lng);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
  // the other language's messages are fetched on switch, then the page changes language
  void ensureLanguage(lng).then(() => i18n.changeLanguage(lng));
}

export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  zh: "中文",
  en: "English",
  pt: "Português",
  es: "Español",
  ru: "Русский",
};

export default i18n;
