// One suite for every FileStore: the local folder and an S3-compatible store (a local s3rver the
// test starts; docs/deploy.md "Files on an S3-compatible store").
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalFileStore } from "../../src/server/files/local";
import { S3FileStore } from "../../src/server/files/s3";
import { s3FromEnv } from "../../src/server/files/s3Config";
import { type FileStore, FileTooLarge } from "../../src/server/files/store";
import { startS3, type TestS3 } from "./support/s3";

const text = (b: Uint8Array | null) => (b ? new TextDecoder().decode(b) : null);

async function readAll(s: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(parts);
}

let s3: TestS3;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const STORES: { name: string; make(): FileStore }[] = [
  {
    name: "the local folder",
    make: () => {
      const d = mkdtempSync(join(tmpdir(), "inkless-store-"));
      dirs.push(d);
      return new LocalFileStore(d);
    },
  },
  { name: "an S3-compatible store", make: () => new S3FileStore(s3.config) },
];

describe.each(STORES)("FileStore on $name", ({ make }) => {
  let store: FileStore;
  /** a user prefix of its own per store (the S3 bucket is shared by the suite) */
  let u: string;
  beforeAll(() => {
    store = make();
    u = `u${Math.random().toString(36).slice(2, 10)}`;
  });

  it("puts, gets, lists by folder and deletes", async () => {
    await store.put(`${u}/a/b.txt`, new TextEncoder().encode("hello"));
    await store.put(`${u}/c.txt`, new Uint8Array([1, 2]));
    await store.put(`${u}x/d.txt`, new Uint8Array([3]));
    expect(text(await store.get(`${u}/a/b.txt`))).toBe("hello");
    expect(await store.get(`${u}/none`)).toBeNull();
    expect(await store.list(`${u}/`)).toEqual([
      { key: `${u}/a/b.txt`, size: 5 },
      { key: `${u}/c.txt`, size: 2 },
    ]);
    // a folder name without its slash is still that folder, not every key that starts with it
    expect((await store.list(u)).map((f) => f.key)).toEqual([`${u}/a/b.txt`, `${u}/c.txt`]);
    expect(await store.delete(`${u}/c.txt`)).toBe(true);
    expect(await store.delete(`${u}/c.txt`)).toBe(false);
    expect(await store.list(`${u}/`)).toEqual([{ key: `${u}/a/b.txt`, size: 5 }]);
    await store.put(`${u}/a/b.txt`, new TextEncoder().encode("again"));
    expect(text(await store.get(`${u}/a/b.txt`))).toBe("again");
  });

  it("refuses keys outside the rules before touching the store", async () => {
    await expect(store.put("../escape.txt", new Uint8Array([1]))).rejects.toThrow(/invalid file key/);
    await expect(store.get(`${u}/../../etc/passwd`)).rejects.toThrow();
    await expect(store.open(`${u}/a#b`)).rejects.toThrow();
  });

  it("streams an upload in (parts past 5 MB) and out, whole or a range", async () => {
    const size = 6 * 1024 * 1024 + 123;
    const big = Buffer.alloc(size);
    for (let i = 0; i < size; i++) big[i] = (i * 7) & 255;
    async function* chunks() {
      for (let i = 0; i < size; i += 65536) yield big.subarray(i, Math.min(size, i + 65536));
    }
    expect(await store.putStream(`${u}/big.bin`, chunks(), size)).toBe(size);
    const opened = await store.open(`${u}/big.bin`);
    expect(opened?.size).toBe(size);
    expect(opened?.mtime.getTime()).toBeGreaterThan(0);
    expect((await readAll(opened?.stream() as NodeJS.ReadableStream)).equals(big)).toBe(true);
    const part = await readAll(opened?.stream(1000, 1999) as NodeJS.ReadableStream);
    expect(part.equals(big.subarray(1000, 2000))).toBe(true);
    expect(await store.open(`${u}/no.bin`)).toBeNull();
  });

  it("a stream over its limit stores nothing", async () => {
    async function* chunks() {
      for (let i = 0; i < 10; i++) yield new Uint8Array(1000).fill(i);
    }
    await expect(store.putStream(`${u}/over.bin`, chunks(), 5000)).rejects.toBeInstanceOf(FileTooLarge);
    expect(await store.get(`${u}/over.bin`)).toBeNull();
    expect(await store.list(`${u}/`)).not.toContainEqual(expect.objectContaining({ key: `${u}/over.bin` }));
  });

  it("answers the health check", async () => {
    await expect(store.check()).resolves.toBeUndefined();
  });
});

describe("the S3 store's health check", () => {
  it("fails when the bucket does not exist", async () => {
    const store = new S3FileStore({ ...s3.config, bucket: "no-such-bucket" });
    await expect(store.check()).rejects.toThrow();
  });
});

describe("INKLESS_S3_* settings", () => {
  const all = {
    INKLESS_S3_ENDPOINT: "https://s3.example.com/",
    INKLESS_S3_BUCKET: "labels",
    INKLESS_S3_ACCESS_KEY_ID: "id",
    INKLESS_S3_SECRET_ACCESS_KEY: "secret",
  };
  it("none: the local folder; all: the store, with the default region", () => {
    expect(s3FromEnv({})).toBeUndefined();
    expect(s3FromEnv(all)).toEqual({
      endpoint: "https://s3.example.com",
      bucket: "labels",
      region: "us-east-1",
      accessKeyId: "id",
      secretAccessKey: "secret",
    });
    expect(s3FromEnv({ ...all, INKLESS_S3_REGION: "eu-central-1" })).toMatchObject({
      region: "eu-central-1",
    });
  });
  it("some missing or a bad endpoint: an error that names them (the server refuses to start)", () => {
    expect(s3FromEnv({ INKLESS_S3_BUCKET: "labels" })).toEqual({
      error:
        "the S3 file store needs INKLESS_S3_ENDPOINT, INKLESS_S3_ACCESS_KEY_ID, INKLESS_S3_SECRET_ACCESS_KEY too",
    });
    expect(s3FromEnv({ ...all, INKLESS_S3_ENDPOINT: "s3.example.com" })).toEqual({
      error: 'INKLESS_S3_ENDPOINT must be an http:// or https:// address, not "s3.example.com"',
    });
  });
});
