// Named parameters of a database source's query (`WHERE lot = :lot`) become the driver's positional
// ones ($1…), so values are always bound, never pasted into SQL text. Quoted text ('…', "…",
// dollar-quoted $tag$…$tag$), comments and `::type` casts are left alone.

export type Bound =
  | { readonly ok: true; readonly text: string; readonly values: string[]; readonly names: string[] }
  | { readonly ok: false; readonly missing: string };

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;

/** The names a query uses, in order of first use. */
export function paramNames(sql: string): string[] {
  const r = bindNamed(sql, null);
  return r.ok ? r.names : [];
}

/** The query with $n in place of each name and the values in that order (`params` null: names only). */
export function bindNamed(sql: string, params: Readonly<Record<string, string>> | null): Bound {
  let out = "";
  const names: string[] = [];
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i];
    const two = sql.slice(i, i + 2);
    let end = i + 1;
    if (ch === "'" || ch === '"') {
      end = i + 1;
      for (;;) {
        const q = sql.indexOf(ch, end);
        if (q < 0) {
          end = sql.length;
          break;
        }
        if (sql[q + 1] === ch)
          end = q + 2; // a doubled quote inside
        else {
          end = q + 1;
          break;
        }
      }
    } else if (two === "--") {
      const nl = sql.indexOf("\n", i);
      end = nl < 0 ? sql.length : nl;
    } else if (two === "/*") {
      const close = sql.indexOf("*/", i + 2);
      end = close < 0 ? sql.length : close + 2;
    } else if (ch === "$") {
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
        out += `$${n + 1}`;
        i = NAME.lastIndex;
        continue;
      }
    }
    out += sql.slice(i, end);
    i = end;
  }
  return { ok: true, text: out, values: names.map((n) => (params ? String(params[n]) : "")), names };
}
