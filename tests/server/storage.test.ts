// Storage layer on each engine: migrations are idempotent; the local FileStore confines keys.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openDb } from "../../src/server/db";
import { MIGRATIONS, migrate } from "../../src/server/db/migrations";
import { LocalFileStore } from "../../src/server/files/local";
import { FileTooLarge, ownsKey, validKey } from "../../src/server/files/store";
import { keyFromUrl } from "../../src/server/files/urls";
import { ENGINES } from "./helpers";

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), "inkless-store-"));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.each(ENGINES)("database on $name", (engine) => {
  it("migrates once, then again as a no-op, with the same schema", async () => {
    const dataDir = tmp();
    const db = await openDb({ databaseUrl: engine.databaseUrl, dataDir });
    try {
      expect(await migrate(db)).toBe(0);
      const rows = await db.query<{ version: number }>(
        "SELECT version FROM schema_migrations ORDER BY version",
      );
      expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
      const tables = await db.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
      );
      expect(tables.map((t) => t.table_name)).toEqual(
        expect.arrayContaining([
          "cloud_classes",
          "cloud_files",
          "sessions",
          "template_classes",
          "templates",
          "upload_tokens",
          "users",
        ]),
      );
      // Transactions roll back as a unit.
      await expect(
        db.tx(async (q) => {
          await q.query("INSERT INTO meta (key, value) VALUES ('tx-test', 'x') ON CONFLICT (key) DO NOTHING");
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      expect(await db.query("SELECT 1 FROM meta WHERE key = 'tx-test'")).toEqual([]);
    } finally {
      await db.close();
    }
  }, 120_000);
});

describe("PGlite data folder", () => {
  it("keeps data across restarts", async () => {
    const dataDir = tmp();
    const db1 = await openDb({ dataDir });
    await db1.query("INSERT INTO meta (key, value) VALUES ('persist', 'yes')");
    await db1.close();
    const db2 = await openDb({ dataDir });
    expect(await db2.query("SELECT value FROM meta WHERE key = 'persist'")).toEqual([{ value: "yes" }]);
    await db2.close();
  }, 120_000);
});

describe("file keys and the local FileStore", () => {
  it.each([
    "../a",
    "a/../b",
    "/abs",
    "a//b",
    "a/./b",
    "a\\b",
    "a/b\0",
    "",
    " a/b",
    "a/ b",
    "a".repeat(600),
    "a/<b>",
  ])("rejects the key %j", (k) => {
    expect(validKey(k)).toBeNull();
  });

  it("accepts ordinary keys and confines them to a user prefix", () => {
    expect(validKey("u1/tprt/20261122/Shelf tag (2).tprts")).not.toBeNull();
    expect(validKey("u1/图片/价签.png")).not.toBeNull();
    expect(validKey("u1/tprt/Tom's [draft] & co!.tprts")).not.toBeNull();
    for (const bad of ["u1/a#b", "u1/a?b", "u1/50%", "u1/a:b", "u1/a\u200bb"])
      expect(validKey(bad)).toBeNull();
    expect(ownsKey("u1", "u1/x.png")).toBe(true);
    expect(ownsKey("u1", "u10/x.png")).toBe(false);
    expect(ownsKey("u1", "u1/../u2/x.png")).toBe(false);
    expect(keyFromUrl("http://h:1/files/u1/a%20b.png")).toBe("u1/a b.png");
    expect(keyFromUrl("/files/u1/%2e%2e/x")).toBeNull();
    expect(keyFromUrl("https://evil/x/files/u1/a")).toBeNull();
  });

  it("puts, gets, lists and deletes; refuses traversal", async () => {
    const store = new LocalFileStore(tmp());
    await store.put("u1/a/b.txt", new TextEncoder().encode("hello"));
    await store.put("u1/c.txt", new Uint8Array([1, 2]));
    await store.put("u2/d.txt", new Uint8Array([3]));
    expect(new TextDecoder().decode((await store.get("u1/a/b.txt")) as Uint8Array)).toBe("hello");
    expect(await store.get("u1/none")).toBeNull();
    expect(await store.list("u1/")).toEqual([
      { key: "u1/a/b.txt", size: 5 },
      { key: "u1/c.txt", size: 2 },
    ]);
    expect(await store.delete("u1/c.txt")).toBe(true);
    expect(await store.delete("u1/c.txt")).toBe(false);
    await expect(store.put("../escape.txt", new Uint8Array([1]))).rejects.toThrow();
    await expect(store.get("u1/../../etc/passwd")).rejects.toThrow();
  });
});

describe("concurrent and interrupted writes (issue 14, item 10)", () => {
  const parts = (dir: string): string[] =>
    readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".part"));

  it("two writes to one key in the same millisecond never mix their bytes", async () => {
    const root = tmp();
    const store = new LocalFileStore(root);
    const now = vi.spyOn(Date, "now").mockReturnValue(1_700_000_000_000);
    try {
      for (let round = 0; round < 5; round++) {
        const a = new Uint8Array(4 * 1024 * 1024).fill(97);
        const b = new Uint8Array(3 * 1024 * 1024).fill(98);
        // one whole write and one streamed in chunks, at once
        const chunks = async function* () {
          for (let i = 0; i < 48; i++) yield b.subarray(i * 65536, (i + 1) * 65536);
        };
        await Promise.all([store.put("u1/same.bin", a), store.putStream("u1/same.bin", chunks(), 1 << 30)]);
        const got = (await store.get("u1/same.bin")) as Uint8Array;
        const whole =
          got.length === a.length
            ? got.every((x) => x === 97)
            : got.length === b.length && got.every((x) => x === 98);
        expect(whole).toBe(true);
      }
    } finally {
      now.mockRestore();
    }
    expect(parts(root)).toEqual([]);
  });

  it("a stream over its limit stores nothing and leaves no .part file", async () => {
    const root = tmp();
    const store = new LocalFileStore(root);
    const big = async function* () {
      for (let i = 0; i < 10; i++) yield new Uint8Array(1000);
    };
    await expect(store.putStream("u1/big.bin", big(), 5000)).rejects.toBeInstanceOf(FileTooLarge);
    expect(await store.get("u1/big.bin")).toBeNull();
    expect(parts(root)).toEqual([]);
    // over the limit at once, while the .part file is still being opened: it is removed once open
    // (a race: before the fix, about 2 writes in 100 left their .part file behind)
    for (let i = 0; i < 100; i++) {
      const huge = async function* () {
        yield new Uint8Array(6000);
      };
      await expect(store.putStream(`u1/huge${i}.bin`, huge(), 5000)).rejects.toBeInstanceOf(FileTooLarge);
      expect(parts(root)).toEqual([]);
    }
  });

  it("removes the .part files an interrupted write left behind, and only those", async () => {
    const root = tmp();
    mkdirSync(join(root, "u1", "tprt"), { recursive: true });
    writeFileSync(join(root, "u1", "tprt", "a.tprt"), "kept");
    writeFileSync(join(root, "u1", "tprt", "a.tprt.1234.1700000000000.part"), "half");
    writeFileSync(join(root, "u1", "x.png.9f8e7d6c5b4a3921.part"), "half");
    const store = new LocalFileStore(root);
    expect(await store.removeLeftovers()).toBe(2);
    expect(parts(root)).toEqual([]);
    expect(await store.list("u1/")).toEqual([{ key: "u1/tprt/a.tprt", size: 4 }]);
  });
});

describe("sample labels", () => {
  it("parse with the label file reader, with the kinds they were written with", async () => {
    const { readFileSync } = await import("node:fs");
    const { parseLabelFile } = await import("../../src/model/file");
    const { SAMPLES } = await import("../../src/server/seed/seed");
    const kinds: Record<string, string[]> = {
      "shelf-tag.tprt": ["Rectangle", "Text", "Text", "Line", "Barcode"],
      "shipping-label.tprt": ["Text", "Text", "Line", "Barcode", "QRcode"],
      "price-tag.tprt": ["RoundRectangle", "Text", "Text", "TimeText"],
    };
    for (const s of SAMPLES) {
      const r = parseLabelFile(
        readFileSync(new URL(`../../src/server/seed/samples/${s.file}`, import.meta.url)),
        s.file,
      );
      if (!r.ok) throw new Error(`${s.file}: ${JSON.stringify(r.error)}`);
      expect(r.doc.attrs.width).toBe(s.width);
      expect(r.doc.attrs.height).toBe(s.height);
      expect(r.doc.elements.map((e) => e.Type)).toEqual(kinds[s.file]);
    }
  });
});
