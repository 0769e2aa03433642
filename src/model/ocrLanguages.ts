// The languages picture-to-label reads (issue 35): those whose scripts our fonts draw (Latin with
// the European languages and Vietnamese, Greek, Cyrillic, Arabic, Hebrew, Thai, Devanagari, CJK).
// Each is a set of tesseract models from npm (`@tesseract.js-data/<model>`, docs/ai.md), loaded by the
// server only when a picture asks for that language. Shared by the AI dialog (its choice, named with
// Intl.DisplayNames in the UI language) and the server (src/server/picture/ocr.ts).

export interface OcrLanguage {
  /** what the client sends (`language` of generateLabelFile) */
  readonly id: string;
  /** BCP 47 tag, for the language's name in the UI */
  readonly tag: string;
  /** tesseract models read together; a non-Latin script also gets English for the Latin words and
   * numbers labels mix in */
  readonly models: readonly string[];
}

const latin = (id: string, tag: string): OcrLanguage => ({ id, tag, models: [id] });
const other = (id: string, tag: string, models: readonly string[] = [id]): OcrLanguage => ({
  id,
  tag,
  models: ["eng", ...models],
});

export const OCR_LANGUAGES: readonly OcrLanguage[] = [
  latin("eng", "en"),
  latin("spa", "es"),
  latin("por", "pt"),
  latin("pol", "pl"),
  latin("ces", "cs"),
  latin("tur", "tr"),
  latin("vie", "vi"),
  other("ell", "el"),
  // npm has no Russian model: Ukrainian (и, щ) and Belarusian (ы, э, ё) together read Russian
  other("rus", "ru", ["ukr", "bel"]),
  other("ukr", "uk"),
  other("ara", "ar"),
  other("heb", "he"),
  other("tha", "th"),
  other("hin", "hi"),
  other("chi_sim", "zh-Hans"),
  other("chi_tra", "zh-Hant"),
  other("jpn", "ja"),
  other("kor", "ko"),
];

export const DEFAULT_OCR_LANGUAGE = "eng";

export const ocrLanguageOf = (id: string): OcrLanguage | undefined => OCR_LANGUAGES.find((l) => l.id === id);

/** The language a picture is read in when the user has not chosen: the UI language's, else English. */
export function defaultOcrLanguage(uiLang: string): string {
  const base = uiLang.toLowerCase();
  if (base.startsWith("zh")) return /tw|hk|mo|hant/.test(base) ? "chi_tra" : "chi_sim";
  const tag = base.split(/[-_]/)[0];
  return OCR_LANGUAGES.find((l) => l.tag === tag)?.id ?? DEFAULT_OCR_LANGUAGE;
}
