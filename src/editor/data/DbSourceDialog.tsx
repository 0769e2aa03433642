// The "Database" dialog of a spreadsheet entry (docs/data-sources.md "Database query sources"): pick
// one of the user's saved sources or fill in a new one (kind, host, port, database, user, password,
// the SQL query and a value for each of its named parameters), "Test" it (the first rows and columns,
// or the server's translated reason) and save it; the entry then reads it like a spreadsheet. A kept
// password never comes back to the browser: the field says it is saved and stays empty, which keeps it.
import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DB_KINDS, DEFAULT_PORTS, paramNames } from "../../data/namedParams";
import { Dialog } from "../dialogs/Dialog";
import { ChoiceButtons } from "../save/ModalShell";
import type { DbKind, DbSourceApi, DbSourceForm, DbSourceInfo, DbTestResult } from "./dbSourceApi";
import "./data.css";

interface Props {
  readonly api: DbSourceApi;
  /** the saved source the entry reads now, if any */
  readonly currentUrl: string;
  readonly onSaved: (source: { name: string; url: string }) => void;
  readonly onClose: () => void;
}

const EMPTY: DbSourceForm = {
  kind: "postgres",
  name: "",
  host: "",
  port: DEFAULT_PORTS.postgres,
  database: "",
  user: "",
  password: "",
  ssl: false,
  query: "",
  params: {},
};

