// Attribute panel of a Barcode element: symbology, content, text position/alignment/size, keep
// proportion, and the shared data source editor (fixed, spreadsheet, sequence, reference). Type
// changes follow the reset rules of src/codes/rules.ts and are saved as preferences.
import { useTranslation } from "react-i18next";
import { canonicalBarcodeType, LINEAR_SYMBOLOGIES } from "../../codes";
import { clampBarcodeFontSize, onBarcodeTypeChange } from "../../codes/rules";
import { NumberField } from "../../editor/panels/NumberField";
import type { BarcodeElement, LabelElement } from "../../model/types";
import { getFontRegistry } from "../../render";
import { DataSourceEditor } from "../common/DataSourceEditor";
import {
  alignOptions,
  CodeErrorNote,
  ContentField,
  markCodeEdited,
  positionOptions,
  SelectField,
  savePreferences,
  useCodeElement,
  useShownValue,
} from "./panelParts";
import { barcodeTextTooWide } from "./textFit";

export function BarcodePanel({ el }: { readonly el: LabelElement }) {
  const { t } = useTranslation();
  const bc = el as BarcodeElement;
  const { store, current, apply } = useCodeElement(bc.Id);
  const shown = useShownValue(bc);
  const latest = () => {
    const cur = current();
    return cur?.Type === "Barcode" ? cur : undefined;
  };
  const setType = (type: number) => {
    const cur = latest();
    if (!cur) return;
    apply(onBarcodeTypeChange(cur, type));
    savePreferences({ BarCodeType: type });
  };
  // tip129 is about the text the canvas shows: the value of the shown record
  const warnIfTooWide = (next: BarcodeElement) => {
    if (barcodeTextTooWide(next, shown, getFontRegistry())) store.message("warning", "tip.tip129");
  };
  const setPosition = (p: 0 | 1 | 2) => {
    const cur = latest();
    if (!cur) return;
    const size = clampBarcodeFontSize(cur.BarCodeType, cur.FontSize, p);
    apply({ BarcodeNumPosition: p, FontSize: size } as Partial<LabelElement>);
    savePreferences({ BarcodeNumPosition: p });
    warnIfTooWide({ ...cur, BarcodeNumPosition: p, FontSize: size });
  };
  const setFontSize = (v: number) => {
    const cur = latest();
    if (!cur) return;
    const size = clampBarcodeFontSize(cur.BarCodeType, v, cur.BarcodeNumPosition);
    apply({ FontSize: size } as Partial<LabelElement>);
    warnIfTooWide({ ...cur, FontSize: size });
  };
  return (
    <>
      <fieldset className="ink-panel-group">
        <legend>{t("editor.code.barcode")}</legend>
        <SelectField
          label={t("editor.code.type")}
          value={canonicalBarcodeType(bc.BarCodeType)}
          options={LINEAR_SYMBOLOGIES.map((s) => ({ value: s.code, label: s.name }))}
          onChange={setType}
          testId="panel-code-type"
        />
        <ContentField el={bc} />
        <CodeErrorNote el={bc} value={shown} />
        <div className="ink-field-row">
          <SelectField
            label={t("editor.code.textPosition")}
            value={bc.BarcodeNumPosition}
            options={positionOptions(t)}
            onChange={setPosition}
            testId="panel-code-position"
          />
          <SelectField
            label={t("editor.code.textAlign")}
            value={bc.TextAlign}
            options={alignOptions(t)}
            disabled={bc.BarcodeNumPosition === 0}
            onChange={(v) => apply({ TextAlign: v } as Partial<LabelElement>)}
            testId="panel-code-align"
          />
        </div>
        <NumberField
          label={t("editor.code.fontSize")}
          value={bc.FontSize}
          decimals={1}
          step={0.5}
          readOnly={bc.BarcodeNumPosition === 0}
          onCommit={setFontSize}
          testId="panel-code-font-size"
        />
        <label className="ink-field ink-field-check">
          <input
            type="checkbox"
            checked={bc.ISParticipating}
            data-testid="panel-code-proportion"
            onChange={(e) => apply({ ISParticipating: e.target.checked } as Partial<LabelElement>)}
          />
          <span>{t("editor.code.keepProportion")}</span>
        </label>
      </fieldset>
      <DataSourceEditor target={{ elementId: bc.Id }} afterChange={markCodeEdited(bc.Id)} />
    </>
  );
}
