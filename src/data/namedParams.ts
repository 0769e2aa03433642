// Named parameters of a database source's query (`WHERE lot = :lot`) become the driver's positional
// ones ($1… for PostgreSQL, ? for MySQL/MariaDB), so values are always bound, never pasted into SQL
// text. Quoted text, quoted names and comments are left alone: PostgreSQL's '…', "…" and dollar
// quotes $tag$…$tag$ and `::type` casts; MySQL's '…', "…" (backslash escapes inside), `…` and # comments.
// A `;` outside them starts a second statement, which a source never runs.

/** The databases a source can query (a saved source's `kind`), each with its SQL dialect. */
export const DB_KINDS = ["postgres", "mysql"] as const;
export type Dialect = (typeof DB_KINDS)[number];
export const isDbKind = (v: unknown): v is Dialect => (DB_KINDS as readonly unknown[]).includes(v);
export const DEFAULT_PORTS: Readonly<Record<Dialect, number>> = { postgres: 5432, mysql: 3306 };

/** Where a database source connects and as whom (sealed on the server; the password never comes back). */
export interface DbConnection {
  readonly host: string;
  readonly port: number;
  readonly database: string;
  readonly user: string;
  readonly password: string;
  /** TLS, the server's certificate checked against the host name */
  readonly ssl: boolean;
}

export type Bound =
  | {
      readonly ok: true;
      readonly text: string;
      /** in placeholder order: one per $n (PostgreSQL), one per ? occurrence (MySQL) */
      readonly values: string[];
      readonly names: string[];
    }
  | { readonly ok: false; readonly missing: string }
  | { readonly ok: false; readonly secondStatement: true };

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;

/** The names a query uses, in order of first use. */
export function paramNames(sql: string, dialect: Dialect = "postgres"): string[] {
  const r = bindNamed(sql, null, dialect);
  return r.ok ? r.names : [];
}

/** End of a quoted run opened at `i` by `ch` (a doubled quote, or a backslash where `escapes`, stays inside). */
function quoteEnd(sql: string, i: number, ch: string, escapes: boolean): number {
  let j = i + 1;
  while (j < sql.length) {
    const c = sql[j];
    if (escapes && c === "\\") j += 2;
    else if (c === ch && sql[j + 1] === ch) j += 2;
    else if (c === ch) return j + 1;
    else j++;
  }
  return sql.length;
}

/** The query with placeholders in place of each name and the values in that order (`params` null: names only). */
export function bindNamed(
  sql: string,
  params: Readonly<Record<string, string>> | null,
  dialect: Dialect = "postgres",
): Bound {
  const my = dialect === "mysql";
  let out = "";
  const names: string[] = [];
  const order: string[] = [];
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i];
    const two = sql.slice(i, i + 2);
    let end = i + 1;
    if (ch === "'" || ch === '"' || (my && ch === "`")) {
      end = quoteEnd(sql, i, ch, my && ch !== "`");
    } else if (two === "--" || (my && ch === "#")) {
      const nl = sql.indexOf("\n", i);
      end = nl < 0 ? sql.length : nl;
    } else if (two === "/*") {
      const close = sql.indexOf("*/", i + 2);
      end = close < 0 ? sql.length : close + 2;
    } else if (ch === ";") {
      if (sql.slice(i + 1).replace(/^(?:[\s;]+|--[^\n]*|\/\*[\s\S]*?\*\/)*/, "") !== "")
        return { ok: false, secondStatement: true };
    } else if (!my && ch === "$") {
      const tag = /^\$[A-Za-z_]?[A-Za-z0-9_]*\$/.exec(sql.slice(i));
      if (tag) {
        const close = sql.indexOf(tag[0], i + tag[0].length);
        end = close < 0 ? sql.length : close + tag[0].length;
      }
    } else if (two === "::") {
      end = i + 2;
    } else if (ch === ":") {
      NAME.lastIndex = i + 1;
      const m = NAME.exec(sql);
      if (m) {
        const name = m[0];
        if (params && !Object.hasOwn(params, name)) return { ok: false, missing: name };
        let n = names.indexOf(name);
        if (n < 0) n = names.push(name) - 1;
        order.push(name);
        out += my ? "?" : `$${n + 1}`;
        i = NAME.lastIndex;
        continue;
      }
    }
    out += sql.slice(i, end);
    i = end;
  }
  const value = (n: string) => (params ? String(params[n]) : "");
  return { ok: true, text: out, values: (my ? order : names).map(value), names };
}

/** The most parameter values one call may carry. */
export const MAX_QUERY_PARAMS = 50;

/** A name a call's parameter values may use: what `:name` in a query can be (up to 63 characters). */
export const isParamName = (name: string): boolean => /^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name);

/**
 * Prompt values as a query's parameter values (docs/data-sources.md "Prompts as query parameters"): a
 * prompt named like a parameter (`lot` for `:lot`) gives it its answer at print time, in place of the
 * value saved with the source. Names a query cannot use (`批号`, `Lot no`) are left out; the server
 * ignores values its query does not name.
 */
export function queryParamsOf(values: ReadonlyMap<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  for (const [name, value] of values) {
    if (!isParamName(name) || n >= MAX_QUERY_PARAMS) continue;
    out[name] = value;
    n++;
  }
  return out;
}