const formOf = (s: DbSourceInfo): DbSourceForm => ({ ...s, password: "" });
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function DbSourceDialog({ api, currentUrl, onSaved, onClose }: Props) {
  const { t } = useTranslation();
  const uid = useId();
  const [list, setList] = useState<DbSourceInfo[] | null>(null);
  const [editing, setEditing] = useState<DbSourceInfo | null>(null);
  const [form, setForm] = useState<DbSourceForm>(EMPTY);
  const [result, setResult] = useState<DbTestResult | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api.list().then(
      (l) => {
        if (!live) return;
        setList(l);
        const cur = l.find((s) => s.url === currentUrl);
        if (cur) {
          setEditing(cur);
          setForm(formOf(cur));
        }
      },
      () => live && setList([]),
    );
    return () => {
      live = false;
    };
  }, [api, currentUrl]);

  const names = useMemo(() => paramNames(form.query, form.kind), [form.query, form.kind]);
  const set = <K extends keyof DbSourceForm>(k: K, v: DbSourceForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setResult(null);
    setError("");
  };
  const pickSaved = (id: string) => {
    const s = list?.find((x) => x.id === id) ?? null;
    setEditing(s);
    setForm(s ? formOf(s) : EMPTY);
    setResult(null);
    setError("");
  };
  /** Only the parameters the query names are sent. */
  const sent = (): DbSourceForm => ({
    ...form,
    params: Object.fromEntries(names.map((n) => [n, form.params[n] ?? ""])),
  });

  const run = async (what: "test" | "save") => {
    if (busy) return;
    setBusy(true);
    setError("");
    try {
      if (what === "test") setResult(await api.test(sent(), editing?.id));
      else {
        const id = await api.save(sent(), editing?.id);
        onSaved({ name: form.name.trim(), url: `/query/${id}` });
      }
    } catch (e) {
      setResult(null);
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run("save");
  };

  const field = (k: "name" | "host" | "database" | "user", extra: { required?: boolean } = {}) => (
    <label className="ink-field">
      <span>{t(`editor.data.db.${k}`)}</span>
      <input
        data-testid={`db-${k}`}
        value={form[k]}
        required={extra.required ?? true}
        autoComplete="off"
        onChange={(e) => set(k, e.target.value)}
      />
    </label>
  );

  return (
    <Dialog
      title={t("editor.data.db.title")}
      onClose={onClose}
      testId="db-dialog"
      wide
      footer={
        <ChoiceButtons
          choices={[
            { label: t("editor.data.cancel"), onSelect: onClose, testId: "db-cancel" },
            {
              label: t("editor.data.db.test"),
              onSelect: () => void run("test"),
              testId: "db-test",
              disabled: busy,
            },
            {
              label: t("editor.data.db.save"),
              onSelect: () => (document.getElementById(`${uid}-form`) as HTMLFormElement)?.requestSubmit(),
              testId: "db-save",
              tone: "primary",
              disabled: busy,
            },
          ]}
        />
      }
    >
      <form id={`${uid}-form`} className="ink-db-form" onSubmit={submit}>
        <label className="ink-field">
          <span>{t("editor.data.db.saved")}</span>
          <select
            data-testid="db-saved"
            value={editing?.id ?? ""}
            disabled={list === null}
            onChange={(e) => pickSaved(e.target.value)}
          >
            <option value="">{t("editor.data.db.new")}</option>
            {(list ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        {field("name")}
        <div className="ink-field-row">
          <label className="ink-field">
            <span>{t("editor.data.db.kind")}</span>
            <select
              data-testid="db-kind"
              value={form.kind}
              onChange={(e) => {
                const kind = e.target.value as DbKind;
                setForm((f) => ({
                  ...f,
                  kind,
                  port: f.port === DEFAULT_PORTS[f.kind] ? DEFAULT_PORTS[kind] : f.port,
                }));
              }}
            >
              {DB_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`editor.data.db.kind.${k}`)}
                </option>
              ))}
            </select>
          </label>
          {field("host")}
          <label className="ink-field">
            <span>{t("editor.data.db.port")}</span>
            <input
              type="number"
              min={1}
              max={65535}
              step={1}
              required
              data-testid="db-port"
              value={Number.isFinite(form.port) ? String(form.port) : ""}
              onChange={(e) => set("port", e.target.value === "" ? Number.NaN : Number(e.target.value))}
            />
          </label>
        </div>
        <div className="ink-field-row">
          {field("database")}
          {field("user")}
          <label className="ink-field">
            <span>{t("editor.data.db.password")}</span>
            <input
              type="password"
              data-testid="db-password"
              autoComplete="new-password"
              value={form.password}
              placeholder={editing?.hasPassword ? t("editor.data.db.passwordSaved") : ""}
              aria-describedby={editing?.hasPassword ? `${uid}-pw` : undefined}
              onChange={(e) => set("password", e.target.value)}
            />
          </label>
        </div>
        {editing?.hasPassword && (
          <p id={`${uid}-pw`} className="ink-panel-note" data-testid="db-password-saved">
            {t("editor.data.db.passwordKept")}
          </p>
        )}
        <label className="ink-field ink-field-check">
          <input
            type="checkbox"
            data-testid="db-ssl"
            checked={form.ssl}
            onChange={(e) => set("ssl", e.target.checked)}
          />
          <span>{t("editor.data.db.ssl")}</span>
        </label>
        <label className="ink-field">
          <span>{t("editor.data.db.query")}</span>
          <textarea
            data-testid="db-query"
            rows={4}
            required
            spellCheck={false}
            placeholder="SELECT lot, qty FROM lots WHERE line = :line"
            aria-describedby={`${uid}-qhint`}
            value={form.query}
            onChange={(e) => set("query", e.target.value)}
          />
        </label>
        <p id={`${uid}-qhint`} className="ink-panel-note">
          {t("editor.data.db.queryHint")}
        </p>
        {names.map((n) => (
          <label key={n} className="ink-field">
            <span>{t("editor.data.db.param", { name: n })}</span>
            <input
              data-testid={`db-param-${n}`}
              value={form.params[n] ?? ""}
              onChange={(e) => set("params", { ...form.params, [n]: e.target.value })}
            />
          </label>
        ))}
      </form>
      <div aria-live="polite" data-testid="db-result">
        {error && (
          <p role="alert" className="ink-db-error" data-testid="db-error">
            {error}
          </p>
        )}
        {result && (
          <>
            <p className="ink-panel-note" data-testid="db-count">
              {t("editor.data.db.count", { records: result.count, shown: result.rows.length })}
            </p>
            <div className="ink-db-preview">
              <table data-testid="db-preview">
                <caption className="visually-hidden">{t("editor.data.db.preview")}</caption>
                <thead>
                  <tr>
                    {result.columns.map((c, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns may share a name
                      <th key={i} scope="col">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {result.rows.map((r, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows are shown, never reordered
                    <tr key={i}>
                      {result.columns.map((_, j) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: one cell per column
                        <td key={j}>{r[j] ?? ""}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}
