// Help articles from Markdown to HTML, safely: raw HTML in the source is escaped (html: false) and
// markdown-it refuses javascript:, vbscript:, file: and non-image data: links. Links to other
// articles are written `help:<slug>` and become help-centre addresses; other links open in a new tab.
// Pictures are screenshots of the real app, written `![what it shows](shot:<name>)`: the e2e suite
// makes them (e2e/app/help-shots.spec.ts) in every language, under public/help/shots/<lang>/; any
// other picture source is dropped (an article never loads anything from elsewhere).
import MarkdownIt from "markdown-it";
import { articleHref } from "./links";
import { shotUrl } from "./shots";

export const HELP_LINK_PREFIX = "help:";
export const SHOT_PREFIX = "shot:";
const SHOT_NAME = /^[a-z0-9-]+$/;

export { shotUrl };

/** The screenshot names an article's Markdown uses. */
export function shotsOf(source: string): string[] {
  return [...source.matchAll(/!\[[^\]]*\]\(shot:([^)\s]+)\)/g)].map((m) => m[1]);
}

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

md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const lang = typeof env?.lang === "string" ? env.lang : "en";
  const token = tokens[idx];
  const src = String(token.attrGet("src") ?? "");
  const name = src.startsWith(SHOT_PREFIX) ? src.slice(SHOT_PREFIX.length) : "";
  if (!SHOT_NAME.test(name)) return "";
  token.attrSet("src", shotUrl(lang, name));
  token.attrSet("loading", "lazy");
  token.attrSet("class", "help-shot");
  token.attrSet("alt", self.renderInlineAsText(token.children ?? [], options, env));
  return self.renderToken(tokens, idx, options);
};

/**
 * The article's HTML, its screenshots in `lang`. Headings are shifted so that the article's top ones
 * are h2, the levels below following in order: the page's h1 is the title.
 */
export function renderMarkdown(source: string, lang = "en"): string {
  const env = { lang };
  const tokens = md.parse(source, env);
  const headings = tokens.filter((t) => t.type === "heading_open" || t.type === "heading_close");
  const shift = 2 - Math.min(...headings.map((t) => Number(t.tag[1])));
  for (const t of headings) t.tag = `h${Math.min(6, Number(t.tag[1]) + shift)}`;
  return md.renderer.render(tokens, md.options, env);
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
