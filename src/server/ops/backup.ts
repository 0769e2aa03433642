// `npm run backup` / `npm run restore` (docs/deploy.md "Backup and restore"): an instance's database
// (a logical dump of our tables, in foreign-key order; the same on PGlite and PostgreSQL) and its
// stored files, in one tar:
//   db/<table>/<n>.ndjson   up to ROWS_PER_PART rows, one JSON object (to_jsonb) per line
//   files/<key>             each stored file
//   inkless-backup.json     the manifest, written last: format, app and schema version, each
//                           entry's size and SHA-256, the tables in restore order
// Restore checks the whole archive before it changes anything, then fills an empty database (or,
// with --force, replaces its content in one transaction) and the files folder.
import { createHash } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { finished } from "node:stream/promises";
import { openDb } from "../db";
import { migrate, SCHEMA_VERSION } from "../db/migrations";
import type { Db, Queryable } from "../db/types";
import type { FileStore } from "../files/store";
import { validKey } from "../files/store";
import { APP_VERSION } from "../version";
import { listTar, readEntry, type TarEntry, TarWriter } from "./tar";

export const MANIFEST = "inkless-backup.json";
export const BACKUP_FORMAT = 1;
export const ROWS_PER_PART = 1000;
/** Tables a backup does not copy: the target's own migrations record and scheduled job runs. */
const SKIPPED = new Set(["schema_migrations", "job_runs"]);
/** Tables an unused instance already fills at start (not user data). */
const STARTUP_TABLES = new Set(["schema_migrations", "meta", "job_runs"]);
/** Files an unused instance already has (the sample previews it draws at start). */
const STARTUP_FILES = "_seed/";

export interface Manifest {
  format: number;
  app: string;
  schema: number;
  engine: string;
  created: string;
  /** Tables in restore (foreign-key) order. */
  tables: string[];
  entries: { name: string; size: number; sha256: string }[];
}

export interface Summary {
  tables: number;
  rows: number;
  files: number;
  bytes: number;
}

const ident = (t: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(t)) throw new Error(`unexpected table name ${JSON.stringify(t)}`);
  return `"${t}"`;
};

