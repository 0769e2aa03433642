// Opens the configured database (PostgreSQL by URL, else embedded PGlite) and migrates it.
import { join } from "node:path";
import { migrate } from "./migrations";
import { openPglite } from "./pglite";
import { openPostgres } from "./postgres";
import type { Db } from "./types";

export type { Db, Queryable } from "./types";

export async function openDb(opts: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  const db = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl)
    : await openPglite(join(opts.dataDir, "db"));
  try {
    await migrate(db);
  } catch (e) {
    await db.close().catch(() => {});
    throw e;
  }
  return db;
}
