// The help centre's catalogue: articles per language (English when a language lacks one), the
// category tree, previous/next in reading order and the spec's numbered help links.
import { LANGUAGES, type Language } from "../model/constants";
import { parseFrontMatter } from "./frontMatter";

/** Categories in reading order; their names are the locale keys `help.category.<id>`. */
export const CATEGORIES = ["start", "elements", "data", "barcodes", "export", "printing", "account"] as const;
export type Category = (typeof CATEGORIES)[number];

export interface Article {
  readonly slug: string;
  /** the language the article is written in (English when the asked language lacks it) */
  readonly lang: Language;
  readonly title: string;
  readonly category: Category;
  readonly order: number;
  /** the spec's numbered help addresses (/help/124/, /en/help/125/) that lead here */
  readonly aliases: readonly string[];
  readonly body: string;
}

export interface CategoryNode {
  readonly id: Category;
  readonly articles: readonly Article[];
}

function isCategory(v: string): v is Category {
  return (CATEGORIES as readonly string[]).includes(v);
}

function isLanguageCode(v: string): v is Language {
  return (LANGUAGES as readonly string[]).includes(v);
}

/** One article from its file path (`…/<lang>/<slug>.md`) and text, or null when it is not usable. */
export function parseArticle(path: string, source: string): Article | null {
  const m = /([a-z]{2})\/([a-z0-9-]+)\.md$/.exec(path);
  if (!m || !isLanguageCode(m[1])) return null;
  const { fields, body } = parseFrontMatter(source);
  const category = fields.category ?? "";
  const title = fields.title ?? "";
  if (!title || !isCategory(category)) return null;
  const order = Number(fields.order);
  return {
    slug: m[2],
    lang: m[1],
    title,
    category,
    order: Number.isFinite(order) ? order : 0,
    aliases: (fields.aliases ?? "")
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean),
    body,
  };
}

export class Catalog {
  private readonly byLang = new Map<Language, Map<string, Article>>();

  constructor(articles: Iterable<Article>) {
    for (const a of articles) {
      let map = this.byLang.get(a.lang);
      if (!map) {
        map = new Map();
        this.byLang.set(a.lang, map);
      }
      map.set(a.slug, a);
    }
  }

  /** Every article in `lang`, English standing in for the ones `lang` lacks, in reading order. */
  articles(lang: Language): Article[] {
    const own = this.byLang.get(lang) ?? new Map<string, Article>();
    const en = this.byLang.get("en") ?? new Map<string, Article>();
    const slugs = new Set([...en.keys(), ...own.keys()]);
    const list: Article[] = [];
    for (const slug of slugs) {
      const a = own.get(slug) ?? en.get(slug);
      if (a) list.push(a);
    }
    const rank = (a: Article) => CATEGORIES.indexOf(a.category);
    return list.sort((a, b) => rank(a) - rank(b) || a.order - b.order || a.slug.localeCompare(b.slug));
  }

  article(lang: Language, slug: string): Article | undefined {
    return this.byLang.get(lang)?.get(slug) ?? this.byLang.get("en")?.get(slug);
  }

  /** The category tree: only categories that hold an article. */
  tree(lang: Language): CategoryNode[] {
    const list = this.articles(lang);
    return CATEGORIES.map((id) => ({ id, articles: list.filter((a) => a.category === id) })).filter(
      (c) => c.articles.length > 0,
    );
  }

  /** The articles before and after `slug` in reading order (across categories). */
  neighbours(lang: Language, slug: string): { prev?: Article; next?: Article } {
    const list = this.articles(lang);
    const i = list.findIndex((a) => a.slug === slug);
    if (i < 0) return {};
    return { prev: list[i - 1], next: list[i + 1] };
  }

  /** The slug a numbered help address (e.g. "124") stands for. */
  slugForAlias(alias: string): string | undefined {
    for (const map of this.byLang.values()) {
      for (const a of map.values()) if (a.aliases.includes(alias)) return a.slug;
    }
    return undefined;
  }
}
