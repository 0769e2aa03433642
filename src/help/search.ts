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

export class HelpSearch {
  private readonly index: MiniSearch<{ id: string; title: string; body: string }>;
  private readonly bodies = new Map<string, string>();
  private readonly bySlug = new Map<string, Article>();

  constructor(catalog: Catalog, lang: Language) {
    const tokenize = tokenizer(lang);
    this.index = new MiniSearch({
      fields: ["title", "body"],
      tokenize,
      processTerm: (term) => term.toLocaleLowerCase(lang),
      searchOptions: { boost: { title: 3 }, prefix: true, fuzzy: 0.15, combineWith: "AND" },
    });
    const docs = catalog.articles(lang).map((a) => {
      const body = plainText(a.body);
      this.bodies.set(a.slug, body);
      this.bySlug.set(a.slug, a);
      return { id: a.slug, title: a.title, body };
    });
    this.index.addAll(docs);
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
