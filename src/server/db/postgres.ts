// PostgreSQL through a `pg` connection pool (DATABASE_URL).
import { createHash } from "node:crypto";
import pg from "pg";
import { Channels, checkChannel } from "./channels";
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

/** The application_name of the listening connection (seen in pg_stat_activity). */
export const LISTENER_NAME = "inkless-listen";

/**
 * One connection that LISTENs for this process: opened at the first listen, re-opened (and every
 * channel listened to again) a second after it breaks, then every second until the database answers.
 * Notifications sent while it is down are lost;
 * whoever waits on one must also look again by itself (the device poll does, at its end).
 */
function listener(url: string) {
  const channels = new Channels();
  let client: Promise<pg.Client> | null = null;
  let closed = false;
  /** Re-opens the connection a second from now, and every second after until it opens. */
  const again = () => {
    setTimeout(() => {
      if (closed || client || !channels.names().length) return;
      client = connect();
      client.catch(again);
    }, 1000).unref();
  };
  const connect = (): Promise<pg.Client> => {
    const c = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    const broke = () => {
      if (closed || client === null) return;
      client = null;
      c.end().catch(() => {});
      again();
    };
    c.on("error", broke);
    c.on("end", broke);
    c.on("notification", (n) => channels.deliver(n.channel, n.payload ?? ""));
    return c
      .connect()
      .then(async () => {
        for (const ch of channels.names()) await c.query(`LISTEN ${checkChannel(ch)}`);
        return c;
      })
      .catch((e) => {
        client = null; // the next listen tries again
        c.end().catch(() => {});
        throw e;
      });
  };
  return {
    async listen(channel: string, fn: (payload: string) => void) {
      const first = channels.add(channel, fn);
      if (!client) client = connect();
      else if (first) await (await client).query(`LISTEN ${checkChannel(channel)}`);
      await client;
      return () => {
        if (channels.remove(channel, fn))
          void client?.then((c) => c.query(`UNLISTEN ${channel}`)).catch(() => {});
      };
    },
    async close() {
      closed = true;
      const c = client;
      client = null;
      if (c) await c.then((x) => x.end()).catch(() => {});
    },
  };
}

export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server ended (a restart, a failover, a network cut) is dropped by the pool,
  // which then emits this; unheard, the event would end the process.
  pool.on("error", () => {});
  // Fail fast on a wrong URL instead of on the first request.
  await pool.query("SELECT 1");
  const notes = listener(url);
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
    async notify(channel: string, payload: string) {
      await pool.query("SELECT pg_notify($1, $2)", [checkChannel(channel), payload]);
    },
    listen: notes.listen,
    async close() {
      await notes.close();
      await pool.end();
    },
  };
}
