// Help articles are rendered safely: raw HTML is escaped, unsafe links are refused, article links
// become help-centre addresses.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseFrontMatter } from "../../src/help/frontMatter";
import { plainText, renderMarkdown, shotsOf } from "../../src/help/markdown";

describe("renderMarkdown", () => {
  it("escapes raw HTML, script included", () => {
    const html = renderMarkdown(
      'Hello <script>alert(1)</script> and <img src=x onerror="alert(2)">\n\n<div>block</div>',
    );
    expect(html).not.toMatch(/<script|<img|<div/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;div&gt;block&lt;/div&gt;");
  });

  it("refuses javascript:, vbscript: and data: links", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "vbscript:x",
      "data:text/html,<b>x</b>",
    ]) {
      const html = renderMarkdown(`[click](${href})`);
      expect(html, href).not.toMatch(/href="(javascript|vbscript|data):/i);
      expect(html, href).not.toMatch(/<a [^>]*href="[^"#]/);
    }
  });

  it("turns help:<slug> into an app address and opens web links in a new tab", () => {
    const html = renderMarkdown("[Printing](help:printing) and [site](https://example.com/x)");
    expect(html).toContain('href="/label/helpDetail?id=printing"');
    expect(html).toContain('data-help-slug="printing"');
    expect(html).toMatch(/href="https:\/\/example.com\/x" target="_blank" rel="noopener noreferrer"/);
  });

  it("makes relative links inert", () => {
    expect(renderMarkdown("[x](../../etc/passwd)")).toContain('href="#"');
  });

  it("draws shot:<name> pictures from the app's help screenshots in the article's language; drops any other source", () => {
    const html = renderMarkdown(
      "![The print dialog](shot:print-dialog) ![x](https://evil.example/a.png) ![y](shot:../x)",
      "zh",
    );
    expect(html).toMatch(
      /<img src="[^"]*help\/shots\/zh\/print-dialog\.png" alt="The print dialog" loading="lazy" class="help-shot">/,
    );
    expect(html).not.toContain("evil.example");
    expect(html).not.toContain("../x");
    expect(shotsOf("a ![one](shot:editor) b ![two](shot:print-dialog)")).toEqual(["editor", "print-dialog"]);
  });

  it("every screenshot an article shows exists in its language (made by e2e/app/help-shots.spec.ts)", () => {
    const root = join(__dirname, "../../help");
    const used: string[] = [];
    for (const lang of readdirSync(root)) {
      if (!statSync(join(root, lang)).isDirectory()) continue;
      for (const file of readdirSync(join(root, lang)))
        for (const name of shotsOf(readFileSync(join(root, lang, file), "utf8"))) {
          used.push(`${lang}/${name}`);
          expect(
            existsSync(join(__dirname, "../../public/help/shots", lang, `${name}.png`)),
            `${lang}/${file}: ${name}`,
          ).toBe(true);
        }
    }
    // the articles do show pictures, in all five languages
    for (const lang of ["en", "zh", "pt", "es", "ru"])
      expect(used.filter((u) => u.startsWith(`${lang}/`)).length).toBeGreaterThanOrEqual(3);
  });

  it("shifts headings one level down (the page title is the h1)", () => {
    expect(renderMarkdown("# A\n\n## B")).toMatch(/<h2>A<\/h2>\s*<h3>B<\/h3>/);
  });

  it("makes an article's top headings h2 whatever level they are written at", () => {
    expect(renderMarkdown("## A\n\n### B\n\n## C")).toMatch(/<h2>A<\/h2>\s*<h3>B<\/h3>\s*<h2>C<\/h2>/);
  });

  it("every article's headings follow the page's h1 in order, no level skipped", () => {
    const root = join(__dirname, "../../help");
    const skips: string[] = [];
    for (const lang of readdirSync(root).filter((l) => statSync(join(root, l)).isDirectory()))
      for (const file of readdirSync(join(root, lang))) {
        const { body } = parseFrontMatter(readFileSync(join(root, lang, file), "utf8"));
        const levels = [
          1,
          ...[...renderMarkdown(body, lang).matchAll(/<h([1-6])>/g)].map((m) => Number(m[1])),
        ];
        levels.forEach((l, i) => {
          if (i > 0 && l > levels[i - 1] + 1) skips.push(`${lang}/${file}: h${levels[i - 1]} → h${l}`);
        });
      }
    expect(skips).toEqual([]);
  });
});

describe("plainText", () => {
  it("keeps the words and drops the syntax", () => {
    expect(plainText("## Title\n\nSome **bold** and `code`, a [link](help:x).\n\n- item")).toBe(
      "Title\nSome bold and code, a link.\nitem",
    );
  });
});

describe("parseFrontMatter", () => {
  it("reads key: value lines and the body", () => {
    const { fields, body } = parseFrontMatter("---\r\ntitle: A: b\r\norder: 2\r\n---\r\nBody\r\n");
    expect(fields).toEqual({ title: "A: b", order: "2" });
    expect(body).toBe("Body\n");
  });

  it("gives no fields without front matter", () => {
    expect(parseFrontMatter("Just text")).toEqual({ fields: {}, body: "Just text" });
  });
});
