// A network label printer as the print assistant keeps it: name, host, port (9100), language
// (TSPL/ZPL), resolution, the label size it is loaded with, and its own settings (media, darkness,
// speed, method, direction, offsets, after printing: PrinterSettingsFields). Used to add a printer
// and to change (rename) one.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { DpiOptions } from "../../../editor/labelSettings/DpiOptions";
import type { PrinterSettings } from "../../../print/settings";
import { Field } from "../../ui/Field";
import { LengthInput } from "../../ui/LengthInput";
import { PrinterSettingsFields } from "./PrinterSettingsFields";

export interface PrinterEntry {
  readonly name: string;
  readonly host: string;
  readonly port: number;
  readonly language: "TSPL" | "ZPL";
  readonly dpi: number;
  readonly widthMm: number;
  readonly heightMm: number;
  readonly settings: PrinterSettings;
}

export const NEW_PRINTER: PrinterEntry = {
  name: "",
  host: "",
  port: 9100,
  language: "TSPL",
  dpi: 203,
  widthMm: 60,
  heightMm: 40,
  settings: { media: "gap", gapMm: 2 },
};

const num = (v: string, dflt: number) => (Number.isFinite(Number(v)) && v.trim() !== "" ? Number(v) : dflt);

export function PrinterForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  readonly initial: PrinterEntry;
  readonly submitLabel: string;
  readonly onSubmit: (p: PrinterEntry) => Promise<boolean>;
  readonly onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [p, setP] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState<{ name?: boolean; host?: boolean }>({});
  const set = (patch: Partial<PrinterEntry>) => setP((cur) => ({ ...cur, ...patch }));

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const next = { name: !p.name.trim(), host: !p.host.trim() };
    setMissing(next);
    if (next.name || next.host) return;
    setBusy(true);
    const ok = await onSubmit({ ...p, name: p.name.trim(), host: p.host.trim() });
    setBusy(false);
    if (ok && !onCancel) setP(NEW_PRINTER);
  }

  return (
    <form className="form printer-form" onSubmit={submit} noValidate data-testid="printer-form">
      <Field
        label={t("printer.net.name")}
        maxLength={100}
        value={p.name}
        onChange={(e) => set({ name: e.target.value })}
        error={missing.name ? t("printer.net.nameRequired") : null}
      />
      <Field
        label={t("printer.net.host")}
        maxLength={200}
        spellCheck={false}
        autoComplete="off"
        placeholder="192.168.1.50"
        value={p.host}
        onChange={(e) => set({ host: e.target.value })}
        error={missing.host ? t("printer.net.hostRequired") : null}
      />
      <Field
        label={t("printer.net.port")}
        inputMode="numeric"
        value={String(p.port)}
        onChange={(e) => set({ port: num(e.target.value.replace(/\D/g, "").slice(0, 5), 9100) })}
      />
      <label className="field">
        {t("printer.net.language")}
        <select
          value={p.language}
          onChange={(e) => set({ language: e.target.value === "ZPL" ? "ZPL" : "TSPL" })}
        >
          <option value="TSPL">TSPL</option>
          <option value="ZPL">ZPL</option>
        </select>
      </label>
      <label className="field">
        {t("printer.net.dpi")}
        <select value={p.dpi} onChange={(e) => set({ dpi: Number(e.target.value) })}>
          <DpiOptions />
        </select>
      </label>
      <LengthInput labelKey="printer.net.width" mm={p.widthMm} onMm={(widthMm) => set({ widthMm })} />
      <LengthInput labelKey="printer.net.height" mm={p.heightMm} onMm={(heightMm) => set({ heightMm })} />
      <PrinterSettingsFields
        language={p.language}
        settings={p.settings}
        onChange={(settings) => set({ settings })}
      />
      <div className="printer-form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t("printer.net.cancel")}
          </button>
        )}
      </div>
    </form>
  );
}
