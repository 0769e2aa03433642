// Every message the element panels show exists, translated, in all five languages (keys written out
// in src/elements and the editor's images folder, not the codes' folders, which have their own test).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TIP, type TipName } from "../../src/i18n/tips";

const DIRS = [
  ...["common", "image", "line", "shape", "table", "text", "timeText"].map((d) => `src/elements/${d}`),
  "src/editor/images", // the cloud image chooser and image reading the panels use
];
const LANGS = ["en", "zh", "pt", "es", "ru"] as const;
const locales = Object.fromEntries(
  LANGS.map((l) => [l, JSON.parse(readFileSync(`locales/${l}.json`, "utf8")) as Record<string, string>]),
);

function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const dir of DIRS) {
    for (const f of readdirSync(dir)) {
      const path = join(dir, f);
      if (!statSync(path).isFile() || !/\.tsx?$/.test(f)) continue;
      const src = readFileSync(path, "utf8");
      for (const m of src.matchAll(/\bt\(\s*"([a-z][\w.]+)"/g)) keys.add(m[1]);
      for (const m of src.matchAll(/"((?:elements|editor)\.[\w.]+|tip\.tip\d+)"/g)) keys.add(m[1]);
      for (const m of src.matchAll(/\bTIP\.(\w+)/g)) keys.add(TIP[m[1] as TipName]);
    }
  }
  return [...keys].sort();
}

describe("element panel messages", () => {
  const keys = usedKeys();
  it("finds the keys the panels use", () => {
    expect(keys).toContain(TIP.doubleClickToEdit);
    expect(keys).toContain("elements.image.cloudTitle");
    expect(keys.length).toBeGreaterThan(40);
  });
  it.each(LANGS)("%s has every key, non-empty", (lang) => {
    const missing = keys.filter((k) => !(typeof locales[lang][k] === "string" && locales[lang][k].trim()));
    expect(missing).toEqual([]);
  });
  it("the other languages are translated, not English copies", () => {
    for (const lang of LANGS.filter((l) => l !== "en")) {
      const copies = keys.filter(
        (k) => locales[lang][k] === locales.en[k] && /[a-z]{4}/i.test(locales.en[k]),
      );
      // a few words are the same in several languages (brand names, "Roboto"…): allow a handful
      expect(copies.length, `${lang}: ${copies.join(", ")}`).toBeLessThan(4);
    }
  });
});
