// Restore never loses data (issue 33 item 5): archives made here — one whose files clash ("u/x" and
// "u/x/y"), one cut short, one left by a backup killed midway, one clashing with a file the instance
// keeps — are refused before anything changes; a failure while the files are switched puts the
// database and every file back as they were; --force replaces, and never deletes what it has not
// replaced.
import { createHash } from "node:crypto";
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../../src/server/db";
import { SCHEMA_VERSION } from "../../src/server/db/migrations";
import { LocalFileStore } from "../../src/server/files/local";
import type { FileStore } from "../../src/server/files/store";
import { BACKUP_FORMAT, checkBackup, MANIFEST } from "../../src/server/ops/backup";
import { restore } from "../../src/server/ops/restore";
import { TarWriter } from "../../src/server/ops/tar";

const bytes = (s: string) => new TextEncoder().encode(s);

/** Writes a backup archive of these rows and files, with a true manifest (or none: `killed`). */
async function archive(
  path: string,
  rows: Record<string, string[]>,
  files: [string, string][],
  opts: { killed?: boolean } = {},
): Promise<void> {
  const stream = createWriteStream(path);
  const tar = new TarWriter(stream);
  const entries: { name: string; size: number; sha256: string }[] = [];
  const add = async (name: string, body: Uint8Array) =>
    entries.push({ name, size: body.length, sha256: await tar.file(name, body.length, body) });
  for (const [t, lines] of Object.entries(rows))
    await add(`db/${t}/000001.ndjson`, bytes(`${lines.join("\n")}\n`));
  for (const [key, text] of files) await add(`files/${key}`, bytes(text));
  if (!opts.killed) {
    const m = bytes(
      JSON.stringify({
        format: BACKUP_FORMAT,
        app: "test",
        schema: SCHEMA_VERSION,
        engine: "pglite",
        created: new Date().toISOString(),
        tables: Object.keys(rows),
        entries,
      }),
    );
    await tar.file(MANIFEST, m.length, m);
    await tar.end();
  }
  stream.end();
  await finished(stream);
}

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

