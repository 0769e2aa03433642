// FileStore on a local directory ($INKLESS_DATA/files). Keys map to paths below the root only.
// Writes go to a uniquely named `<file>.<random>.part` and are renamed over the file (atomic on one
// file system), so two uploads to one key never mix their bytes and a reader never sees half a
// file; `.part` files a crash left behind are removed at start (removeLeftovers).
import { randomBytes } from "node:crypto";
import { constants, createReadStream, createWriteStream } from "node:fs";
import { access, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { finished } from "node:stream/promises";
import { type FileStore, FileTooLarge, type OpenedFile, type StoredFile, validKey } from "./store";

const PART = ".part";
const partName = (p: string) => `${p}.${randomBytes(8).toString("hex")}${PART}`;

/** Every file below `dir` (none when it does not exist). */
async function* filesUnder(dir: string): AsyncGenerator<string> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* filesUnder(p);
    else if (e.isFile()) yield p;
  }
}

export class LocalFileStore implements FileStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    const k = validKey(key);
    if (!k) throw new Error(`invalid file key: ${JSON.stringify(key).slice(0, 80)}`);
    const p = resolve(this.root, ...k.split("/"));
    // Belt and braces: validKey already rules out traversal.
    if (!p.startsWith(this.root + sep)) throw new Error("file key outside the store");
    return p;
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    const tmp = partName(p);
    try {
      await writeFile(tmp, data, { flag: "wx" });
      await rename(tmp, p);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
  }

  async putStream(
    key: string,
    chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    maxBytes: number,
  ): Promise<number> {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    const tmp = partName(p);
    const out = createWriteStream(tmp, { flags: "wx" });
    let size = 0;
    try {
      for await (const chunk of chunks) {
        size += chunk.length;
        if (size > maxBytes) throw new FileTooLarge();
        if (!out.write(chunk)) await new Promise<void>((r) => out.once("drain", () => r()));
      }
      out.end();
      await finished(out);
      await rename(tmp, p);
      return size;
    } catch (e) {
      // the .part file may still be opening (the open and the removal run on libuv's threads side by
      // side): the stream closes only after its open, so remove the file once it has closed
      out.destroy();
      await finished(out).catch(() => {});
      await rm(tmp, { force: true });
      throw e;
    }
  }

  async open(key: string): Promise<OpenedFile | null> {
    const p = this.path(key);
    try {
      const s = await stat(p);
      if (!s.isFile()) return null;
      return { size: s.size, mtime: s.mtime, stream: (start, end) => createReadStream(p, { start, end }) };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw e;
    }
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.R_OK | constants.W_OK);
  }

  /** Removes the `.part` files interrupted writes left behind; returns how many. */
  async removeLeftovers(): Promise<number> {
    let n = 0;
    for await (const p of filesUnder(this.root)) {
      if (!p.endsWith(PART)) continue;
      await rm(p, { force: true });
      n++;
    }
    return n;
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      // a Uint8Array over the Buffer's own memory, not a second copy (an import's workbook is MBs)
      const b = await readFile(this.path(key));
      return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT" || (e as NodeJS.ErrnoException).code === "EISDIR")
        return null;
      throw e;
    }
  }

  async delete(key: string): Promise<boolean> {
    const p = this.path(key);
    try {
      const s = await stat(p);
      if (!s.isFile()) return false;
      await rm(p);
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw e;
    }
  }

  async list(prefix: string): Promise<StoredFile[]> {
    const dir = prefix.replace(/\/+$/, "");
    const base = dir === "" ? this.root : this.path(dir);
    const out: StoredFile[] = [];
    for await (const p of filesUnder(base)) {
      if (!p.endsWith(PART))
        out.push({ key: relative(this.root, p).split(sep).join("/"), size: (await stat(p)).size });
    }
    return out.sort((a, b) => a.key.localeCompare(b.key));
  }
}
