// One definition per concept (docs/architecture.md): the mm ↔ point and mm ↔ dot factors live in
// src/model/units.ts (mmToPt, ptToMm, mmToDots, dotsToMm) and each point type once, so a file never
// declares its own copy.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

const FILES = [...sourceFiles(resolve("src")), ...sourceFiles(resolve("machines"))];

/** The file of every source line matching `re` (a file once per line). */
function linesMatching(re: RegExp): string[] {
  return FILES.flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line) => (re.test(line) ? [relative(resolve("."), file)] : [])),
  );
}

describe("constants once", () => {
  it("the scanner reads the sources", () => {
    expect(linesMatching(/export function mmToPt\b/)).toEqual(["src/model/units.ts"]);
  });

  it("no file spells the points-per-mm factor (72 / 25.4 or 25.4 / 72): units.ts converts", () => {
    // also as (mm * 72) / 25.4, the product bracketed
    expect(linesMatching(/\b72\)?\s*\/\s*25\.4\b|\b25\.4\)?\s*\/\s*72\b/)).toEqual([]);
  });

  it("printing, document printing and the codes convert mm ↔ dots with units.ts (mmToDots, dotsToMm)", () => {
    const converters = FILES.filter((f) => /\/src\/(print|docprint|codes)\//.test(f)).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          // code, not comments: 25.4 or MM_PER_INCH spelled out is a conversion of its own
          !/^\s*(\/\/|\*|\/\*)/.test(line) && /\b25\.4\b|\bMM_PER_INCH\b/.test(line)
            ? [`${relative(resolve("."), file)}:${i + 1}`]
            : [],
        ),
    );
    expect(converters).toEqual([]);
    expect(linesMatching(/export function (mmToDots|dotsToMm)\b/)).toEqual([
      "src/model/units.ts",
      "src/model/units.ts",
    ]);
  });

  it("each point type is declared once", () => {
    expect(linesMatching(/^\s*(export\s+)?(interface|type)\s+Point\b/)).toEqual(["src/model/geometry.ts"]);
    expect(linesMatching(/^\s*(export\s+)?(interface|type)\s+(PicturePoint|Quad)\b/)).toEqual([
      "src/image/quad.ts",
      "src/image/quad.ts",
    ]);
  });
});
