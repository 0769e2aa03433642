// PostgreSQL through a `pg` connection pool (DATABASE_URL).
import { createHash } from "node:crypto";
import pg from "pg";
import type { Db, Queryable } from "./types";

/** Named (prepared) statements: each connection parses and plans a statement once. */
const names = new Map<string, string>();
function named(text: string, values: readonly unknown[]): pg.QueryConfig {
  let name = names.get(text);
  if (!name) {
    name = `q${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
    names.set(text, name);
  }
  return { name, text, values: values as unknown[] };
}

export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max });
  // Fail fast on a wrong URL instead of on the first request.
  await pool.query("SELECT 1");
  return {
    engine: "postgres",
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const r = await pool.query(named(sql, params));
      return r.rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async tx<T>(fn: (q: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const out = await fn({
          async query<R>(sql: string, params: readonly unknown[] = []) {
            return (await client.query(named(sql, params))).rows as R[];
          },
        });
        await client.query("COMMIT");
        return out;
      } catch (e) {
        await client.query("ROLLBACK").catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
