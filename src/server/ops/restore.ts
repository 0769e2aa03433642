// `npm run restore` (docs/deploy.md "Backup and restore"): a checked backup (./backup.ts) into an
// instance, never losing what the instance held, whatever fails and wherever:
//   1. the whole archive is checked (checkBackup), then the target: its schema, whether it is empty
//      (else --force is needed), room on disk, and no backup file that would clash with a file the
//      instance keeps ("u/x" beside "u/x/y"). Nothing is changed yet.
//   2. the files are unpacked into a staging folder beside the data (restore-<time>/new), their
//      checksums checked again as they are written. Nothing of the instance is changed yet.
//   3. in one database transaction: the tables are emptied and filled with the backup's rows; then the
//      files are switched: each file the instance has under the same key is first copied to
//      restore-<time>/replaced, then the staged file is written in its place. If any of it fails, the
//      switch is undone (new keys removed, replaced files written back) and the transaction rolls
//      back: the instance is as before. The transaction commits only once every file is in place.
//   4. newer migrations run; the staging folder is removed.
// Files the instance holds that the backup does not have are left in place: --force replaces, it never
// deletes what it has not replaced.
import { createHash } from "node:crypto";
import { mkdir, rm, statfs } from "node:fs/promises";
import { join } from "node:path";
import { openDb } from "../db";
import { migrate } from "../db/migrations";
import type { Db } from "../db/types";
import { LocalFileStore } from "../files/local";
import type { FileStore } from "../files/store";
import {
  checkBackup,
  fileFolderClash,
  fileKeys,
  ident,
  readAll,
  type Summary,
  schemaOf,
  tablesInOrder,
} from "./backup";
import { readEntry, type TarEntry } from "./tar";

/** Tables an unused instance already fills at start (not user data). */
const STARTUP_TABLES = new Set(["schema_migrations", "meta", "job_runs"]);
/** Files an unused instance already has (the sample previews it draws at start). */
const STARTUP_FILES = "_seed/";
/** Room left on the disk after staging, besides the files themselves. */
const SPARE_BYTES = 64 * 1024 * 1024;

export interface Target {
  databaseUrl?: string;
  dataDir: string;
  /** The target's file store (the data folder's files/ by default). */
  files: FileStore;
}

export interface RestoreSummary extends Summary {
  /** files of the instance the backup does not have, left in place */
  kept: number;
}

/** Names what the target already holds (user data), or null when it is empty. */
async function contentOf(db: Db, stored: string[]): Promise<string | null> {
  for (const t of await tablesInOrder(db)) {
    if (STARTUP_TABLES.has(t)) continue;
    const rows = await db.query(`SELECT 1 FROM ${ident(t)} LIMIT 1`);
    if (rows.length) return `the database has rows in ${t}`;
  }
  const user = stored.filter((k) => !k.startsWith(STARTUP_FILES));
  if (user.length) return `the files folder holds ${user.length} file(s)`;
  return null;
}

/** An entry's bytes, checked against its SHA-256 as they pass (the archive may change after the check). */
async function* verified(path: string, e: TarEntry, sha256: string): AsyncGenerator<Uint8Array> {
  const hash = createHash("sha256");
  for await (const c of readEntry(path, e)) {
    hash.update(c);
    yield c;
  }
  if (hash.digest("hex") !== sha256) throw new Error(`the backup changed while it was restored: ${e.name}`);
}

/** A stored file's bytes as a stream of chunks (null when it is gone). */
async function chunksOf(
  store: FileStore,
  key: string,
): Promise<AsyncIterable<Uint8Array> | Iterable<Uint8Array> | null> {
  const f = await store.open(key);
  if (!f) return null;
  return f.size === 0 ? [] : (f.stream(0, f.size - 1) as AsyncIterable<Uint8Array>);
}

/**
 * Puts every staged file in its place in `target`, copying the file it replaces to `replaced` first;
 * on any failure puts everything back as it was and throws. Returns the undo, for a commit that fails.
 */
