// Text settings shared by Text, TimeText, table cells and a multi-selection of text elements: font,
// size, bold/italic/underline/strike, alignment 0–4, arrangement, line height, letter spacing.
import { useTranslation } from "react-i18next";
import { BoundField, Check, Choice } from "../../editor/panels/fields/controls";
import type { BoundName } from "../../model/bounds";
import type { TextStyle } from "../../model/types";
import { FontPicker } from "./FontPicker";

export type StyleValues = { readonly [K in keyof TextStyle]?: TextStyle[K] };

interface Props {
  /** undefined fields: the selection differs there */
  readonly value: StyleValues;
  readonly onPatch: (patch: Partial<TextStyle>) => void;
  /** FontSize for text (1–100 step 0.5), TableFontSize for cells (whole) */
  readonly sizeBound?: BoundName;
  readonly testPrefix?: string;
}

export function TextStyleFields({ value, onPatch, sizeBound = "FontSize", testPrefix = "panel" }: Props) {
  const { t } = useTranslation();
  const id = (k: string) => `${testPrefix}-${k}`;
  return (
    <>
      <FontPicker
        value={value.FontFamily}
        testId={id("font")}
        onChange={(family, url) => onPatch({ FontFamily: family, fontFamilyUrl: url })}
      />
      <BoundField
        label={t("elements.text.fontSize")}
        bound={sizeBound}
        value={value.FontSize}
        testId={id("font-size")}
        onCommit={(v) => onPatch({ FontSize: v })}
      />
      <div className="ink-field-row">
        <Check
          label={t("elements.text.bold")}
          checked={value.Bold === true}
          testId={id("bold")}
          onChange={(v) => onPatch({ Bold: v })}
        />
        <Check
          label={t("elements.text.italic")}
          checked={value.Italic === true}
          testId={id("italic")}
          onChange={(v) => onPatch({ Italic: v })}
        />
      </div>
      <div className="ink-field-row">
        <Check
          label={t("elements.text.underline")}
          checked={value.UnderLine === true}
          testId={id("underline")}
          onChange={(v) => onPatch({ UnderLine: v })}
        />
        <Check
          label={t("elements.text.strike")}
          checked={value.DeleteLine === true}
          testId={id("strike")}
          onChange={(v) => onPatch({ DeleteLine: v })}
        />
      </div>
      <div className="ink-field-row">
        <Choice
          label={t("elements.text.align")}
          value={value.TextAlign}
          options={([0, 1, 2, 3, 4] as const).map((v) => ({ value: v, label: t(`elements.text.align${v}`) }))}
          testId={id("align")}
          onChange={(v) => onPatch({ TextAlign: v })}
        />
        <Choice
          label={t("elements.text.arrange")}
          value={value.TextArrange}
          options={([0, 1] as const).map((v) => ({ value: v, label: t(`elements.text.arrange${v}`) }))}
          testId={id("arrange")}
          onChange={(v) => onPatch({ TextArrange: v })}
        />
      </div>
      <div className="ink-field-row">
        <BoundField
          label={t("elements.text.lineHeight")}
          bound="LineHeight"
          value={value.LineHeight}
          testId={id("line-height")}
          onCommit={(v) => onPatch({ LineHeight: v })}
        />
        <BoundField
          label={t("elements.text.letterSpacing")}
          bound="LetterSpacing"
          value={value.LetterSpacing}
          testId={id("letter-spacing")}
          onCommit={(v) => onPatch({ LetterSpacing: v })}
        />
      </div>
    </>
  );
}
