// A database source's query run against the user's MySQL or MariaDB: only reads, however it is
// written. The same checks as PostgreSQL's before anything is sent (guard.ts: one statement that
// starts with SELECT, WITH, VALUES or TABLE, the host under the address rules), then a server-side
// statement timeout (MariaDB's max_statement_time, MySQL's max_execution_time), a READ ONLY
// transaction (a write, even from a stored function, is refused by the server itself), the query
// wrapped as a derived table with a LIMIT one past the row cap, and named parameters bound through a
// prepared statement (`execute`: the values travel apart from the SQL text, never spliced). The
// driver (mysql2) is loaded only when a MySQL source is read.
import { connect, isIP } from "node:net";
import type { DbConnection } from "../../data/namedParams";
import { ApiError } from "../http/envelope";
import { checkedHost, fail, preparedStatement, type QueryLimits } from "./guard";

/** A value as text: dates as the server writes them (dateStrings), binary as UTF-8, null as empty. */
function cellText(v: unknown): string {
  if (v == null) return "";
  if (Buffer.isBuffer(v)) return v.toString("utf8");
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

// ER_ACCESS_DENIED_ERROR, ER_DBACCESS_DENIED_ERROR, ER_ACCESS_DENIED_NO_PASSWORD_ERROR
const LOGIN = new Set([1045, 1044, 1698]);
// ER_QUERY_TIMEOUT (MySQL max_execution_time), ER_STATEMENT_TIMEOUT (MariaDB max_statement_time)
const TIMEOUT = new Set([3024, 1969]);
// ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION, ER_OPTION_PREVENTS_STATEMENT (a read-only server)
const WRITE = new Set([1792, 1290]);

/** The query's answer: a header row of column names, then at most `maxRows` rows of text. */
export async function runMysqlQuery(
  settings: DbConnection,
  sql: string,
  params: Readonly<Record<string, string>>,
  limits: QueryLimits,
): Promise<string[][]> {
  const bound = preparedStatement(sql, params, "mysql");
  const address = await checkedHost(settings.host, limits.allow);
  const { createConnection } = await import("mysql2/promise");
  const timeoutMs = Math.max(1, Math.trunc(limits.timeoutMs));
  let conn: Awaited<ReturnType<typeof createConnection>>;
  try {
    conn = await createConnection({
      // the name for TLS's identity check; the socket goes to the address that was checked
      host: settings.host,
      port: settings.port,
      stream: () => connect({ host: address, port: settings.port }),
      database: settings.database,
      user: settings.user,
      password: settings.password,
      ssl: settings.ssl ? { rejectUnauthorized: true, verifyIdentity: !isIP(settings.host) } : undefined,
      connectTimeout: timeoutMs,
      multipleStatements: false,
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
      decimalNumbers: false,
    });
  } catch (e) {
    const err = e as { errno?: number };
    if (err.errno !== undefined && LOGIN.has(err.errno)) throw fail("login");
    if (err.errno === 1049) throw fail("noDatabase"); // ER_BAD_DB_ERROR
    throw fail("unreachable");
  }
  conn.on("error", () => undefined); // a connection dropped later is reported by the query
  try {
    const [[version]] = (await conn.query({ sql: "SELECT VERSION()", rowsAsArray: true })) as unknown as [
      [[string]],
    ];
    // MariaDB counts seconds (decimals allowed), MySQL milliseconds; both stop a running SELECT
    if (/mariadb/i.test(String(version)))
      await conn.query(`SET SESSION max_statement_time = ${timeoutMs / 1000}`);
    else await conn.query(`SET SESSION max_execution_time = ${timeoutMs}`);
    await conn.query("START TRANSACTION READ ONLY");
    const [rows, fields] = await conn.execute({
      sql: `SELECT * FROM (${bound.text}\n) AS inkless_query LIMIT ${Math.trunc(limits.maxRows) + 1}`,
      values: bound.values,
      rowsAsArray: true,
      // a last resort if the server ignores its own timeout (a proxy in between)
      timeout: timeoutMs + 5000,
    });
    const list = rows as unknown[][];
    if (list.length > limits.maxRows) throw fail("tooManyRows", { limit: limits.maxRows });
    return [(fields ?? []).map((f) => f.name), ...list.map((r) => r.map(cellText))];
  } catch (e) {
    if (e instanceof ApiError) throw e;
    const err = e as { errno?: number; code?: string; message?: string };
    if ((err.errno !== undefined && TIMEOUT.has(err.errno)) || err.code === "PROTOCOL_SEQUENCE_TIMEOUT")
      throw fail("timeout", { seconds: Math.ceil(limits.timeoutMs / 1000) });
    if (err.errno !== undefined && WRITE.has(err.errno)) throw fail("writeRefused");
    throw fail("query", { detail: (err.message ?? "").slice(0, 300) });
  } finally {
    await conn.query("ROLLBACK").catch(() => undefined);
    conn.destroy();
  }
}
