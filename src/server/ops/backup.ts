// `npm run backup` / `npm run restore` (docs/deploy.md "Backup and restore"): an instance's database
// (a logical dump of our tables, in foreign-key order; the same on PGlite and PostgreSQL) and its
// stored files, in one tar:
//   db/<table>/<n>.ndjson   up to ROWS_PER_PART rows, one JSON object (to_jsonb) per line
//   files/<key>             each stored file
//   inkless-backup.json     the manifest, written last: format, app and schema version, each
//                           entry's size and SHA-256, the tables in restore order
// checkBackup() validates a whole archive before anything is changed; restoring it is ./restore.ts.
import { createHash } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { finished } from "node:stream/promises";
import { APP_VERSION } from "../../model/version";
import { SCHEMA_VERSION } from "../db/migrations";
import type { Db, Queryable } from "../db/types";
import type { FileStore } from "../files/store";
import { validKey } from "../files/store";
import { listTar, readEntry, type TarEntry, TarWriter } from "./tar";

export const MANIFEST = "inkless-backup.json";
export const BACKUP_FORMAT = 1;
export const ROWS_PER_PART = 1000;
/** Tables a backup does not copy: the target's own migrations record and scheduled job runs. */
const SKIPPED = new Set(["schema_migrations", "job_runs"]);

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

export const ident = (t: string) => {
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

export async function schemaOf(q: Queryable): Promise<number> {
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

export async function readAll(path: string, e: TarEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of readEntry(path, e)) chunks.push(c);
  return Buffer.concat(chunks);
}

/** The longest name of one folder or file on the filesystems we run on (bytes). */
const MAX_SEGMENT_BYTES = 255;
const ROWS_ENTRY = /^db\/([a-z_][a-z0-9_]*)\/\d{6}\.ndjson$/;

/** The first key that is also a folder of another key ("u/x" beside "u/x/y"), as [file, inside], or null. */
export function fileFolderClash(
  keys: Iterable<string>,
  others: Iterable<string> = keys,
): [string, string] | null {
  const files = new Set(keys);
  for (const k of others) {
    const parts = k.split("/");
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join("/");
      if (files.has(folder)) return [folder, k];
    }
  }
  return null;
}

/** Throws unless `m` is a manifest of this format with well-formed, unique tables and entries. */
function checkManifest(m: unknown): asserts m is Manifest {
  const bad = (why: string) => new Error(`the backup's manifest is damaged: ${why}`);
  if (typeof m !== "object" || m === null) throw bad("not an object");
  const x = m as Record<string, unknown>;
  if (x.format !== BACKUP_FORMAT) throw new Error(`unknown backup format ${x.format}`);
  if (!Number.isInteger(x.schema) || (x.schema as number) > SCHEMA_VERSION)
    throw new Error(
      `the backup is from a newer Inkless (${x.app}, schema ${x.schema}; this one knows ${SCHEMA_VERSION}): upgrade first`,
    );
  if (!Array.isArray(x.tables) || !x.tables.every((t) => typeof t === "string")) throw bad("tables");
  for (const t of x.tables) ident(t);
  if (new Set(x.tables).size !== x.tables.length) throw bad("a table is listed twice");
  if (!Array.isArray(x.entries)) throw bad("entries");
  const names = new Set<string>();
  for (const e of x.entries as unknown[]) {
    const { name, size, sha256 } = (e ?? {}) as Record<string, unknown>;
    if (typeof name !== "string" || !Number.isSafeInteger(size) || (size as number) < 0)
      throw bad(`entry ${JSON.stringify(name)}`);
    if (typeof sha256 !== "string" || !/^[0-9a-f]{64}$/.test(sha256)) throw bad(`checksum of ${name}`);
    if (names.has(name)) throw bad(`${name} is listed twice`);
    names.add(name);
  }
}

/** Why `name` cannot be restored (not rows of a listed table, not a storable file key), or null. */
function entryFault(name: string, tables: string[]): string | null {
  const rows = ROWS_ENTRY.exec(name);
  if (rows) return tables.includes(rows[1]) ? null : "rows of a table the manifest does not list";
  if (!name.startsWith("files/")) return "neither rows nor a file";
  const key = name.slice("files/".length);
  if (!validKey(key)) return "not a valid file name";
  if (key.split("/").some((p) => Buffer.byteLength(p) > MAX_SEGMENT_BYTES))
    return `a folder or file name longer than ${MAX_SEGMENT_BYTES} bytes`;
  return null;
}

/**
 * Reads and checks the whole archive before anything is changed; throws on any fault: the tar's
 * structure, the manifest (format, schema, well-formed unique entries), every entry named in the
 * manifest and every entry of the tar listed in it, no name twice, every name a table's rows or a
 * valid file key, no file that is also another file's folder ("u/x" and "u/x/y"), and every entry's
 * size and SHA-256.
 */
export async function checkBackup(
  path: string,
): Promise<{ manifest: Manifest; entries: Map<string, TarEntry> }> {
  const listed = await listTar(path);
  const entries = new Map(listed.map((e) => [e.name, e]));
  if (entries.size !== listed.length) {
    const seen = new Set<string>();
    const twice = listed.find((e) => seen.size === seen.add(e.name).size);
    throw new Error(`the backup holds ${twice?.name} twice`);
  }
  const m = entries.get(MANIFEST);
  if (!m) throw new Error("not an Inkless backup (no inkless-backup.json)");
  let manifest: unknown;
  try {
    manifest = JSON.parse((await readAll(path, m)).toString("utf8"));
  } catch {
    throw new Error("the backup's manifest is not JSON");
  }
  checkManifest(manifest);
  const named = new Set(manifest.entries.map((e) => e.name));
  for (const name of entries.keys())
    if (name !== MANIFEST && !named.has(name)) throw new Error(`the backup holds an unlisted entry: ${name}`);
  for (const want of manifest.entries) {
    const fault = entryFault(want.name, manifest.tables);
    if (fault) throw new Error(`the backup holds an unexpected entry: ${want.name} (${fault})`);
    const e = entries.get(want.name);
    if (!e || e.size !== want.size) throw new Error(`the backup is damaged: ${want.name} is missing or cut`);
  }
  const clash = fileFolderClash(fileKeys(manifest));
  if (clash)
    throw new Error(`the backup is damaged: ${clash[0]} is a file and also the folder of ${clash[1]}`);
  for (const want of manifest.entries) {
    const hash = createHash("sha256");
    for await (const c of readEntry(path, entries.get(want.name) as TarEntry)) hash.update(c);
    if (hash.digest("hex") !== want.sha256)
      throw new Error(`the backup is damaged: ${want.name} does not match`);
  }
  return { manifest, entries };
}

/** The stored-file keys of a backup's manifest. */
export function fileKeys(manifest: Manifest): string[] {
  return manifest.entries
    .filter((e) => e.name.startsWith("files/"))
    .map((e) => e.name.slice("files/".length));
}
