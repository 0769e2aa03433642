// The layers import one way (docs/architecture.md): src/model imports no UI, the editor imports no
// kind's panel or UI (it receives them from src/elements/ui.ts through the route), and only the route
// joins the two. Read from the source text: every static `from "…"` and dynamic `import("…")`.
// The server has one way too: its routes run no SQL (route → service → db).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve("src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(d.name) && !d.name.endsWith(".test.ts") ? [p] : [];
  });
}

/** Each relative import of the files under `folder`, as "file → target" with paths under src/. */
function importsOf(folder: string): { file: string; target: string }[] {
  const out: { file: string; target: string }[] = [];
  for (const file of sourceFiles(join(ROOT, folder))) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)["'](\.[^"']*)["']/gm)) {
      out.push({ file: relative(ROOT, file), target: relative(ROOT, resolve(dirname(file), m[1])) });
    }
  }
  return out;
}

const offending = (folder: string, forbidden: RegExp) =>
  importsOf(folder)
    .filter((i) => forbidden.test(i.target))
    .map((i) => `${i.file} → ${i.target}`);

describe("import layers", () => {
  it("the scanner sees imports (a sanity check of the reader itself)", () => {
    const targets = importsOf("editor").map((i) => i.target);
    expect(targets).toContain("model/types");
    expect(offending("app/router", /^elements\/ui$/)).toEqual(["app/router/EditorRoute.tsx → elements/ui"]);
  });

  it("src/model imports nothing from the UI (elements, editor, app) nor React", () => {
    expect(offending("model", /^(elements|editor|app)(\/|$)/)).toEqual([]);
    const react = sourceFiles(join(ROOT, "model")).filter((f) =>
      /from\s*["']react/.test(readFileSync(f, "utf8")),
    );
    expect(react).toEqual([]);
  });

  it("src/editor imports nothing from src/elements (the kinds' UI reaches it through the route)", () => {
    expect(offending("editor", /^elements(\/|$)/)).toEqual([]);
  });

  it("src/editor imports no kind's panel, UI definition or the UI list", () => {
    expect(
      offending("editor", /^elements\/[^/]+\/(Panel|ui)$|^elements\/(ui|registry)$|MultiPanel$/),
    ).toEqual([]);
  });

  it("src/server/routes runs no SQL: routes validate and map, services (src/server/services) query", () => {
    const statements = sourceFiles(join(ROOT, "server/routes")).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          /\.query\s*[(<]|\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b/.test(line)
            ? [`${relative(ROOT, file)}:${i + 1}`]
            : [],
        ),
    );
    expect(sourceFiles(join(ROOT, "server/routes")).length).toBeGreaterThan(10);
    expect(statements).toEqual([]);
  });

  it("src/server/services imports no route: routes call services, never the other way", () => {
    expect(importsOf("server/services").length).toBeGreaterThan(10);
    expect(offending("server/services", /^server\/routes(\/|$)/)).toEqual([]);
  });
});
