// A database source's query run against the user's PostgreSQL: only reads, however it is written.
// The statement must start with SELECT, WITH, VALUES or TABLE and is wrapped as a sub-query (one
// statement, no trailing writes); it runs in a READ ONLY transaction (a function that writes is
// refused by PostgreSQL itself) with a statement timeout, a connection timeout and a row cap. Named
// parameters are bound, never pasted. The host must pass the server's address rules (net/), like a
// live spreadsheet's, and the connection goes to the address that was checked.
import { isIP } from "node:net";
import pg from "pg";
import type { DbConnection } from "../../data/namedParams";
import { ApiError } from "../http/envelope";
import { checkedHost, fail, preparedStatement, type QueryLimits } from "./guard";

/** Every value as PostgreSQL writes it (dates as ISO text, exact numerics), booleans as TRUE/FALSE. */
const TEXT_TYPES = {
  getTypeParser: (oid: number) =>
    oid === 16 ? (v: string) => (v === "t" ? "TRUE" : "FALSE") : (v: string) => v,
};

/** The query's answer: a header row of column names, then at most `maxRows` rows of text. */
export async function runPgQuery(
  settings: DbConnection,
  sql: string,
  params: Readonly<Record<string, string>>,
  limits: QueryLimits,
): Promise<string[][]> {
  const bound = preparedStatement(sql, params, "postgres");
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