describe("restore never loses data", () => {
  let dir: string;
  let dataDir: string;
  let files: LocalFileStore;
  /** the instance's user row, as a backup would hold it */
  let userRow: Record<string, unknown>;

  /** The instance's users and every file with its checksum. */
  async function snapshot() {
    const db = await openDb({ dataDir });
    try {
      const users = (
        await db.query<{ r: string }>("SELECT to_jsonb(u)::text AS r FROM users u ORDER BY id")
      ).map((x) => x.r);
      const stored: Record<string, string> = {};
      for (const f of await files.list("")) stored[f.key] = sha((await files.get(f.key)) as Uint8Array);
      return { users, stored };
    } finally {
      await db.close();
    }
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "inkless-restore-safe-"));
    dataDir = join(dir, "instance");
    files = new LocalFileStore(join(dataDir, "files"));
    const db = await openDb({ dataDir });
    try {
      await db.query(
        "INSERT INTO users (id, account, password_hash, nickname, industry) VALUES ('u1', 'shop@example.com', 'x', 'Shop', 'retail')",
      );
      userRow = JSON.parse(
        (await db.query<{ r: string }>("SELECT to_jsonb(u)::text AS r FROM users u WHERE id = 'u1'"))[0].r,
      );
    } finally {
      await db.close();
    }
    await files.put("u1/a.txt", bytes("the instance's a"));
    await files.put("u1/b/c.txt", bytes("the instance's c"));
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("refuses clashing, cut and unfinished archives before changing anything", async () => {
    const before = await snapshot();
    expect(Object.keys(before.stored).sort()).toEqual(["u1/a.txt", "u1/b/c.txt"]);

    const clashing = join(dir, "clashing.tar");
    await archive(clashing, { users: [JSON.stringify({ ...userRow, id: "u9", account: "x@example.com" })] }, [
      ["u/x", "a file"],
      ["u/x/y", "a file inside the file"],
    ]);
    await expect(checkBackup(clashing)).rejects.toThrow(/u\/x is a file and also the folder of u\/x\/y/);
    await expect(restore(clashing, { dataDir, files }, true)).rejects.toThrow(/folder of/);

    // a whole archive cut in the middle of an entry
    const whole = join(dir, "whole.tar");
    await archive(whole, {}, [
      ["u2/one.txt", "x".repeat(5000)],
      ["u2/two.txt", "y".repeat(5000)],
    ]);
    const cut = join(dir, "cut.tar");
    const full = readFileSync(whole);
    writeFileSync(cut, full.subarray(0, Math.floor(full.length / 2)));
    await expect(restore(cut, { dataDir, files }, true)).rejects.toThrow(/cut short/);

    // what a backup killed midway leaves: entries, no manifest, no end
    const killed = join(dir, "killed.tar");
    await archive(killed, {}, [["u2/one.txt", "x".repeat(5000)]], { killed: true });
    await expect(restore(killed, { dataDir, files }, true)).rejects.toThrow(
      /cut short|not an Inkless backup/,
    );

    // a backup file where the instance keeps a folder of its own files
    const intoFolder = join(dir, "into-folder.tar");
    await archive(intoFolder, {}, [["u1/b", "a file where the instance has a folder"]]);
    await expect(restore(intoFolder, { dataDir, files }, true)).rejects.toThrow(
      /clash.*u1\/b.*u1\/b\/c\.txt/,
    );

    expect(await snapshot()).toEqual(before);
    expect(readdirSync(dataDir).filter((n) => n.startsWith("restore-"))).toEqual([]);
  }, 600_000);

  it("a failure while the files are switched puts the rows and the files back", async () => {
    const before = await snapshot();
    const path = join(dir, "fails.tar");
    await archive(path, { users: [JSON.stringify({ ...userRow, id: "u7", account: "new@example.com" })] }, [
      ["u1/a.txt", "the backup's a"],
      ["u7/new.txt", "new"],
      ["u7/more.txt", "more"],
    ]);
    // the disk fills up at the backup's third file
    const failing: FileStore = Object.assign(Object.create(files), {
      putStream: (key: string, chunks: AsyncIterable<Uint8Array>, max: number) =>
        key === "u7/more.txt"
          ? Promise.reject(new Error("ENOSPC: no space left"))
          : files.putStream(key, chunks, max),
    });
    await expect(restore(path, { dataDir, files: failing }, true)).rejects.toThrow(/ENOSPC/);
    expect(await snapshot()).toEqual(before);
    expect(new TextDecoder().decode((await files.get("u1/a.txt")) as Uint8Array)).toBe("the instance's a");
    expect(readdirSync(dataDir).filter((n) => n.startsWith("restore-"))).toEqual([]);
  }, 600_000);

  it("--force replaces rows and the files the backup has, and keeps the instance's other files", async () => {
    const path = join(dir, "good.tar");
    await archive(path, { users: [JSON.stringify({ ...userRow, id: "u7", account: "new@example.com" })] }, [
      ["u1/a.txt", "the backup's a"],
      ["u7/new.txt", "new"],
    ]);
    await expect(restore(path, { dataDir, files })).rejects.toThrow(/not empty.*--force/);
    const sum = await restore(path, { dataDir, files }, true);
    expect(sum).toMatchObject({ rows: 1, files: 2, kept: 1 });
    const after = await snapshot();
    expect(after.users.map((u) => JSON.parse(u).account)).toEqual(["new@example.com"]);
    expect(Object.keys(after.stored).sort()).toEqual(["u1/a.txt", "u1/b/c.txt", "u7/new.txt"]);
    expect(new TextDecoder().decode((await files.get("u1/a.txt")) as Uint8Array)).toBe("the backup's a");
    expect(new TextDecoder().decode((await files.get("u1/b/c.txt")) as Uint8Array)).toBe("the instance's c");
    expect(readdirSync(dataDir).filter((n) => n.startsWith("restore-"))).toEqual([]);
  }, 600_000);
});
