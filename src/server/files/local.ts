// FileStore on a local directory ($INKLESS_DATA/files). Keys map to paths below the root only.
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { type FileStore, type StoredFile, validKey } from "./store";

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
    // Write then rename, so a reader never sees half a file.
    const tmp = `${p}.${process.pid}.${Date.now()}.part`;
    await writeFile(tmp, data);
    await rename(tmp, p);
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(this.path(key)));
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
    const walk = async (d: string): Promise<void> => {
      let entries: import("node:fs").Dirent[];
      try {
        entries = await readdir(d, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const p = join(d, e.name);
        if (e.isDirectory()) await walk(p);
        else if (e.isFile() && !e.name.endsWith(".part")) {
          out.push({ key: relative(this.root, p).split(sep).join("/"), size: (await stat(p)).size });
        }
      }
    };
    await walk(base);
    return out.sort((a, b) => a.key.localeCompare(b.key));
  }
}
