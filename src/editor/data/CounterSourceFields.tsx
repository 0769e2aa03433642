// A counter entry's fields (DataSourceType 6, docs/data-sources.md "Counters"): pick one of the
// user's server-kept counters, or create one (name, start, step, digits, prefix, when it starts
// again) through the counter routes, and see its next numbers (a preview: nothing is reserved; the
// print job reserves them). A refused creation shows the server's translated reason (request client).
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  COUNTER_NAME_MAX,
  COUNTER_PREFIX_MAX,
  type CounterSettings,
  MAX_START,
  MAX_STEP,
  MAX_WIDTH,
  RESET_RULES,
  type ResetRule,
} from "../../model/counters";
import type { DataSource } from "../../model/types";
import { useDataContext } from "./context";
import type { CounterInfo } from "./counterApi";

/** How many next numbers the fields show. */
const SHOWN = 3;

export interface CounterSourceFieldsProps {
  readonly source: DataSource;
  readonly onPick: (patch: Pick<DataSource, "CounterId" | "CounterName" | "FirstValue">) => void;
}

const NEW: CounterSettings = { name: "", start: 1, step: 1, width: 0, prefix: "", reset: "never" };

export function CounterSourceFields({ source, onPick }: CounterSourceFieldsProps) {
  const { t } = useTranslation();
  const data = useDataContext();
  const api = data?.counters;
  const id = useId();
  const [list, setList] = useState<CounterInfo[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [next, setNext] = useState<string[]>([]);
  const [form, setForm] = useState<CounterSettings | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!api) return;
    let live = true;
    api.list().then(
      (l) => live && setList(l),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const chosen = source.CounterId;
  const version = data?.counterVersion ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks again after a pick (the numbers may have moved)
  useEffect(() => {
    setNext([]);
    if (!api || !chosen) return;
    let live = true;
    api.preview(chosen, SHOWN).then(
      (n) => live && setNext(n),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [api, chosen, version]);

  const pick = (c: CounterInfo) => {
    onPick({ CounterId: c.id, CounterName: c.name, FirstValue: c.next });
    data?.countersChanged();
  };

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (!api || !form || busy) return;
    setBusy(true);
    try {
      const made = await api.create(form);
      setList((l) => [...(l ?? []), made]);
      setForm(null);
      pick(made);
    } catch {
      // the request client showed the server's translated reason; the form stays for a fix
    } finally {
      setBusy(false);
    }
  };

  const options = list ?? [];
  // a counter not (yet) in the list still shows under the name the entry last saw
  const known = !chosen || options.some((c) => c.id === chosen);
  const set = <K extends keyof CounterSettings>(k: K, v: CounterSettings[K]) =>
    setForm((f) => (f ? { ...f, [k]: v } : f));
  const num = (k: "start" | "step" | "width", min: number, max: number) => (
    <label className="ink-field">
      <span>{t(`elements.source.counter${k[0].toUpperCase()}${k.slice(1)}`)}</span>
      <input
        type="number"
        min={min}
        max={max}
        step={1}
        required
        data-testid={`counter-new-${k}`}
        value={form ? String(form[k]) : ""}
        onChange={(e) => set(k, e.target.value === "" ? Number.NaN : Number(e.target.value))}
      />
    </label>
  );

  return (
    <div className="ink-counter-fields">
      <label className="ink-field">
        <span>{t("elements.source.counter")}</span>
        <select
          data-testid="source-counter"
          value={chosen}
          aria-describedby={`${id}-next`}
          onChange={(e) => {
            const hit = options.find((c) => c.id === e.target.value);
            if (hit) pick(hit);
          }}
        >
          {!chosen && <option value="">{t("elements.source.counterChoose")}</option>}
          {!known && <option value={chosen}>{source.CounterName || chosen}</option>}
          {options.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <output
        id={`${id}-next`}
        aria-live="polite"
        className="ink-panel-note"
        data-testid="source-counter-next"
      >
        {failed
          ? t("elements.source.counterLoadFailed")
          : next.length > 0
            ? t("elements.source.counterNext", { numbers: next.join(", ") })
            : t("elements.source.counterHint")}
      </output>
      {form ? (
        <form className="ink-counter-new" data-testid="counter-new" onSubmit={create}>
          <label className="ink-field">
            <span>{t("elements.source.counterName")}</span>
            <input
              data-testid="counter-new-name"
              required
              maxLength={COUNTER_NAME_MAX}
              value={form.name}
              onChange={(e) => set("name", e.target.value)}
            />
          </label>
          <div className="ink-field-row">
            {num("start", 0, MAX_START)}
            {num("step", 1, MAX_STEP)}
            {num("width", 0, MAX_WIDTH)}
          </div>
          <label className="ink-field">
            <span>{t("elements.source.counterPrefix")}</span>
            <input
              data-testid="counter-new-prefix"
              maxLength={COUNTER_PREFIX_MAX}
              value={form.prefix}
              onChange={(e) => set("prefix", e.target.value)}
            />
          </label>
          <label className="ink-field">
            <span>{t("elements.source.counterReset")}</span>
            <select
              data-testid="counter-new-reset"
              value={form.reset}
              onChange={(e) => set("reset", e.target.value as ResetRule)}
            >
              {RESET_RULES.map((r) => (
                <option key={r} value={r}>
                  {t(`elements.source.counterReset.${r}`)}
                </option>
              ))}
            </select>
          </label>
          <div className="ink-button-row">
            <button type="submit" className="ink-btn" disabled={busy} data-testid="counter-new-create">
              {t("elements.source.counterCreate")}
            </button>
            <button type="button" className="ink-btn" onClick={() => setForm(null)}>
              {t("elements.source.counterCancel")}
            </button>
          </div>
        </form>
      ) : (
        <div className="ink-button-row">
          <button
            type="button"
            className="ink-btn"
            data-testid="counter-new-open"
            disabled={!api}
            onClick={() => setForm(NEW)}
          >
            {t("elements.source.counterNew")}
          </button>
        </div>
      )}
    </div>
  );
}
