// The language of the label's text, for picture to label's recognition (docs/ai.md): the languages
// the server reads (src/model/ocrLanguages.ts), each named in the UI language by the browser.
import { useTranslation } from "react-i18next";
import { OCR_LANGUAGES } from "../../model/ocrLanguages";

function namer(uiLang: string): (tag: string) => string {
  try {
    const names = new Intl.DisplayNames([uiLang], { type: "language" });
    return (tag) => names.of(tag) ?? tag;
  } catch {
    return (tag) => tag;
  }
}

export function TextLanguageField({
  value,
  onChange,
}: {
  readonly value: string;
  readonly onChange: (language: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const name = namer(i18n.language);
  return (
    <label className="ink-field">
      <span>{t("ai.language")}</span>
      <select value={value} data-testid="ai-language" onChange={(e) => onChange(e.target.value)}>
        {OCR_LANGUAGES.map((l) => (
          <option key={l.id} value={l.id}>
            {name(l.tag)}
          </option>
        ))}
      </select>
    </label>
  );
}
