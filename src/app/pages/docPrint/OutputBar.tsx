// The output row of /pdfPrint: where to print (browser, the assistant's printers, cloud devices),
// copies, Print and Save as PDF.
import { useTranslation } from "react-i18next";
import { clamp } from "../../../model/bounds";
import { Field } from "../../ui/Field";
import { assistantOption, BROWSER, cloudOption, type usePrintTargets } from "./usePrintTargets";

interface Props {
  readonly targets: ReturnType<typeof usePrintTargets>;
  readonly copies: string;
  readonly setCopies: (copies: string) => void;
  readonly labelTotal: number;
  readonly busy: boolean;
  readonly onPrint: () => void;
  readonly onSavePdf: () => void;
}

export function OutputBar({ targets, copies, setCopies, labelTotal, busy, onPrint, onSavePdf }: Props) {
  const { t } = useTranslation();
  return (
    <div className="docprint-row docprint-output">
      <div className="field">
        <label htmlFor="docprint-printer">{t("docprint.print.printer")}</label>
        <select
          id="docprint-printer"
          data-testid="docprint-printer"
          value={targets.target}
          onChange={(e) => targets.setTarget(e.target.value)}
        >
          <option value={BROWSER}>{t("print.dialog.browser")}</option>
          {(targets.assistant ?? []).map((p) => (
            <option key={p.name} value={assistantOption(p)}>
              {p.name}
            </option>
          ))}
          {targets.cloud.map((d) => (
            <option key={d.id} value={cloudOption(d)}>
              {t("docprint.print.cloud", { name: d.name })}
            </option>
          ))}
        </select>
        {targets.assistant && !targets.assistant.length ? (
          <p className="muted">{t("print.assistant.notRunning")}</p>
        ) : null}
      </div>
      <Field
        label={t("docprint.print.copies")}
        type="number"
        min={1}
        value={copies}
        onChange={(e) => setCopies(e.target.value)}
        onBlur={() => setCopies(String(clamp("Quantity", Number(copies) || 1, 1)))}
      />
      <button type="button" className="btn btn-primary" disabled={busy || !labelTotal} onClick={onPrint}>
        {t("docprint.print.run")}
      </button>
      <button type="button" className="btn" disabled={busy || !labelTotal} onClick={onSavePdf}>
        {t("docprint.print.pdf")}
      </button>
    </div>
  );
}
