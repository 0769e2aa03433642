// The printer template's read-me: a label with changing fields names them and says how to write
// their values; one without says the template prints as it is, recalled by its name.
import { describe, expect, it } from "vitest";
import en from "../../../locales/en.json";
import { templateReadme } from "../../../src/editor/save/templateReadme";

const t = (key: string, vars: Record<string, string | number> = {}) =>
  (en as Record<string, string>)[key].replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars[v]));
const notes = (language: "ZPL" | "TSPL", fields: string[]) => ({
  fileName: "shelf.zpl",
  language,
  dpi: 203,
  name: "SHELF",
  fields,
  left: [],
  outsideFont: [],
});

describe("printer template read-me", () => {
  it("with fields: each field named, values replaced, the escaping advice", () => {
    const text = templateReadme(notes("ZPL", ["Price"]), t);
    expect(text).toContain("^FN1  Price");
    expect(text).toContain(en["editor.template.readme.call"]);
    expect(text).toContain(en["editor.template.readme.zplEscape"]);
  });

  for (const language of ["ZPL", "TSPL"] as const) {
    it(`${language} without changing fields: prints as it is, recalled by name, no field or escaping advice`, () => {
      const text = templateReadme(notes(language, []), t);
      expect(text).toContain(en["editor.template.readme.noFields"]);
      expect(text).toContain(en["editor.template.readme.callFixed"]);
      expect(text).toContain("SHELF");
      expect(text).not.toContain("<");
      expect(text).not.toContain(en["editor.template.readme.call"]);
      expect(text).not.toContain(en["editor.template.readme.zplEscape"]);
      expect(text).not.toContain(en["editor.template.readme.tsplEscape"]);
    });
  }
});
