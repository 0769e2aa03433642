// A database source's query run against the user's PostgreSQL: only reads, however it is written.
// The statement must start with SELECT, WITH, VALUES or TABLE and is wrapped as a sub-query (one
// statement, no trailing writes); it runs in a READ ONLY transaction (a function that writes is
// refused by PostgreSQL itself) with a statement timeout, a connection timeout and a row cap. Named
// parameters are bound, never pasted. The host must pass the server's address rules (net/), like a
// live spreadsheet's, and the connection goes to the address that was checked.
import { lookup as dnsLookup } from "node:dns/promises";
import { type BlockList, isIP } from "node:net";
import pg from "pg";
import { bindNamed } from "../../data/namedParams";
import { ApiError, Code } from "../http/envelope";
import { isBlockedAddress } from "../net/addressRules";

export interface PgSettings {
  readonly host: string;
  readonly port: number;
  readonly database: string;
  readonly user: string;
  readonly password: string;
  /** TLS, the server's certificate checked against the host name */
  readonly ssl: boolean;
}

export interface QueryLimits {
  readonly timeoutMs: number;
  readonly maxRows: number;
  readonly allow?: BlockList;
}

const fail = (key: string, vars: Record<string, string | number> = {}) =>
  new ApiError(Code.failed, `dbsource.error.${key}`, vars);

/** Every value as PostgreSQL writes it (dates as ISO text, exact numerics), booleans as TRUE/FALSE. */
const TEXT_TYPES = {
  getTypeParser: (oid: number) =>
    oid === 16 ? (v: string) => (v === "t" ? "TRUE" : "FALSE") : (v: string) => v,
};

/** The query without trailing semicolons, or the reason it is refused before it is sent. */
export function readOnlyStatement(sql: string): string {
  const text = sql.trim().replace(/;+\s*$/, "");
  if (!text) throw fail("emptyQuery");
  // comments first: "/* */ DELETE" must not pass for a SELECT
  const head = text.replace(/^(?:\s+|--[^\n]*\n?|\/\*[\s\S]*?\*\/)*/, "");
  if (!/^(select|with|values|table)\b/i.test(head)) throw fail("writeRefused");
  return text;
}

async function checkedHost(host: string, allow?: BlockList): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else {
    try {
      addresses = (await dnsLookup(bare, { all: true })).map((a) => a.address);
    } catch {
      throw fail("unreachable");
    }
  }
  const ok = addresses.find((a) => !isBlockedAddress(a, allow));
  if (!ok) throw new ApiError(Code.failed, "live.error.refused");
  return ok;
}

/** The query's answer: a header row of column names, then at most `maxRows` rows of text. */
export async function runPgQuery(
  settings: PgSettings,
  sql: string,
  params: Readonly<Record<string, string>>,
  limits: QueryLimits,
): Promise<string[][]> {
  const statement = readOnlyStatement(sql);
  const bound = bindNamed(statement, params);
  if (!bound.ok) throw fail("missingParam", { name: bound.missing });
  const address = await checkedHost(settings.host, limits.allow);
  const client = new pg.Client({
    host: address,
    port: settings.port,
    database: settings.database,
    user: settings.user,
    password: settings.password,
    ssl: settings.ssl ? { servername: isIP(settings.host) ? undefined : settings.host } : false,
    connectionTimeoutMillis: limits.timeoutMs,
    // a last resort if the server ignores statement_timeout (a proxy in between)
    query_timeout: limits.timeoutMs + 5000,
    application_name: "inkless-data-source",
  });
  client.on("error", () => undefined); // a connection dropped later is reported by the query
  try {
    try {
      await client.connect();
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === "28P01" || code === "28000") throw fail("login");
      if (code === "3D000") throw fail("noDatabase");
      throw fail("unreachable");
    }
    await client.query("BEGIN READ ONLY");
    await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.trunc(limits.timeoutMs))}`);
    const res = await client.query({
      text: `SELECT * FROM (${bound.text}\n) AS inkless_query LIMIT ${Math.trunc(limits.maxRows) + 1}`,
      values: bound.values,
      rowMode: "array",
      types: TEXT_TYPES,
    });
    if (res.rows.length > limits.maxRows) throw fail("tooManyRows", { limit: limits.maxRows });
    const header = res.fields.map((f) => f.name);
    return [header, ...res.rows.map((r: unknown[]) => r.map((v) => (v == null ? "" : String(v))))];
  } catch (e) {
    if (e instanceof ApiError) throw e;
    const err = e as { code?: string; message?: string };
    if (err.code === "57014" || /timeout/i.test(err.message ?? ""))
      throw fail("timeout", {
        seconds: Math.ceil(limits.timeoutMs / 1000),
      });
    // 25006 read-only transaction; 0A000 a data-modifying WITH inside the wrapped query
    if (err.code === "25006" || err.code === "0A000") throw fail("writeRefused");
    throw fail("query", { detail: (err.message ?? "").slice(0, 300) });
  } finally {
    await client.end().catch(() => undefined);
  }
}
