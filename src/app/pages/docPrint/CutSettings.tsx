// The cut settings card of /pdfPrint: page range (with its error), label size (presets or typed mm),
// cut mode (auto crop; custom crop and rows × columns for members), tone, and "Cut into labels".
import { useTranslation } from "react-i18next";
import type { CutMode } from "../../../docprint/cut";
import { BOUNDS } from "../../../model/bounds";
import { useMembershipOn } from "../../auth/membership";
import { Field } from "../../ui/Field";
import { LengthInput } from "../../ui/LengthInput";
import { CUSTOM_SIZE, type CutSettingsState, SIZES } from "./useCutSettings";

interface Props {
  readonly s: CutSettingsState;
  readonly rangeError: string;
  readonly canCut: boolean;
  readonly busy: boolean;
  /** a mode was picked (the page checks membership before it takes) */
  readonly onMode: (mode: CutMode["kind"]) => void;
  /** a setting changed that makes the current cut out of date */
  readonly onStale: () => void;
  readonly onCut: () => void;
}

export function CutSettings({ s, rangeError, canCut, busy, onMode, onStale, onCut }: Props) {
  // the member mark goes when the server says membership is off (it shows while that is not known)
  const membershipOn = useMembershipOn() !== false;
  const { t } = useTranslation();
  const sizeLabel = (id: string) => {
    const p = SIZES.find((z) => z.id === id);
    if (!p) return t("docprint.size.custom");
    return p.inch
      ? t("docprint.size.inch", { w: id.split("x")[0], h: id.split("x")[1].replace("in", "") })
      : t("docprint.size.mm", { w: p.layout.width, h: p.layout.height });
  };

  return (
    <section className="card docprint-settings" aria-labelledby="docprint-settings-title">
      <h2 id="docprint-settings-title">{t("docprint.settings")}</h2>
      <Field
        label={t("docprint.range.label")}
        value={s.range}
        placeholder={t("docprint.range.placeholder")}
        error={rangeError}
        onChange={(e) => {
          s.setRange(e.target.value);
          onStale();
        }}
      />
      <div className="docprint-row">
        <div className="field">
          <label htmlFor="docprint-size">{t("docprint.size.label")}</label>
          <select
            id="docprint-size"
            value={s.sizeId}
            onChange={(e) => {
              s.chooseSize(e.target.value);
              onStale();
            }}
          >
            {SIZES.map((p) => (
              <option key={p.id} value={p.id}>
                {sizeLabel(p.id)}
              </option>
            ))}
            <option value={CUSTOM_SIZE}>{t("docprint.size.custom")}</option>
          </select>
        </div>
        {/* kept within the label bounds (BOUNDS.LabelWidth / LabelHeight, mm) where the size is used */}
        <LengthInput labelKey="docprint.size.width" mm={s.width} onMm={s.setWidth} />
        <LengthInput labelKey="docprint.size.height" mm={s.height} onMm={s.setHeight} />
      </div>
      <fieldset className="docprint-modes">
        <legend>{t("docprint.mode.label")}</legend>
        {(["auto", "custom", "split"] as const).map((m) => (
          <label key={m}>
            <input type="radio" name="docprint-mode" checked={s.mode === m} onChange={() => onMode(m)} />
            {t(`docprint.mode.${m}`)}
            {m !== "auto" && membershipOn ? (
              <span className="docprint-member-badge">{t("docprint.mode.memberBadge")}</span>
            ) : null}
          </label>
        ))}
      </fieldset>
      {s.mode === "split" ? (
        <div className="docprint-row">
          <Field
            label={t("docprint.split.rows")}
            type="number"
            min={BOUNDS.ColumnsRows.min}
            max={BOUNDS.ColumnsRows.max}
            value={s.rows}
            onChange={(e) => s.setRows(e.target.value)}
          />
          <Field
            label={t("docprint.split.columns")}
            type="number"
            min={BOUNDS.ColumnsRows.min}
            max={BOUNDS.ColumnsRows.max}
            value={s.columns}
            onChange={(e) => s.setColumns(e.target.value)}
          />
        </div>
      ) : null}
      {s.mode === "custom" ? <p className="muted">{t("docprint.custom.help")}</p> : null}
      <fieldset className="docprint-modes">
        <legend>{t("docprint.tone.label")}</legend>
        {(["threshold", "dither"] as const).map((m) => (
          <label key={m}>
            <input type="radio" name="docprint-tone" checked={s.tone === m} onChange={() => s.setTone(m)} />
            {t(`docprint.tone.${m}`)}
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy || !canCut || !s.sizeOk}
        onClick={onCut}
      >
        {t("docprint.cut.run")}
      </button>
    </section>
  );
}