async function switchFiles(
  keys: string[],
  staged: FileStore,
  replaced: FileStore,
  target: FileStore,
  had: Set<string>,
): Promise<() => Promise<void>> {
  const done: string[] = [];
  const undo = async () => {
    for (const key of done.reverse()) {
      const old = had.has(key) ? await chunksOf(replaced, key) : null;
      if (old) await target.putStream(key, old, Infinity);
      else await target.delete(key);
    }
  };
  try {
    for (const key of keys) {
      if (had.has(key)) {
        const old = await chunksOf(target, key);
        if (old) await replaced.putStream(key, old, Infinity);
      }
      done.push(key); // from here on, undo may have to restore it
      await target.putStream(key, (await chunksOf(staged, key)) ?? [], Infinity);
    }
  } catch (e) {
    await undo();
    throw e;
  }
  return undo;
}

/**
 * Restores the backup at `path` into the target (PGlite in `<dataDir>/db`, or `databaseUrl`), which
 * must be empty unless `force` (then its rows are replaced, and its files under the backup's keys).
 * When it throws, the target's rows and files are as they were.
 */
export async function restore(path: string, target: Target, force = false): Promise<RestoreSummary> {
  const { manifest, entries } = await checkBackup(path);
  const keys = fileKeys(manifest);
  const fileBytes = manifest.entries
    .filter((e) => e.name.startsWith("files/"))
    .reduce((a, e) => a + e.size, 0);
  await mkdir(target.dataDir, { recursive: true });
  const disk = await statfs(target.dataDir);
  if (disk.bavail * disk.bsize < fileBytes + SPARE_BYTES)
    throw new Error(
      `not enough room on the disk: the backup's files need ${(fileBytes / 1048576).toFixed(1)} MB to be staged`,
    );
  const db = await openDb({
    databaseUrl: target.databaseUrl,
    dataDir: target.dataDir,
    migrateTo: manifest.schema,
  });
  const staging = join(target.dataDir, `restore-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  try {
    const schema = await schemaOf(db);
    if (schema !== manifest.schema)
      throw new Error(
        `the database is at schema ${schema}, the backup at ${manifest.schema}: restore into an empty database`,
      );
    const stored = (await target.files.list("")).map((f) => f.key);
    const content = await contentOf(db, stored);
    if (content && !force) throw new Error(`the target is not empty (${content}): add --force to replace it`);
    const had = new Set(stored);
    const backupKeys = new Set(keys);
    const kept = stored.filter((k) => !backupKeys.has(k));
    const clash = fileFolderClash(keys, kept) ?? fileFolderClash(kept, keys);
    if (clash)
      throw new Error(
        `the backup's files clash with the instance's: ${clash[0]} would be a file and the folder of ${clash[1]}`,
      );

    // 2. staging: nothing of the instance changes
    const staged = new LocalFileStore(join(staging, "new"));
    const byName = new Map(manifest.entries.map((e) => [e.name, e]));
    for (const key of keys) {
      const name = `files/${key}`;
      const sha = byName.get(name)?.sha256 as string;
      await staged.putStream(key, verified(path, entries.get(name) as TarEntry, sha), Infinity);
    }

    // 3. rows and files switched together; the transaction commits only after the last file
    const sum: RestoreSummary = {
      tables: manifest.tables.length,
      rows: 0,
      files: 0,
      bytes: 0,
      kept: kept.length,
    };
    const parts = manifest.entries.filter((e) => e.name.startsWith("db/"));
    let undo: (() => Promise<void>) | null = null;
    try {
      await db.tx(async (q) => {
        const all = await tablesInOrder(q);
        if (all.length) await q.query(`TRUNCATE ${all.map(ident).join(", ")} CASCADE`);
        for (const t of manifest.tables) {
          for (const p of parts.filter((e) => e.name.split("/")[1] === t)) {
            const text = (await readAll(path, entries.get(p.name) as TarEntry)).toString("utf8");
            const rows = text.split("\n").filter(Boolean);
            await q.query(
              `INSERT INTO ${ident(t)} SELECT * FROM jsonb_populate_recordset(NULL::${ident(t)}, $1::jsonb)`,
              [`[${rows.join(",")}]`],
            );
            sum.rows += rows.length;
            sum.bytes += p.size;
          }
        }
        undo = await switchFiles(
          keys,
          staged,
          new LocalFileStore(join(staging, "replaced")),
          target.files,
          had,
        );
      });
    } catch (e) {
      // the commit itself failed after the switch: put the files back too
      if (undo) await (undo as () => Promise<void>)();
      throw e;
    }
    sum.files = keys.length;
    sum.bytes += fileBytes;
    await migrate(db);
    return sum;
  } finally {
    await db.close();
    await rm(staging, { recursive: true, force: true });
  }
}
