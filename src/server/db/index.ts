// Opens the configured database (PostgreSQL by URL, else embedded PGlite) and migrates it.
import { join } from "node:path";
import { migrate } from "./migrations";
import { openPglite } from "./pglite";
import { openPostgres } from "./postgres";
import type { Db } from "./types";

export type { Db, Queryable } from "./types";

/** Opens the database and migrates it (up to `migrateTo`, by default all the way). */
export async function openDb(opts: {
  databaseUrl?: string;
  dataDir: string;
  migrateTo?: number;
}): Promise<Db> {
  const db = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl)
    : await openPglite(join(opts.dataDir, "db"));
  try {
    await migrate(db, opts.migrateTo);
  } catch (e) {
    await db.close().catch(() => {});
    throw e;
  }
  return db;
}
