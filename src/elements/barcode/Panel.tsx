// Attribute panel of a Barcode element: symbology, content, text position/alignment/size, keep
// proportion, and the shared data source editor (fixed, spreadsheet, sequence, reference). Type
// changes follow the reset rules of src/codes/rules.ts and are saved as preferences.
import { useTranslation } from "react-i18next";
import { canonicalBarcodeType, isGs1Code, LINEAR_SYMBOLOGIES } from "../../codes";
import { clampBarcodeFontSize, onBarcodeTypeChange } from "../../codes/rules";
import { Check } from "../../editor/panels/fields/controls";
import { TIP } from "../../i18n/tips";
import type { BarcodeElement } from "../../model/types";
import { getFontRegistry } from "../../render";
import { DataSourceEditor } from "../common/DataSourceEditor";
import { Gs1Builder } from "./Gs1Builder";
import {
  CodeErrorNote,
  CodeTextFields,
  ContentField,
  SelectField,
  savePreferences,
  useCodeElement,
  useShownValue,
} from "./panelParts";
import { QuietZoneNote } from "./QuietZoneNote";
import { barcodeTextTooWide } from "./textFit";
import { XDimensionFields } from "./XDimensionFields";

export function BarcodePanel({ el: bc }: { readonly el: BarcodeElement }) {
  const { t } = useTranslation();
  const { store, current: latest, apply } = useCodeElement(bc.Id, "Barcode");
  const shown = useShownValue(bc);
  const setType = (type: number) => {
    const cur = latest();
    if (!cur) return;
    apply(onBarcodeTypeChange(cur, type));
    savePreferences({ BarCodeType: type });
  };
  // tip129 is about the text the canvas shows: the value of the shown record
  const warnIfTooWide = (next: BarcodeElement) => {
    if (barcodeTextTooWide(next, shown, getFontRegistry())) store.message("warning", TIP.barcodeTextTooWide);
  };
  const setPosition = (p: 0 | 1 | 2) => {
    const cur = latest();
    if (!cur) return;
    const size = clampBarcodeFontSize(cur.BarCodeType, cur.FontSize, p);
    apply({ BarcodeNumPosition: p, FontSize: size });
    savePreferences({ BarcodeNumPosition: p });
    warnIfTooWide({ ...cur, BarcodeNumPosition: p, FontSize: size });
  };
  const setFontSize = (v: number) => {
    const cur = latest();
    if (!cur) return;
    const size = clampBarcodeFontSize(cur.BarCodeType, v, cur.BarcodeNumPosition);
    apply({ FontSize: size });
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
        <QuietZoneNote el={bc} value={shown} />
        <XDimensionFields el={bc} value={shown} />
        <CodeTextFields
          position={bc.BarcodeNumPosition}
          align={bc.TextAlign}
          fontSize={bc.FontSize}
          textOff={bc.BarcodeNumPosition === 0}
          onPosition={setPosition}
          onAlign={(v) => apply({ TextAlign: v })}
          onFontSize={setFontSize}
        />
        <Check
          label={t("editor.code.keepProportion")}
          checked={bc.ISParticipating}
          testId="panel-code-proportion"
          onChange={(v) => apply({ ISParticipating: v })}
        />
      </fieldset>
      {isGs1Code({ kind: "barcode", type: bc.BarCodeType }) && <Gs1Builder el={bc} value={shown} />}
      <DataSourceEditor target={{ elementId: bc.Id }} code />
    </>
  );
}
