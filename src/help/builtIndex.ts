// The help search with the index made at build time (virtual:help-index/<lang>), for the help
// search page: only the current language's index is loaded.
import type { Language } from "../model/constants";
import { helpCatalog } from "./content";
import { HelpSearch } from "./search";

const BUILT: Record<Language, () => Promise<{ default: string }>> = {
  en: () => import("virtual:help-index/en"),
  zh: () => import("virtual:help-index/zh"),
  pt: () => import("virtual:help-index/pt"),
  es: () => import("virtual:help-index/es"),
  ru: () => import("virtual:help-index/ru"),
};

export async function helpSearch(lang: Language): Promise<HelpSearch> {
  const built = await BUILT[lang]()
    .then((m) => m.default)
    // an index that failed to load: the articles are indexed here instead
    .catch(() => undefined);
  return new HelpSearch(helpCatalog, lang, built || undefined);
}
