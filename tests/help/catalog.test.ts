// The help catalogue (languages with English fallback, tree, previous/next, numbered addresses),
// the search index, and the repository's articles themselves.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAC_STARTER, RUNTIME_PACKAGES } from "../../scripts/build-assistant.mjs";
import { CATEGORIES, Catalog, parseArticle } from "../../src/help/catalog";
import { helpCatalog } from "../../src/help/content";
import { helpIndexes } from "../../src/help/indexPlugin";
import { HelpSearch, snippet } from "../../src/help/search";
import { LANGUAGES } from "../../src/model/constants";

const file = (title: string, category: string, order: number, body: string, extra = "") =>
  `---\ntitle: ${title}\ncategory: ${category}\norder: ${order}\n${extra}---\n${body}\n`;

const sample = new Catalog(
  [
    parseArticle(
      "help/en/print.md",
      file("Printing", "printing", 1, "Use the thermal printer.", "aliases: 124, 125\n"),
    ),
    parseArticle("help/en/start.md", file("Getting started", "start", 1, "Create a label.")),
    parseArticle("help/en/text.md", file("Text", "elements", 1, "Fonts and wrapping of words.")),
    parseArticle("help/en/date.md", file("Date", "elements", 2, "Clocks and offsets.")),
    parseArticle("help/zh/print.md", file("打印标签", "printing", 1, "使用热敏打印机打印条码标签。")),
    parseArticle("help/zh/start.md", file("快速入门", "start", 1, "新建一个标签。")),
  ].filter((a) => a !== null),
);

describe("parseArticle", () => {
  it("refuses files without a title, with an unknown category or language", () => {
    expect(parseArticle("help/en/x.md", file("", "start", 1, "b"))).toBeNull();
    expect(parseArticle("help/en/x.md", file("T", "nope", 1, "b"))).toBeNull();
    expect(parseArticle("help/xx/x.md", file("T", "start", 1, "b"))).toBeNull();
  });
});

describe("Catalog", () => {
  it("lists a language's articles in reading order, English standing in for missing ones", () => {
    const zh = sample.articles("zh");
    expect(zh.map((a) => `${a.slug}:${a.lang}`)).toEqual(["start:zh", "text:en", "date:en", "print:zh"]);
    expect(sample.articles("pt").every((a) => a.lang === "en")).toBe(true);
  });

  it("builds the tree of non-empty categories", () => {
    expect(sample.tree("en").map((c) => [c.id, c.articles.map((a) => a.slug)])).toEqual([
      ["start", ["start"]],
      ["elements", ["text", "date"]],
      ["printing", ["print"]],
    ]);
  });

  it("gives previous and next across categories", () => {
    expect(sample.neighbours("en", "text").prev?.slug).toBe("start");
    expect(sample.neighbours("en", "date").next?.slug).toBe("print");
    expect(sample.neighbours("en", "start").prev).toBeUndefined();
    expect(sample.neighbours("en", "nope")).toEqual({});
  });

  it("finds an article by its numbered address", () => {
    expect(sample.slugForAlias("124")).toBe("print");
    expect(sample.slugForAlias("125")).toBe("print");
    expect(sample.slugForAlias("1")).toBeUndefined();
  });
});

describe("HelpSearch", () => {
  it("finds words of bodies and titles, with prefixes", () => {
    const s = new HelpSearch(sample, "en");
    expect(s.search("wrapping").map((h) => h.article.slug)).toEqual(["text"]);
    expect(s.search("offs").map((h) => h.article.slug)).toEqual(["date"]);
    expect(s.search("printing")[0].article.slug).toBe("print");
    expect(s.search("   ")).toEqual([]);
    expect(s.search("zebra")).toEqual([]);
  });

  it("finds Chinese words without spaces", () => {
    const s = new HelpSearch(sample, "zh");
    expect(s.search("条码").map((h) => h.article.slug)).toEqual(["print"]);
    expect(
      s
        .search("标签")
        .map((h) => h.article.slug)
        .sort(),
    ).toEqual(["print", "start"]);
  });

  it("shows the words around the first hit", () => {
    const body = `${"abcdefg ".repeat(100)}the needle here ${"b ".repeat(100)}`;
    const s = snippet(body, ["needle"]);
    expect(s).toContain("the needle here");
    expect(s).toMatch(/^… abcdefg abcdefg /); // starts on a whole word
    expect(s.startsWith("… ")).toBe(true);
    expect(s.endsWith(" …")).toBe(true);
  });
});

describe("the repository's articles", () => {
  const en = helpCatalog.articles("en");

  it("has at least 25 articles, every one of them in all five languages", () => {
    expect(en.length).toBeGreaterThanOrEqual(25);
    for (const lang of LANGUAGES) {
      const own = helpCatalog.articles(lang).filter((a) => a.lang === lang);
      expect(
        own.map((a) => a.slug),
        lang,
      ).toEqual(en.map((a) => a.slug));
    }
  });

  it("covers every category", () => {
    expect(helpCatalog.tree("en").map((c) => c.id)).toEqual([...CATEGORIES]);
  });

  it("links only to articles that exist", () => {
    for (const lang of LANGUAGES) {
      for (const a of helpCatalog.articles(lang)) {
        for (const [, slug] of a.body.matchAll(/\]\(help:([^)]*)\)/g)) {
          expect(helpCatalog.article(lang, slug), `${lang}/${a.slug} → ${slug}`).toBeDefined();
        }
      }
    }
  });

  it("the print assistant article names each system's own download: nothing to install first (issue 43)", () => {
    for (const lang of LANGUAGES) {
      const body = helpCatalog.article(lang, "print-assistant")?.body ?? "";
      // the Windows .exe, the Linux executable and both Mac zips, and the Mac zip's starter
      for (const p of RUNTIME_PACKAGES) expect(body, `${lang}: ${p.file}`).toContain(p.file);
      expect(body, lang).toContain(MAC_STARTER);
      // the zip that needs an installed Node.js is the one for other systems, on Node 22 or later
      expect(body, lang).not.toMatch(/Node\.js 20/);
    }
  });

  it("sends the print dialog's addresses to the printing article", () => {
    expect(helpCatalog.slugForAlias("124")).toBe("printing");
    expect(helpCatalog.slugForAlias("125")).toBe("printing");
  });

  it("finds an article by a word of its body in every language", () => {
    for (const [lang, word, slug] of [
      ["en", "gap", "print-shifted"],
      ["zh", "校验位", "gs1"],
      ["pt", "calibração", "print-shifted"],
      ["es", "calibración", "print-shifted"],
      ["ru", "зазор", "print-shifted"],
    ] as const) {
      const found = new HelpSearch(helpCatalog, lang).search(word).map((h) => h.article.slug);
      expect(found, `${lang} ${word}`).toContain(slug);
      // the index made at build time (virtual:help-index) answers the same
      const prebuilt = new HelpSearch(helpCatalog, lang, built[lang]).search(word);
      expect(prebuilt.map((h) => [h.article.slug, h.snippet])).toEqual(
        new HelpSearch(helpCatalog, lang).search(word).map((h) => [h.article.slug, h.snippet]),
      );
    }
  });
});

const built = helpIndexes(join(__dirname, "../../help"));
