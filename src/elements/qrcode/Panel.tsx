// Attribute panel of a QRcode element: 2D type, content, error correction, Han Xin version and
// encoding, text settings. Han Xin above version 30 turns the text off (tip131); a version the content
// does not fit is refused and the previous one stays (spec §4).
import { useTranslation } from "react-i18next";
import { message } from "../../app/ui/message";
import { HANXIN_MAX_VERSION, MATRIX_NAMES, normaliseEcLevel, prepareCode } from "../../codes";
import {
  EC_LEVELS,
  HANXIN_TIP_MESSAGE,
  hanxinShowsText,
  onHanxinVersionChange,
  onQrTypeChange,
} from "../../codes/rules";
import { NumberField } from "../../editor/panels/NumberField";
import { pickLanguage } from "../../i18n/messages";
import type { LabelElement, QRCodeElement } from "../../model/types";
import { codeRequest, codeStatus } from "../barcode/common";
import {
  alignOptions,
  CodeErrorNote,
  ContentField,
  positionOptions,
  SelectField,
  savePreferences,
  useCodeElement,
} from "../barcode/panelParts";

const HANXIN_VERSIONS = Array.from({ length: HANXIN_MAX_VERSION + 1 }, (_, v) => v);

export function QrPanel({ el }: { readonly el: LabelElement }) {
  const { t, i18n } = useTranslation();
  const qr = el as QRCodeElement;
  const { store, current, apply } = useCodeElement(qr.Id);
  const latest = () => {
    const cur = current();
    return cur?.Type === "QRcode" ? cur : undefined;
  };
  const setType = (type: number) => {
    const cur = latest();
    if (!cur) return;
    const next = onQrTypeChange(cur, type);
    apply(next);
    savePreferences({ QRCodeType: type, eclevel: next.ErrorCorrectionLevel });
  };
  const setEc = (ec: string) => {
    apply({ ErrorCorrectionLevel: ec } as Partial<LabelElement>);
    savePreferences({ eclevel: ec });
  };
  const setVersion = async (v: number) => {
    const cur = latest();
    if (!cur) return;
    const { el: next, notice } = onHanxinVersionChange(cur, v);
    await prepareCode(codeRequest(next, next.Data)).catch(() => undefined);
    const st = codeStatus(next, next.Data, pickLanguage(i18n.language));
    if (!st.ok && st.detail?.includes(HANXIN_TIP_MESSAGE)) {
      // the content does not fit this version: keep the previous version and text position, and say
      // why (tip111 with the encoder's text after the colon)
      message.error(st.message);
      return;
    }
    apply(next);
    if (notice) store.message("warning", notice);
  };
  const levels = EC_LEVELS[qr.QrCodeType] ?? [];
  const textOn = hanxinShowsText(qr);
  return (
    <fieldset className="ink-panel-group">
      <legend>{t("editor.code.qrcode")}</legend>
      <SelectField
        label={t("editor.code.type")}
        value={qr.QrCodeType}
        options={Object.entries(MATRIX_NAMES).map(([v, name]) => ({ value: Number(v), label: name }))}
        onChange={setType}
        testId="panel-code-type"
      />
      <ContentField el={qr} />
      <CodeErrorNote el={qr} />
      {levels.length > 0 && (
        <SelectField
          label={t("editor.code.ecLevel")}
          value={normaliseEcLevel(qr.QrCodeType, qr.ErrorCorrectionLevel)}
          options={levels.map((l) => ({ value: l, label: qr.QrCodeType === 4 ? `${l} %` : l }))}
          disabled={levels.length === 1}
          onChange={setEc}
          testId="panel-code-ec"
        />
      )}
      {qr.QrCodeType === 5 && (
        <div className="ink-field-row">
          <SelectField
            label={t("editor.code.hanxinVersion")}
            value={qr.HanxinVersion}
            options={HANXIN_VERSIONS.map((v) => ({
              value: v,
              label: v === 0 ? t("editor.code.auto") : String(v),
            }))}
            onChange={(v) => void setVersion(v)}
            testId="panel-code-version"
          />
          <SelectField
            label={t("editor.code.encoding")}
            value={qr.Encoding.toLowerCase() === "gb18030" ? "gb18030" : "UTF-8"}
            options={[
              { value: "UTF-8", label: "UTF-8" },
              { value: "gb18030", label: "GB 18030" },
            ]}
            onChange={(v) => apply({ Encoding: v } as Partial<LabelElement>)}
            testId="panel-code-encoding"
          />
        </div>
      )}
      <div className="ink-field-row">
        <SelectField
          label={t("editor.code.textPosition")}
          value={textOn ? qr.BarcodeNumPosition : 0}
          options={positionOptions(t)}
          disabled={!textOn}
          onChange={(p) => {
            apply({ BarcodeNumPosition: p } as Partial<LabelElement>);
            savePreferences({ QRCodeNumPosition: p });
          }}
          testId="panel-code-position"
        />
        <SelectField
          label={t("editor.code.textAlign")}
          value={qr.TextAlign}
          options={alignOptions(t)}
          disabled={!textOn || qr.BarcodeNumPosition === 0}
          onChange={(v) => apply({ TextAlign: v } as Partial<LabelElement>)}
          testId="panel-code-align"
        />
      </div>
      <NumberField
        label={t("editor.code.fontSize")}
        value={qr.FontSize}
        decimals={1}
        step={0.5}
        readOnly={!textOn || qr.BarcodeNumPosition === 0}
        onCommit={(v) =>
          apply({ FontSize: Math.min(100, Math.max(1, Math.round(v * 2) / 2)) } as Partial<LabelElement>)
        }
        testId="panel-code-font-size"
      />
    </fieldset>
  );
}
