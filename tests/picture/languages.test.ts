// Picture to label reads the languages our fonts draw (issue 35): a Greek and an Arabic label drawn
// by our own renderer come back with their words when read in their language, whose tesseract
// models (@tesseract.js-data/ell, …/ara) are loaded only then.
import { afterAll, describe, expect, it } from "vitest";
import { defaultOcrLanguage, OCR_LANGUAGES } from "../../src/model/ocrLanguages";
import type { LabelDocument, TextElement } from "../../src/model/types";
import { ocrModels, stopOcr } from "../../src/server/picture/ocr";
import { recognizeLabel } from "../../src/server/picture/recognize";
import { doc, el } from "../render/helpers";
import { renderPng } from "./support/photo";

afterAll(() => stopOcr());

function textAt(y: number, data: string): TextElement {
  const e = el("Text", { StartX: 5, StartY: y, Width: 80, Height: 12, FontSize: 24 }) as TextElement;
  return {
    ...e,
    Id: `t${y}`,
    Data: data,
    DataSourceList: [{ ...e.DataSourceList[0], FirstValue: data, NormalText: data }],
  };
}

const label = (lines: string[]): LabelDocument =>
  doc(
    lines.map((l, i) => textAt(5 + i * 15, l)),
    { width: 90, height: 10 + lines.length * 15 },
  );

/** The words of the Text elements recognised in the picture of `lines`, read in `language`. */
async function wordsRead(lines: string[], language: string): Promise<string[]> {
  const png = await renderPng(label(lines));
  const { doc: read } = await recognizeLabel(png, { width: 90, language });
  return read.elements
    .filter((e): e is TextElement => e.Type === "Text")
    .flatMap((e) => e.Data.split(/\s+/))
    .filter(Boolean);
}

describe("recognition languages", () => {
  it("reads Greek (with tonos) in Greek", async () => {
    const words = await wordsRead(["Ελιές Καλαμάτας", "Φέτα 200 γρ"], "ell");
    for (const w of ["Ελιές", "Καλαμάτας", "Φέτα", "200"]) expect(words).toContain(w);
  }, 180_000);

  it("reads Arabic in Arabic", async () => {
    const words = await wordsRead(["زيت الزيتون", "تمر مجدول"], "ara");
    for (const w of ["زيت", "الزيتون", "تمر", "مجدول"]) expect(words).toContain(w);
  }, 180_000);

  it("each language names installed models, and the UI language picks the default", () => {
    for (const l of OCR_LANGUAGES)
      for (const m of ocrModels(l.id)) expect(() => require.resolve(`@tesseract.js-data/${m}`)).not.toThrow();
    expect(defaultOcrLanguage("zh")).toBe("chi_sim");
    expect(defaultOcrLanguage("ru")).toBe("rus");
    expect(defaultOcrLanguage("pt-BR")).toBe("por");
    expect(defaultOcrLanguage("en")).toBe("eng");
  });
});
