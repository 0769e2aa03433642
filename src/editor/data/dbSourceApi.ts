// The editor's calls to the server's database sources (docs/data-sources.md "Database query
// sources"): list the user's sources (never a password: only whether one is kept), save one, and
// test settings as typed (the first rows, nothing saved). The request client is injected; a refused
// call rejects with the server's translated reason, which the client has also shown.
import type { ApiClient } from "../../app/api/core";
import { asText } from "../../app/api/read";

import { type DbConnection, type Dialect, isDbKind } from "../../data/namedParams";

export type DbKind = Dialect;

/** The form's fields; `password` is empty on an edit, where the kept password stays. */
export interface DbSourceForm extends DbConnection {
  readonly kind: DbKind;
  readonly name: string;
  readonly query: string;
  readonly params: Readonly<Record<string, string>>;
}

export interface DbSourceInfo extends Omit<DbSourceForm, "password"> {
  readonly id: string;
  /** the address a spreadsheet entry keeps (`/query/<id>`) */
  readonly url: string;
  readonly hasPassword: boolean;
}

export interface DbTestResult {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** how many records the query gives */
  readonly count: number;
}

export interface DbSourceApi {
  list(): Promise<DbSourceInfo[]>;
  save(form: DbSourceForm, id?: string): Promise<string>;
  test(form: DbSourceForm, id?: string): Promise<DbTestResult>;
}

const texts = (v: unknown): string[] => (Array.isArray(v) ? v.map(asText) : []);

function textRecord(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (v && typeof v === "object" && !Array.isArray(v))
    for (const [k, x] of Object.entries(v)) if (typeof x === "string") out[k] = x;
  return out;
}

export function toDbSource(raw: unknown): DbSourceInfo | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  const id = asText(r.id);
  if (!id) return null;
  const kind = isDbKind(r.kind) ? r.kind : "postgres";
  return {
    id,
    kind,
    name: asText(r.name),
    url: asText(r.url) || `/query/${id}`,
    host: asText(r.host),
    port: typeof r.port === "number" ? r.port : 0,
    database: asText(r.database),
    user: asText(r.user),
    ssl: r.ssl === true,
    query: asText(r.query),
    params: textRecord(r.params),
    hasPassword: !!r.has_password,
  };
}

export function toTestResult(raw: unknown): DbTestResult {
  const r = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  return {
    columns: texts(r.columns),
    rows: Array.isArray(r.rows) ? r.rows.map(texts) : [],
    count: typeof r.count === "number" ? r.count : 0,
  };
}

export function createDbSourceApi(api: ApiClient): DbSourceApi {
  const body = (form: DbSourceForm, id?: string) => ({ ...form, ...(id ? { id } : {}) });
  return {
    async list() {
      const raw = await api.post("/api/dbsource/list", {}, { loading: false });
      return (Array.isArray(raw) ? raw : []).map(toDbSource).filter((s): s is DbSourceInfo => s !== null);
    },
    async save(form, id) {
      const raw = await api.post<{ id?: unknown }>("/api/dbsource/save", body(form, id));
      const saved = asText(raw?.id);
      if (!saved) throw new Error("dbsource save: no id in the answer");
      return saved;
    },
    async test(form, id) {
      return toTestResult(await api.post("/api/dbsource/test", body(form, id)));
    },
  };
}
