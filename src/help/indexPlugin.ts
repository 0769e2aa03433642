// The Vite plugin behind `virtual:help-index/<lang>`: at build time it reads the articles (help/<lang>/*.md)
// and answers each language's serialised search index (search.ts serialisedIndex), so the help
// search page loads a ready index instead of indexing every article in the browser.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { LANGUAGES } from "../model/constants";
import { type Article, Catalog, parseArticle } from "./catalog";
import { serialisedIndex } from "./search";

/** `virtual:help-index/<lang>`: one language's index, loaded with the search page of that language. */
export const HELP_INDEX_MODULE = "virtual:help-index/";
const RESOLVED = `\0${HELP_INDEX_MODULE}`;

/** Every language's serialised index of the articles under `root` (the repository's help/). */
export function helpIndexes(root: string): Record<string, string> {
  const articles: Article[] = [];
  for (const lang of readdirSync(root)) {
    if (!(LANGUAGES as readonly string[]).includes(lang)) continue;
    for (const file of readdirSync(join(root, lang))) {
      const a = parseArticle(`${lang}/${file}`, readFileSync(join(root, lang, file), "utf8"));
      if (a) articles.push(a);
    }
  }
  const catalog = new Catalog(articles);
  return Object.fromEntries(LANGUAGES.map((l) => [l, serialisedIndex(catalog, l)]));
}

export function helpIndexPlugin(root: string): Plugin {
  return {
    name: "inkless-help-index",
    resolveId: (id) => (id.startsWith(HELP_INDEX_MODULE) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const lang = id.slice(RESOLVED.length);
      for (const dir of readdirSync(root)) this.addWatchFile(join(root, dir));
      return `export default ${JSON.stringify(helpIndexes(root)[lang] ?? "")};`;
    },
  };
}
