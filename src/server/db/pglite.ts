// Embedded PostgreSQL (PGlite, WASM) in a data folder: `npm start` needs no database install.
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { Channels, checkChannel } from "./channels";
import type { Db, Queryable } from "./types";

export async function openPglite(dir: string | undefined): Promise<Db> {
  if (dir) mkdirSync(dir, { recursive: true });
  const pg = dir ? await PGlite.create(dir) : await PGlite.create();
  // one PGlite folder belongs to one process: its notifications stay in it
  const channels = new Channels();
  return {
    engine: "pglite",
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const r = await pg.query<T>(sql, params as unknown[]);
      return r.rows;
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    async tx<T>(fn: (q: Queryable) => Promise<T>) {
      return pg.transaction(async (t) =>
        fn({
          async query<R>(sql: string, params: readonly unknown[] = []) {
            return (await t.query<R>(sql, params as unknown[])).rows;
          },
        }),
      );
    },
    async notify(channel: string, payload: string) {
      checkChannel(channel);
      // delivered after the caller goes on, as PostgreSQL's would be
      setImmediate(() => channels.deliver(channel, payload));
    },
    async listen(channel: string, fn: (payload: string) => void) {
      channels.add(channel, fn);
      return () => void channels.remove(channel, fn);
    },
    async close() {
      await pg.close();
    },
  };
}
