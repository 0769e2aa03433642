// Database query sources (issue 38): a user's saved PostgreSQL query with its connection settings.
// The settings are sealed at rest (dbsource/sealed.ts) and never answered: the list gives the name,
// host, database, user and query, and whether a password is kept. Running one gives spreadsheet-like
// rows (a header, then records), read by the import call for `/query/<id>` addresses.
import type { BlockList } from "node:net";
import type { DbConnection, Dialect } from "../../data/namedParams";
import { newRecordId } from "../../model/ids";
import type { ServerConfig } from "../config";
import type { Queryable } from "../db";
import { runMysqlQuery } from "../dbsource/mysqlQuery";
import { runPgQuery } from "../dbsource/pgQuery";
import { dataKey, seal, unseal } from "../dbsource/sealed";
import { itemNotFound } from "../http/envelope";
import { parseAllowList } from "../net/addressRules";

/** The address a label's spreadsheet entry keeps for a database source. */
export const queryUrl = (id: string) => `/query/${id}`;
export const queryIdOf = (url: string): string | null =>
  /^\/query\/([A-Za-z0-9_-]{1,64})$/.exec(url)?.[1] ?? null;

export interface DbSourceInput {
  readonly kind: Dialect;
  readonly name: string;
  readonly settings: DbConnection;
  readonly query: string;
  /** default values of the query's named parameters */
  readonly params: Readonly<Record<string, string>>;
}

interface Row {
  id: string;
  name: string;
  kind: string;
  connection_sealed: string;
  query: string;
  params: string;
}

const keys = new WeakMap<ServerConfig, Buffer>();
const keyOf = (config: ServerConfig) => {
  let k = keys.get(config);
  if (!k) {
    k = dataKey(config.dataDir, config.dataKey);
    keys.set(config, k);
  }
  return k;
};
const allows = new WeakMap<ServerConfig, BlockList>();
const allowOf = (config: ServerConfig) => {
  let a = allows.get(config);
  if (!a) {
    a = parseAllowList(config.liveDataAllow).list;
    allows.set(config, a);
  }
  return a;
};

/** Saves a new source (no `id`) or replaces one of the user's; an empty password keeps the kept one. */
export async function saveDbSource(
  q: Queryable,
  config: ServerConfig,
  userId: string,
  input: DbSourceInput,
  id?: string,
): Promise<string> {
  let settings = input.settings;
  if (id) {
    const old = await ownRow(q, userId, id);
    if (!settings.password) settings = { ...settings, password: openSettings(config, old).password };
  }
  const sealed = seal(keyOf(config), JSON.stringify(settings));
  const params = JSON.stringify(input.params);
  if (id) {
    await q.query(
      `UPDATE db_sources SET name = $3, connection_sealed = $4, query = $5, params = $6, kind = $7,
       updated_at = now() WHERE id = $1 AND user_id = $2`,
      [id, userId, input.name, sealed, input.query, params, input.kind],
    );
    return id;
  }
  const newId = newRecordId();
  await q.query(
    `INSERT INTO db_sources (id, user_id, name, kind, connection_sealed, query, params)
     VALUES ($1, $2, $3, $7, $4, $5, $6)`,
    [newId, userId, input.name, sealed, input.query, params, input.kind],
  );
  return newId;
}

async function ownRow(q: Queryable, userId: string, id: string): Promise<Row> {
  const [row] = await q.query<Row>("SELECT * FROM db_sources WHERE id = $1 AND user_id = $2", [id, userId]);
  if (!row) throw itemNotFound();
  return row;
}

const openSettings = (config: ServerConfig, row: Row): DbConnection =>
  JSON.parse(unseal(keyOf(config), row.connection_sealed)) as DbConnection;

const paramsOf = (row: Row): Record<string, string> => {
  const out: Record<string, string> = Object.create(null);
  try {
    const p = JSON.parse(row.params) as unknown;
    if (p && typeof p === "object")
      for (const [k, v] of Object.entries(p)) if (typeof v === "string") out[k] = v;
  } catch {
    // none
  }
  return out;
};

/** The user's sources as the browser may see them: never the password. */
export async function listDbSources(q: Queryable, config: ServerConfig, userId: string) {
  const rows = await q.query<Row>("SELECT * FROM db_sources WHERE user_id = $1 ORDER BY name, id", [userId]);
  return rows.map((row) => {
    const s = openSettings(config, row);
    return {
      id: row.id,
      name: row.name,
      kind: row.kind,
      url: queryUrl(row.id),
      host: s.host,
      port: s.port,
      database: s.database,
      user: s.user,
      ssl: s.ssl,
      has_password: s.password ? 1 : 0,
      query: row.query,
      params: paramsOf(row),
    };
  });
}

export async function deleteDbSource(q: Queryable, userId: string, id: string): Promise<void> {
  await ownRow(q, userId, id);
  await q.query("DELETE FROM db_sources WHERE id = $1 AND user_id = $2", [id, userId]);
}

/** How many rows a test of the settings answers (the query still runs with the row cap). */
export const TEST_ROWS = 10;

/**
 * Runs settings the user is still editing (the editor's "Test"), saving nothing: an empty password
 * with the `id` of a saved source uses the kept one. Answers the columns, the first rows and the count.
 */
export async function testDbSource(
  q: Queryable,
  config: ServerConfig,
  userId: string,
  input: DbSourceInput,
  id?: string,
): Promise<{ columns: string[]; rows: string[][]; count: number }> {
  let settings = input.settings;
  if (id && !settings.password) {
    settings = { ...settings, password: openSettings(config, await ownRow(q, userId, id)).password };
  }
  const [columns = [], ...rows] = await runQuery(config, input.kind, settings, input.query, input.params);
  return { columns, rows: rows.slice(0, TEST_ROWS), count: rows.length };
}

const runQuery = (
  config: ServerConfig,
  kind: string,
  settings: DbConnection,
  query: string,
  params: Readonly<Record<string, string>>,
) =>
  (kind === "mysql" ? runMysqlQuery : runPgQuery)(settings, query, params, {
    timeoutMs: config.dbQueryTimeoutMs,
    maxRows: config.dbQueryMaxRows,
    allow: allowOf(config),
  });

/** Runs one of the user's sources with its default parameters overridden by `params`. */
export async function runDbSource(
  q: Queryable,
  config: ServerConfig,
  userId: string,
  id: string,
  params: Readonly<Record<string, string>> = {},
): Promise<{ name: string; rows: string[][] }> {
  const row = await ownRow(q, userId, id);
  const values = Object.assign(paramsOf(row), params);
  const rows = await runQuery(config, row.kind, openSettings(config, row), row.query, values);
  return { name: row.name, rows };
}
