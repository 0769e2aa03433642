// Full-text search over the articles of one language: a MiniSearch index of titles and bodies.
// Words are cut by Intl.Segmenter, so Chinese (written without spaces) is searchable by word too.
import MiniSearch from "minisearch";
import type { Language } from "../model/constants";
import type { Article, Catalog } from "./catalog";
import { plainText } from "./markdown";

export interface SearchHit {
  readonly article: Article;
  /** a short excerpt of the body around the first word found */
  readonly snippet: string;
}

function tokenizer(lang: Language): (text: string) => string[] {
  const seg = new Intl.Segmenter(lang, { granularity: "word" });
  return (text) => {
    const words: string[] = [];
    for (const s of seg.segment(text)) if (s.isWordLike) words.push(s.segment);
    return words;
  };
}

type Doc = { id: string; title: string; body: string };

function indexOptions(lang: Language) {
  return {
    fields: ["title", "body"],
    tokenize: tokenizer(lang),
    processTerm: (term: string) => term.toLocaleLowerCase(lang),
    searchOptions: { boost: { title: 3 }, prefix: true, fuzzy: 0.15, combineWith: "AND" as const },
  };
}

/**
 * The serialised index of a language's articles, made at build time (vite.config.ts, the virtual
 * module `virtual:help-index`), so the browser loads it instead of indexing every article itself.
 */
export function serialisedIndex(catalog: Catalog, lang: Language): string {
  const index = new MiniSearch<Doc>(indexOptions(lang));
  index.addAll(catalog.articles(lang).map((a) => ({ id: a.slug, title: a.title, body: plainText(a.body) })));
  return JSON.stringify(index);
}

export class HelpSearch {
  private readonly index: MiniSearch<Doc>;
  private readonly bodies = new Map<string, string>();
  private readonly bySlug = new Map<string, Article>();

  /** `built`: the language's index from serialisedIndex (else the articles are indexed here). */
  constructor(catalog: Catalog, lang: Language, built?: string) {
    for (const a of catalog.articles(lang)) {
      this.bodies.set(a.slug, plainText(a.body));
      this.bySlug.set(a.slug, a);
    }
    if (built) this.index = MiniSearch.loadJSON<Doc>(built, indexOptions(lang));
    else {
      this.index = new MiniSearch<Doc>(indexOptions(lang));
      this.index.addAll(
        [...this.bySlug.values()].map((a) => ({
          id: a.slug,
          title: a.title,
          body: this.bodies.get(a.slug) ?? "",
        })),
      );
    }
  }

  search(query: string): SearchHit[] {
    const q = query.trim();
    if (!q) return [];
    return this.index.search(q).flatMap((r) => {
      const article = this.bySlug.get(String(r.id));
      if (!article) return [];
      return [{ article, snippet: snippet(this.bodies.get(article.slug) ?? "", r.terms) }];
    });
  }
}

const SNIPPET_CHARS = 160;

/** About 160 characters of `body` around the first of `terms` found in it. */
export function snippet(body: string, terms: readonly string[]): string {
  const lower = body.toLowerCase();
  let at = -1;
  for (const t of terms) {
    const i = lower.indexOf(t.toLowerCase());
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  let start = Math.max(0, at - SNIPPET_CHARS / 4);
  // begin on a word where there are spaces between words (not in Chinese)
  const space = body.indexOf(" ", start);
  if (start > 0 && space >= 0 && space < at) start = space + 1;
  const text = body
    .slice(start, start + SNIPPET_CHARS)
    .replace(/\s+/g, " ")
    .trim();
  return `${start > 0 ? "… " : ""}${text}${start + SNIPPET_CHARS < body.length ? " …" : ""}`;
}
