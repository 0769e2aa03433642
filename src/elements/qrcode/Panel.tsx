// Attribute panel of a QRcode element: 2D type, content, error correction, Han Xin version and
// encoding, the QR centre image, text settings, and the shared data source editor. Han Xin above
// version 30 turns the text off (tip131); a version the content does not fit is refused and the
// previous one stays (spec §4); text wider than the box warns with tip129.
import { useTranslation } from "react-i18next";
import { message } from "../../app/ui/message";
import {
  HANXIN_MAX_VERSION,
  isGs1Matrix,
  MATRIX_NAMES,
  normaliseEcLevel,
  prepareCode,
  QR_TYPES,
} from "../../codes";
import {
  EC_LEVELS,
  HANXIN_TIP_MESSAGE,
  hanxinShowsText,
  onHanxinVersionChange,
  onQrTypeChange,
} from "../../codes/rules";
import { pickLanguage } from "../../i18n/messages";
import { TIP } from "../../i18n/tips";
import { codeRequest } from "../../model/kinds/codeRequest";
import { centreImageHref } from "../../model/kinds/qrcode";
import type { QRCodeElement } from "../../model/types";
import { getFontRegistry } from "../../render";
import { Gs1Builder } from "../barcode/Gs1Builder";
import {
  CodeErrorNote,
  CodeTextFields,
  ContentField,
  SelectField,
  savePreferences,
  useCodeElement,
  useShownValue,
} from "../barcode/panelParts";
import { codeStatus } from "../barcode/status";
import { matrixTextTooWide } from "../barcode/textFit";
import { XDimensionFields } from "../barcode/XDimensionFields";
import { DataSourceEditor } from "../common/DataSourceEditor";
import { CentreImageField } from "./CentreImageField";

const HANXIN_VERSIONS = Array.from({ length: HANXIN_MAX_VERSION + 1 }, (_, v) => v);

export function QrPanel({ el: qr }: { readonly el: QRCodeElement }) {
  const { t, i18n } = useTranslation();
  const { store, current: latest, apply } = useCodeElement(qr.Id, "QRcode");
  const shown = useShownValue(qr);
  const setType = (type: number) => {
    const cur = latest();
    if (!cur) return;
    const next = onQrTypeChange(cur, type);
    apply(next);
    savePreferences({ QRCodeType: type, eclevel: next.ErrorCorrectionLevel });
  };
  // tip129 is about the text the canvas shows: the value of the shown record
  const warnIfTooWide = (next: QRCodeElement) => {
    if (matrixTextTooWide(next, shown, getFontRegistry())) store.message("warning", TIP.barcodeTextTooWide);
  };
  const setPosition = (p: 0 | 1 | 2) => {
    const cur = latest();
    if (!cur) return;
    apply({ BarcodeNumPosition: p });
    savePreferences({ QRCodeNumPosition: p });
    warnIfTooWide({ ...cur, BarcodeNumPosition: p });
  };
  const setFontSize = (v: number) => {
    const cur = latest();
    if (!cur) return;
    const size = Math.min(100, Math.max(1, Math.round(v * 2) / 2));
    apply({ FontSize: size });
    warnIfTooWide({ ...cur, FontSize: size });
  };
  const setEc = (ec: string) => {
    apply({ ErrorCorrectionLevel: ec });
    savePreferences({ eclevel: ec });
  };
  const setVersion = async (v: number) => {
    const cur = latest();
    if (!cur) return;
    const { el: next, notice } = onHanxinVersionChange(cur, v);
    // the content of the shown record is what has to fit the version
    await prepareCode(codeRequest(next, shown)).catch(() => undefined);
    const st = codeStatus(next, shown, pickLanguage(i18n.language));
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
  // a centre image needs error correction H (the encoder forces it; the choice shows it)
  const withImage = centreImageHref(qr) !== null;
  return (
    <>
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
        <CodeErrorNote el={qr} value={shown} />
        <XDimensionFields el={qr} value={shown} />
        {levels.length > 0 && (
          <SelectField
            label={t("editor.code.ecLevel")}
            value={withImage ? "H" : normaliseEcLevel(qr.QrCodeType, qr.ErrorCorrectionLevel)}
            options={levels.map((l) => ({ value: l, label: qr.QrCodeType === 4 ? `${l} %` : l }))}
            disabled={levels.length === 1 || withImage}
            onChange={setEc}
            testId="panel-code-ec"
          />
        )}
        {qr.QrCodeType === 1 && <CentreImageField el={qr} />}
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
              onChange={(v) => apply({ Encoding: v })}
              testId="panel-code-encoding"
            />
          </div>
        )}
        <CodeTextFields
          position={textOn ? qr.BarcodeNumPosition : 0}
          align={qr.TextAlign}
          fontSize={qr.FontSize}
          textOff={!textOn || qr.BarcodeNumPosition === 0}
          positionDisabled={!textOn}
          onPosition={setPosition}
          onAlign={(v) => apply({ TextAlign: v })}
          onFontSize={setFontSize}
        />
      </fieldset>
      {isGs1Matrix(qr.QrCodeType) && (
        <Gs1Builder el={qr} value={shown} digitalLink={qr.QrCodeType === QR_TYPES.GS1_DIGITAL_LINK} />
      )}
      <DataSourceEditor target={{ elementId: qr.Id }} code />
    </>
  );
}
