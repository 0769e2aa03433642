// A minimal tar (POSIX ustar, with pax headers for long names) for backups: a writer streaming regular
// files into a Writable, and a reader that lists a tar file's entries and streams one at a time.
// Only regular files: no links, devices or permissions are written or honoured.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { Readable, type Writable } from "node:stream";

const BLOCK = 512;
const enc = new TextEncoder();

function writeString(h: Buffer, at: number, len: number, s: string): void {
  h.set(enc.encode(s).subarray(0, len), at);
}
function writeOctal(h: Buffer, at: number, len: number, n: number): void {
  writeString(h, at, len, `${n.toString(8).padStart(len - 1, "0")}\0`);
}

function header(name: string, size: number, type: "0" | "x", mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  writeString(h, 0, 100, name);
  writeOctal(h, 100, 8, 0o644);
  writeOctal(h, 108, 8, 0);
  writeOctal(h, 116, 8, 0);
  writeOctal(h, 124, 12, size);
  writeOctal(h, 136, 12, mtime);
  h.fill(0x20, 148, 156); // the checksum counts its own field as spaces
  writeString(h, 156, 1, type);
  writeString(h, 257, 6, "ustar\0");
  writeString(h, 263, 2, "00");
  let sum = 0;
  for (const b of h) sum += b;
  writeString(h, 148, 8, `${sum.toString(8).padStart(6, "0")}\0 `);
  return h;
}

/** A pax record "<len> path=<name>\n", its length counting itself. */
function paxPath(name: string): Buffer {
  const body = ` path=${name}\n`;
  let len = Buffer.byteLength(body);
  while (String(len).length + Buffer.byteLength(body) !== len)
    len = String(len).length + Buffer.byteLength(body);
  return Buffer.from(`${len}${body}`);
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async write(b: Uint8Array): Promise<void> {
    if (!this.out.write(b))
      await new Promise<void>((ok, fail) => {
        const done = (e?: Error) => {
          this.out.off("drain", done);
          this.out.off("error", done);
          e ? fail(e) : ok();
        };
        this.out.once("drain", done);
        this.out.once("error", done);
      });
  }

  /** Adds a regular file of exactly `size` bytes (a source that gives more or fewer throws); returns
   * the SHA-256 of its bytes (hex). */
  async file(name: string, size: number, source: Uint8Array | AsyncIterable<Uint8Array>): Promise<string> {
    const hash = createHash("sha256");
    const mtime = Math.floor(Date.now() / 1000);
    if (Buffer.byteLength(name) > 100) {
      const pax = paxPath(name);
      await this.write(header("././@PaxHeader", pax.length, "x", mtime));
      await this.write(pax);
      await this.write(padding(pax.length));
    }
    await this.write(header(Buffer.byteLength(name) > 100 ? name.slice(0, 90) : name, size, "0", mtime));
    let n = 0;
    for await (const chunk of source instanceof Uint8Array ? [source] : source) {
      n += chunk.length;
      if (n > size) throw new Error(`${name} grew while it was being written`);
      hash.update(chunk);
      await this.write(chunk);
    }
    if (n !== size) throw new Error(`${name} shrank while it was being written`);
    await this.write(padding(size));
    return hash.digest("hex");
  }

  /** The two zero blocks that end an archive. */
  async end(): Promise<void> {
    await this.write(Buffer.alloc(2 * BLOCK));
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** Where its bytes start in the file. */
  offset: number;
}

function readString(h: Buffer, at: number, len: number): string {
  const s = h.subarray(at, at + len);
  const end = s.indexOf(0);
  return s.subarray(0, end < 0 ? len : end).toString("utf8");
}
function readOctal(h: Buffer, at: number, len: number): number {
  const s = readString(h, at, len).trim();
  if (!/^[0-7]+$/.test(s)) throw new Error("not a tar file (bad number in a header)");
  return Number.parseInt(s, 8);
}

/** Lists the regular files of a tar file; throws on anything that is not a well-formed tar. */
export async function listTar(path: string): Promise<TarEntry[]> {
  const fh = await open(path, "r");
  try {
    const total = (await fh.stat()).size;
    const out: TarEntry[] = [];
    const h = Buffer.alloc(BLOCK);
    let pos = 0;
    let longName: string | null = null;
    for (;;) {
      if (pos + BLOCK > total) throw new Error("the archive is cut short");
      await fh.read(h, 0, BLOCK, pos);
      if (h.every((b) => b === 0)) return out;
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i];
      if (sum !== readOctal(h, 148, 8)) throw new Error("not a tar file (bad header checksum)");
      const size = readOctal(h, 124, 12);
      const type = String.fromCharCode(h[156] || 0x30);
      const start = pos + BLOCK;
      if (start + size > total) throw new Error("the archive is cut short");
      if (type === "x") {
        const pax = Buffer.alloc(size);
        await fh.read(pax, 0, size, start);
        const m = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(pax.toString("utf8"));
        longName = m ? m[1] : null;
      } else if (type === "0") {
        const prefix = readString(h, 345, 155);
        const name = longName ?? (prefix ? `${prefix}/${readString(h, 0, 100)}` : readString(h, 0, 100));
        out.push({ name, size, offset: start });
        longName = null;
      } else if (type !== "g" && type !== "5") {
        throw new Error(`unsupported tar entry type ${JSON.stringify(type)}`);
      }
      pos = start + size + ((BLOCK - (size % BLOCK)) % BLOCK);
    }
  } finally {
    await fh.close();
  }
}

/** Streams one entry's bytes. */
export function readEntry(path: string, e: TarEntry): AsyncIterable<Buffer> {
  if (e.size === 0) return Readable.from([]);
  return createReadStream(path, { start: e.offset, end: e.offset + e.size - 1 });
}
