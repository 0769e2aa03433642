// Help articles from Markdown to HTML, safely: raw HTML in the source is escaped (html: false) and
// markdown-it refuses javascript:, vbscript:, file: and non-image data: links. Links to other
// articles are written `help:<slug>` and become help-centre addresses; other links open in a new tab.
import MarkdownIt from "markdown-it";
import { articleHref } from "./links";

export const HELP_LINK_PREFIX = "help:";

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

const SAFE_SCHEMES = /^(https?:|mailto:)/i;

md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx];
  const href = String(token.attrGet("href") ?? "");
  if (href.startsWith(HELP_LINK_PREFIX)) {
    const slug = href.slice(HELP_LINK_PREFIX.length);
    token.attrSet("href", articleHref(slug));
    token.attrSet("data-help-slug", slug);
  } else if (SAFE_SCHEMES.test(href)) {
    token.attrSet("target", "_blank");
    token.attrSet("rel", "noopener noreferrer");
  } else if (!href.startsWith("#")) {
    // anything else (relative paths, unknown schemes) has no place in an article
    token.attrSet("href", "#");
  }
  return self.renderToken(tokens, idx, options);
};

/** The article's HTML. Headings are shifted down one level: the page's h1 is the title. */
export function renderMarkdown(source: string): string {
  const tokens = md.parse(source, {});
  for (const t of tokens) {
    if ((t.type === "heading_open" || t.type === "heading_close") && /^h[1-5]$/.test(t.tag)) {
      t.tag = `h${Number(t.tag[1]) + 1}`;
    }
  }
  return md.renderer.render(tokens, md.options, {});
}

/** The article's words without Markdown syntax, for the search index and result snippets. */
export function plainText(source: string): string {
  const tokens = md.parse(source, {});
  const out: string[] = [];
  for (const t of tokens) {
    if (t.type === "inline") {
      out.push(
        (t.children ?? [])
          .map((c) =>
            c.type === "text" || c.type === "code_inline" ? c.content : c.type === "softbreak" ? " " : "",
          )
          .join(""),
      );
    } else if (t.type === "fence" || t.type === "code_block") {
      out.push(t.content);
    }
  }
  return out
    .join("\n")
    .replace(/[ \t]+/g, " ")
    .trim();
}
