// The backup's tar (src/server/ops/tar.ts): long and non-ASCII names, empty files, damage refused.
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import { afterAll, describe, expect, it } from "vitest";
import { listTar, readEntry, TarWriter } from "../../src/server/ops/tar";

const dir = mkdtempSync(join(tmpdir(), "inkless-tar-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function write(path: string, files: [string, Uint8Array][]): Promise<void> {
  const out = createWriteStream(path);
  const tar = new TarWriter(out);
  for (const [name, data] of files) await tar.file(name, data.length, data);
  await tar.end();
  out.end();
  await finished(out);
}

const text = async (it: AsyncIterable<Buffer>) => {
  let s = "";
  for await (const c of it) s += c.toString("utf8");
  return s;
};

describe("backup tar", () => {
  const long = `files/${"a".repeat(120)}/Étiquette 价格.tprt`;
  const files: [string, Uint8Array][] = [
    ["db/users/000001.ndjson", Buffer.from('{"id":"1"}\n')],
    [long, Buffer.from("x".repeat(700))],
    ["files/empty.bin", new Uint8Array()],
  ];

  it("reads back what it wrote: names over 100 bytes, non-ASCII, an empty file", async () => {
    const path = join(dir, "ok.tar");
    await write(path, files);
    const entries = await listTar(path);
    expect(entries.map((e) => [e.name, e.size])).toEqual(files.map(([n, d]) => [n, d.length]));
    for (const [i, e] of entries.entries())
      expect(await text(readEntry(path, e))).toBe(Buffer.from(files[i][1]).toString());
  });

  it("refuses a changed header and a cut archive", async () => {
    const path = join(dir, "bad.tar");
    await write(path, files);
    const bytes = readFileSync(path);
    const changed = Buffer.from(bytes);
    changed[3] ^= 1; // a letter of the first name: the header checksum no longer matches
    writeFileSync(path, changed);
    await expect(listTar(path)).rejects.toThrow(/checksum/);
    writeFileSync(path, bytes.subarray(0, 1024 + 512));
    await expect(listTar(path)).rejects.toThrow(/cut short/);
  });

  it("refuses a source that gives more or fewer bytes than announced", async () => {
    const out = createWriteStream(join(dir, "size.tar"));
    const tar = new TarWriter(out);
    await expect(tar.file("a", 3, Buffer.from("four"))).rejects.toThrow(/grew/);
    await expect(tar.file("b", 5, Buffer.from("four"))).rejects.toThrow(/shrank/);
    out.end();
    await finished(out);
  });
});
