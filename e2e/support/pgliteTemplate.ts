// An embedded database folder with this code's schema and no rows, made once per machine, PGlite
// version and set of migrations, and copied into each spec server's data folder: PGlite's initdb (in
// WASM) is most of a cold server start (54 s of it against 0.4 s for the copy and 6 s to open the copy,
// on a 2-core machine at load 30) and migrating it 0.7–2 s of CPU more. The server still runs its
// migrations on the copy (none left to apply) and seeds it as its own. The unit tests' in-process
// servers start from it too (tests/server/helpers.ts startServer); migrating a database from nothing
// is covered by tests/server/storage.test.ts and the first case of tests/server/main.test.ts.
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { cp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MIGRATIONS, migrate } from "../../src/server/db/migrations";
import { openPglite } from "../../src/server/db/pglite";

let made: Promise<string> | null = null;

async function make(): Promise<string> {
  const { version } = JSON.parse(readFileSync("node_modules/@electric-sql/pglite/package.json", "utf8"));
  // a change to any migration (another branch's, a new one) names another folder
  const schema = createHash("sha256").update(JSON.stringify(MIGRATIONS)).digest("hex").slice(0, 12);
  const dir = join(tmpdir(), `inkless-e2e-pglite-${version}-schema-${schema}`);
  if (existsSync(join(dir, "db"))) return join(dir, "db");
  // made aside and renamed into place once closed: a spec running beside never copies half a folder
  const work = mkdtempSync(`${dir}-work-`);
  try {
    const db = await openPglite(join(work, "db"));
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    renameSync(work, dir);
  } catch (e) {
    rmSync(work, { recursive: true, force: true });
    // another spec's worker put its own in place first
    if (!existsSync(join(dir, "db"))) throw e;
  }
  return join(dir, "db");
}

/** Puts a migrated database with no rows where the server looks for its own (`<data>/db`). */
export async function seedEmptyDatabase(dataDir: string): Promise<void> {
  made ??= make();
  made.catch(() => {
    made = null;
  });
  // the promise version: cpSync took 1.4 times as long on its 1,200 files (5.7–10.6 s against 4.1–7.2 s
  // at load 20, docs/testing.md)
  await cp(await made, join(dataDir, "db"), { recursive: true });
}
