// An empty embedded database folder, made once per machine and PGlite version and copied into each
// spec server's data folder: PGlite's initdb (in WASM) is most of a cold server start (54 s of it
// against 0.4 s for the copy and 6 s to open the copy, on a 2-core machine at load 30). The server
// migrates and seeds the copy as it would a database it had just created. The unit tests' in-process
// servers start from it too (tests/server/helpers.ts startServer). The unit tests' in-process
// servers start from it too (tests/server/helpers.ts startServer).
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";

let made: Promise<string> | null = null;

async function make(): Promise<string> {
  const { version } = JSON.parse(readFileSync("node_modules/@electric-sql/pglite/package.json", "utf8"));
  const dir = join(tmpdir(), `inkless-e2e-pglite-${version}`);
  if (existsSync(join(dir, "db"))) return join(dir, "db");
  // made aside and renamed into place once closed: a spec running beside never copies half a folder
  const work = mkdtempSync(`${dir}-work-`);
  try {
    const pg = await PGlite.create(join(work, "db"));
    await pg.close();
    renameSync(work, dir);
  } catch (e) {
    rmSync(work, { recursive: true, force: true });
    // another spec's worker put its own in place first
    if (!existsSync(join(dir, "db"))) throw e;
  }
  return join(dir, "db");
}

/** Puts an empty, initialised database where the server looks for its own (`<data>/db`). */
export async function seedEmptyDatabase(dataDir: string): Promise<void> {
  made ??= make();
  made.catch(() => {
    made = null;
  });
  cpSync(await made, join(dataDir, "db"), { recursive: true });
}
