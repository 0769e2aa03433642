// The help articles of the repository (help/<lang>/<slug>.md), gathered at build time by Vite.
// Imported only by the help pages, so the articles load with them and not with the rest of the app.
import { type Article, Catalog, parseArticle } from "./catalog";

const files = import.meta.glob<string>("../../help/*/*.md", {
  eager: true,
  query: "?raw",
  import: "default",
});

export const helpCatalog = new Catalog(
  Object.entries(files)
    .map(([path, text]) => parseArticle(path, text))
    .filter((a): a is Article => a !== null),
);
