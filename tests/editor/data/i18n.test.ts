// Every message the editor's data UI shows exists, translated, in all five languages.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TIP, type TipName } from "../../../src/i18n/tips";

const DIR = "src/editor/data";
const LANGS = ["en", "zh", "pt", "es", "ru"] as const;
const locales = Object.fromEntries(
  LANGS.map((l) => [l, JSON.parse(readFileSync(`locales/${l}.json`, "utf8")) as Record<string, string>]),
);

function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const f of readdirSync(DIR).filter((n) => n.endsWith(".tsx") || n.endsWith(".ts"))) {
    const src = readFileSync(join(DIR, f), "utf8");
    for (const m of src.matchAll(/\bt\(\s*"([a-z][\w.]+)"/g)) keys.add(m[1]);
    for (const m of src.matchAll(/"(editor\.data\.[\w]+|tip\.tip\d+)"/g)) keys.add(m[1]);
    for (const m of src.matchAll(/\bTIP\.(\w+)/g)) keys.add(TIP[m[1] as TipName]);
    // keys built from a type number: editor.data.type0 … type5
    if (src.includes("`editor.data.type${")) for (let i = 0; i <= 5; i++) keys.add(`editor.data.type${i}`);
  }
  return [...keys].sort();
}

describe("editor data messages", () => {
  const keys = usedKeys();
  it("finds the keys the UI uses", () => {
    expect(keys).toContain("editor.data.recordOf");
    expect(keys).toContain("tip.tip110");
    expect(keys.length).toBeGreaterThan(25);
  });

  it.each(LANGS)("has every key in %s", (lang) => {
    const missing = keys.filter((k) => typeof locales[lang][k] !== "string" || locales[lang][k] === "");
    expect(missing).toEqual([]);
  });

  it("translates the wording (not English copies), keeping placeholders", () => {
    for (const k of keys) {
      const en = locales.en[k];
      for (const l of ["zh", "ru"] as const) {
        if (k !== "editor.data.recordOf") expect(locales[l][k], `${l} ${k}`).not.toBe(en);
        for (const ph of en.match(/\{\{\w+\}\}/g) ?? []) expect(locales[l][k]).toContain(ph);
      }
    }
  });
});