/** Our tables (the current schema's), parents before children. */
export async function tablesInOrder(q: Queryable): Promise<string[]> {
  const tables = (
    await q.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename",
    )
  )
    .map((r) => r.name)
    .filter((t) => !SKIPPED.has(t));
  const edges = await q.query<{ child: string; parent: string }>(
    `SELECT ch.relname AS child, pa.relname AS parent FROM pg_constraint c
       JOIN pg_class ch ON ch.oid = c.conrelid JOIN pg_class pa ON pa.oid = c.confrelid
      WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
  );
  const out: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (t: string) => {
    if (state.get(t) === "done") return;
    if (state.get(t) === "visiting") throw new Error(`foreign keys form a cycle through ${t}`);
    state.set(t, "visiting");
    for (const e of edges) if (e.child === t && e.parent !== t && tables.includes(e.parent)) visit(e.parent);
    state.set(t, "done");
    out.push(t);
  };
  for (const t of tables) visit(t);
  return out;
}

async function schemaOf(q: Queryable): Promise<number> {
  const rows = await q.query<{ v: number | null }>("SELECT max(version)::int AS v FROM schema_migrations");
  return rows[0]?.v ?? 0;
}

/**
 * Writes the backup of `db` and `files` to `outPath` (refused when it exists). The rows come from one
 * read-only snapshot; files are read after it. Written to `<out>.part` and renamed when complete.
 */
export async function backup(db: Db, files: FileStore, outPath: string): Promise<Summary> {
  if (existsSync(outPath)) throw new Error(`${outPath} exists already: choose another name`);
  const part = `${outPath}.part`;
  const stream = createWriteStream(part, { flags: "wx" });
  const tar = new TarWriter(stream);
  const sum: Summary = { tables: 0, rows: 0, files: 0, bytes: 0 };
  const entries: Manifest["entries"] = [];
  const add = async (name: string, size: number, source: Uint8Array | AsyncIterable<Uint8Array>) => {
    entries.push({ name, size, sha256: await tar.file(name, size, source) });
    sum.bytes += size;
  };
  try {
    const { tables, schema } = await db.tx(async (q) => {
      await q.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
      const tables = await tablesInOrder(q);
      for (const t of tables) {
        let after = "(0,0)";
        for (let n = 1; ; n++) {
          const rows = await q.query<{ c: string; r: string }>(
            `SELECT ctid::text AS c, to_jsonb(t)::text AS r FROM ${ident(t)} t WHERE ctid > $1::tid ORDER BY ctid LIMIT ${ROWS_PER_PART}`,
            [after],
          );
          if (rows.length === 0) break;
          const bytes = Buffer.from(`${rows.map((r) => r.r).join("\n")}\n`);
          await add(`db/${t}/${String(n).padStart(6, "0")}.ndjson`, bytes.length, bytes);
          sum.rows += rows.length;
          after = rows[rows.length - 1].c;
        }
      }
      sum.tables = tables.length;
      return { tables, schema: await schemaOf(q) };
    });
    for (const f of await files.list("")) {
      const opened = await files.open(f.key);
      if (!opened) continue; // deleted since the listing
      const size = opened.size;
      await add(
        `files/${f.key}`,
        size,
        size === 0 ? new Uint8Array() : (opened.stream(0, size - 1) as AsyncIterable<Uint8Array>),
      );
      sum.files++;
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      app: APP_VERSION,
      schema,
      engine: db.engine,
      created: new Date().toISOString(),
      tables,
      entries,
    };
    const text = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
    await tar.file(MANIFEST, text.length, text);
    await tar.end();
    stream.end();
    await finished(stream);
    await rename(part, outPath);
    return sum;
  } catch (e) {
    // removed once closed: a stream closes only after its file's open, which may still be running
    stream.destroy();
    await finished(stream).catch(() => {});
    await rm(part, { force: true });
    throw e;
  }
}

async function readAll(path: string, e: TarEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of readEntry(path, e)) chunks.push(c);
  return Buffer.concat(chunks);
}

/** Reads and checks the whole archive (manifest, sizes, checksums, file keys); throws on any fault. */
export async function checkBackup(
  path: string,
): Promise<{ manifest: Manifest; entries: Map<string, TarEntry> }> {
  const entries = new Map((await listTar(path)).map((e) => [e.name, e]));
  const m = entries.get(MANIFEST);
  if (!m) throw new Error("not an Inkless backup (no inkless-backup.json)");
  let manifest: Manifest;
  try {
    manifest = JSON.parse((await readAll(path, m)).toString("utf8"));
  } catch {
    throw new Error("the backup's manifest is not JSON");
  }
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`unknown backup format ${manifest.format}`);
  if (!Number.isInteger(manifest.schema) || manifest.schema > SCHEMA_VERSION)
    throw new Error(
      `the backup is from a newer Inkless (${manifest.app}, schema ${manifest.schema}; this one knows ${SCHEMA_VERSION}): upgrade first`,
    );
  for (const t of manifest.tables) ident(t);
  for (const want of manifest.entries) {
    const e = entries.get(want.name);
    if (!e || e.size !== want.size) throw new Error(`the backup is damaged: ${want.name} is missing or cut`);
    const isRows = want.name.startsWith("db/") && manifest.tables.includes(want.name.split("/")[1]);
    const isFile = want.name.startsWith("files/") && validKey(want.name.slice("files/".length));
    if (!isRows && !isFile) throw new Error(`the backup holds an unexpected entry: ${want.name}`);
    const hash = createHash("sha256");
    for await (const c of readEntry(path, e)) hash.update(c);
    if (hash.digest("hex") !== want.sha256)
      throw new Error(`the backup is damaged: ${want.name} does not match`);
  }
  return { manifest, entries };
}

export interface Target {
  databaseUrl?: string;
  dataDir: string;
  /** The target's file store (the data folder's files/ by default). */
  files: FileStore;
}

/** Names what the target already holds (user data), or null when it is empty. */
async function contentOf(db: Db, files: FileStore): Promise<string | null> {
  for (const t of await tablesInOrder(db)) {
    if (STARTUP_TABLES.has(t)) continue;
    const rows = await db.query(`SELECT 1 FROM ${ident(t)} LIMIT 1`);
    if (rows.length) return `the database has rows in ${t}`;
  }
  const stored = (await files.list("")).filter((f) => !f.key.startsWith(STARTUP_FILES));
  if (stored.length) return `the files folder holds ${stored.length} file(s)`;
  return null;
}

/**
 * Restores the backup at `path` into the target (PGlite in `<dataDir>/db`, or `databaseUrl`), which
 * must be empty unless `force` (then its rows and files are replaced). Nothing is changed when the
 * archive is damaged, from a newer version, or the target is not empty.
 */
export async function restore(path: string, target: Target, force = false): Promise<Summary> {
  const { manifest, entries } = await checkBackup(path);
  const db = await openDb({
    databaseUrl: target.databaseUrl,
    dataDir: target.dataDir,
    migrateTo: manifest.schema,
  });
  try {
    const schema = await schemaOf(db);
    if (schema !== manifest.schema)
      throw new Error(
        `the database is at schema ${schema}, the backup at ${manifest.schema}: restore into an empty database`,
      );
    const content = await contentOf(db, target.files);
    if (content && !force) throw new Error(`the target is not empty (${content}): add --force to replace it`);
    const sum: Summary = { tables: manifest.tables.length, rows: 0, files: 0, bytes: 0 };
    const parts = manifest.entries.filter((e) => e.name.startsWith("db/"));
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
    });
    await migrate(db);
    if (force) for (const f of await target.files.list("")) await target.files.delete(f.key);
    for (const e of manifest.entries.filter((x) => x.name.startsWith("files/"))) {
      await target.files.putStream(
        e.name.slice("files/".length),
        readEntry(path, entries.get(e.name) as TarEntry),
        Infinity,
      );
      sum.files++;
      sum.bytes += e.size;
    }
    return sum;
  } finally {
    await db.close();
  }
}
