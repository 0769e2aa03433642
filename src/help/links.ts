// Addresses of the help centre, for its own pages and for links into it from the rest of the app
// (the print dialog's help link, the editor's "?" popover).

/** The router's base path (spec §2). */
export const APP_BASE = "/label";

/** The article the editor's "?" popover opens: how the editor is laid out and used. */
export const EDITOR_GUIDE_SLUG = "editor-basics";

/** The router path of an article. */
export function articlePath(slug: string): string {
  return `/helpDetail?id=${encodeURIComponent(slug)}`;
}

/** The full address of an article, for plain links and new tabs. */
export function articleHref(slug: string): string {
  return `${APP_BASE}${articlePath(slug)}`;
}

/** The print dialog's help link (spec §7): /help/124/ for Chinese, /en/help/125/ otherwise. */
export function printHelpHref(language: string): string {
  return `${APP_BASE}${language.startsWith("zh") ? "/help/124/" : "/en/help/125/"}`;
}
