// Every class a page uses is styled by CSS that page loads. Vite splits the CSS with the lazy chunks
// (src/app/router/routes.tsx): a class defined only in another page's stylesheet is unstyled until
// that other page has been visited (print records once showed an unstyled table and error line).
// Read from the source text: static imports make a chunk, `import("…")` starts another.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve("src");
const MAIN = join(ROOT, "app/main.tsx");
/** Chunks the router only ever renders inside another chunk (nested routes): child → layout. */
const RENDERED_INSIDE: Record<string, string> = Object.fromEntries(
  ["HelpHomePage", "HelpCatalogPage", "HelpDetailPage", "HelpSearchPage", "HelpAliasPage"].map((p) => [
    `app/pages/help/${p}.tsx`,
    "app/pages/help/HelpLayout.tsx",
  ]),
);

interface Module {
  readonly imports: string[];
  readonly lazy: string[];
  readonly css: string[];
  readonly classes: Set<string>;
}

function resolveModule(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")])
    if (existsSync(c) && statSync(c).isFile()) return c;
  return null;
}

const modules = new Map<string, Module>();
function read(file: string): Module {
  const known = modules.get(file);
  if (known) return known;
  const text = readFileSync(file, "utf8");
  const m: Module = { imports: [], lazy: [], css: [], classes: new Set() };
  for (const [, stmt, spec] of text.matchAll(/^\s*((?:import|export)\b[^"';]*?)["'](\.[^"']*)["']/gm)) {
    if (/^\s*(import|export)\s+type\s/.test(stmt)) continue; // erased at build
    if (spec.endsWith(".css")) m.css.push(resolve(dirname(file), spec));
    else {
      const to = resolveModule(file, spec);
      if (to) m.imports.push(to);
    }
  }
  for (const [, spec] of text.matchAll(/\bimport\(\s*["'](\.[^"']*)["']\s*\)/g)) {
    const to = resolveModule(file, spec);
    if (to) m.lazy.push(to);
  }
  // the words of every string literal in a className expression
  for (const [, expr] of text.matchAll(/className=(\{[^\n]*|"[^"]*")/g))
    for (const [, str] of expr.matchAll(/["'`]([^"'`]*)["'`]/g))
      for (const word of str.split(/\s+/)) if (/^[a-z][\w-]*$/.test(word)) m.classes.add(word);
  modules.set(file, m);
  return m;
}

/** The modules bundled with `entry` (its static imports, transitively). */
function chunk(entry: string): Set<string> {
  const seen = new Set<string>();
  const todo = [entry];
  for (let f = todo.pop(); f; f = todo.pop()) {
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...read(f).imports);
  }
  return seen;
}

const cssFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = join(dir, d.name);
    return d.isDirectory() ? cssFiles(p) : p.endsWith(".css") ? [p] : [];
  });
const classesOf = (css: string) =>
  new Set([...readFileSync(css, "utf8").matchAll(/\.([a-zA-Z][\w-]*)/g)].map((m) => m[1]));
const definedIn = new Map<string, string[]>();
for (const f of cssFiles(ROOT))
  for (const c of classesOf(f)) definedIn.set(c, [...(definedIn.get(c) ?? []), relative(ROOT, f)]);

const stylesOf = (files: Iterable<string>) => [...files].flatMap((f) => read(f).css);

/** The lazy chunks reachable from the app's entry, each with the chunks that load it. */
function lazyChunks(): Map<string, Set<string>> {
  const loadedBy = new Map<string, Set<string>>();
  const todo = [MAIN];
  const done = new Set<string>();
  for (let e = todo.pop(); e; e = todo.pop()) {
    if (done.has(e)) continue;
    done.add(e);
    for (const f of chunk(e))
      for (const l of read(f).lazy) {
        loadedBy.set(l, (loadedBy.get(l) ?? new Set()).add(e));
        todo.push(l);
      }
  }
  return loadedBy;
}

/** The classes used in `entry`'s chunk that only other chunks' CSS defines, as "chunk | file class → css". */
function unstyled(entry: string, loadedBy: ReadonlySet<string>): string[] {
  const files = chunk(entry);
  const css = new Set([...stylesOf(chunk(MAIN)), ...stylesOf(files)]);
  // a chunk loaded from several places can count only on the CSS all of them have
  const fromLoaders = [...loadedBy].map((l) => new Set(stylesOf(chunk(l))));
  if (fromLoaders.length) for (const c of fromLoaders[0]) if (fromLoaders.every((s) => s.has(c))) css.add(c);
  const inside = RENDERED_INSIDE[relative(ROOT, entry)];
  if (inside) for (const c of stylesOf(chunk(join(ROOT, inside)))) css.add(c);
  const styled = new Set([...css].flatMap((f) => [...classesOf(f)]));
  return [...files].flatMap((f) =>
    [...read(f).classes]
      .filter((c) => definedIn.has(c) && !styled.has(c))
      .map((c) => `${relative(ROOT, entry)} | ${relative(ROOT, f)} ${c} → ${definedIn.get(c)?.join(", ")}`),
  );
}

describe("page styles", () => {
  const loadedBy = lazyChunks();

  it("finds the app's lazy pages and the classes they use (a sanity check of the reader)", () => {
    expect([...loadedBy.keys()].map((f) => relative(ROOT, f))).toEqual(
      expect.arrayContaining(["app/pages/printRecord/PrintRecordPage.tsx", "app/router/EditorRoute.tsx"]),
    );
    expect(read(join(ROOT, "app/ui/ItemTable.tsx")).classes).toContain("item-table");
  });

  it("every chunk has the CSS of every class it uses", () => {
    const missing = [MAIN, ...loadedBy.keys()].flatMap((e) => unstyled(e, loadedBy.get(e) ?? new Set()));
    expect([...new Set(missing)].sort()).toEqual([]);
  });
});
