// PDF file assembly, DOM-free: numbered objects written in order as byte chunks, Flate-compressed
// streams (fflate), plain objects packed into compressed object streams and a cross-reference
// stream (PDF 1.5), which keeps a 1,000-page batch small. Object numbers can be reserved before their
// content is known (pages point to a resources dictionary written at the very end).
import { zlibSync } from "fflate";

const enc = new TextEncoder();

/** A PDF string literal with (, ) and \ escaped; non-ASCII goes as UTF-16BE hex. */
export function pdfString(s: string): string {
  if (/^[\x20-\x7e]*$/.test(s)) return `(${s.replace(/[()\\]/g, (c) => `\\${c}`)})`;
  let hex = "FEFF";
  for (let i = 0; i < s.length; i++) hex += s.charCodeAt(i).toString(16).padStart(4, "0");
  return `<${hex}>`;
}

/** A PDF name: characters outside the regular set as #xx. */
export function pdfName(s: string): string {
  let out = "/";
  for (const b of enc.encode(s)) {
    const c = String.fromCharCode(b);
    out += b > 0x20 && b < 0x7f && !/[#/()<>[\]{}%]/.test(c) ? c : `#${b.toString(16).padStart(2, "0")}`;
  }
  return out;
}

/** Numbers in content streams: at most 3 decimals (µm at mm units), no "-0". */
export function n3(v: number): string {
  const r = Math.round(v * 1000) / 1000;
  return r === 0 ? "0" : String(r);
}

/** Objects packed per object stream (compressed together: page dictionaries are alike). */
const PACK = 200;

type Where = { readonly at: number } | { readonly pack: number; readonly index: number } | null;

export class PdfWriter {
  private readonly chunks: Uint8Array[] = [];
  /** bytes in `chunks`, not yet drained */
  private pending = 0;
  private length = 0;
  private readonly where: Where[] = [null];
  private next = 1;
  private packed: [number, string][] = [];

  constructor() {
    this.raw("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
  }

  private raw(s: string | Uint8Array): void {
    // latin1: the header's marker bytes; everything else written as text is ASCII
    const b = typeof s === "string" ? latin1(s) : s;
    this.chunks.push(b);
    this.pending += b.length;
    this.length += b.length;
  }

  /** How many bytes were written since the last `drain`. */
  get pendingBytes(): number {
    return this.pending;
  }

  /** The bytes written since the last call (a streaming caller sends them on; offsets stay right). */
  drain(): Uint8Array[] {
    this.pending = 0;
    return this.chunks.splice(0);
  }

  /** A fresh object number, to be written later with `put` or `stream`. */
  reserve(): number {
    this.where[this.next] = null;
    return this.next++;
  }

  /**
   * Object `id` (reserved, or a new one when omitted); answers its number. Plain objects go into
   * compressed object streams (PDF 1.5), a few hundred at a time.
   */
  put(body: string, id = this.reserve()): number {
    this.packed.push([id, body]);
    if (this.packed.length >= PACK) this.flushPack();
    return id;
  }

  private flushPack(): void {
    if (!this.packed.length) return;
    const list = this.packed;
    this.packed = [];
    const pack = this.reserve();
    let head = "";
    let body = "";
    list.forEach(([id, text], index) => {
      head += `${id} ${body.length} `;
      body += `${text}\n`;
      this.where[id] = { pack, index };
    });
    this.stream(`/Type/ObjStm/N ${list.length}/First ${head.length}`, head + body, { id: pack });
  }

  /**
   * A stream object; `compress` deflates it (FlateDecode) unless it is already encoded;
   * `deflated`: the bytes are zlib data already (FlateDecode).
   */
  stream(
    dict: string,
    data: Uint8Array | string,
    opts: { compress?: boolean; deflated?: boolean; id?: number } = {},
  ): number {
    let bytes = typeof data === "string" ? latin1(data) : data;
    let filter = opts.deflated ? "/Filter/FlateDecode" : "";
    if (opts.compress !== false && !opts.deflated) {
      bytes = zlibSync(bytes, { level: 6 });
      filter = "/Filter/FlateDecode";
    }
    const id = opts.id ?? this.reserve();
    this.where[id] = { at: this.length };
    this.raw(`${id} 0 obj\n<<${dict}${filter}/Length ${bytes.length}>>\nstream\n`);
    this.raw(bytes);
    this.raw("\nendstream\nendobj\n");
    return id;
  }

  /** Closes the file: the last object stream, then a cross-reference stream as the trailer. */
  finish(root: number, info: number): Uint8Array[] {
    this.flushPack();
    const xrefId = this.reserve();
    const size = this.next;
    const at = this.length;
    this.where[xrefId] = { at };
    // entries: type (1 byte), offset or object stream (4), generation or index (2)
    const table = new Uint8Array(size * 7);
    const v = new DataView(table.buffer);
    v.setUint8(0, 0);
    v.setUint16(5, 0xffff);
    for (let i = 1; i < size; i++) {
      const w = this.where[i];
      if (!w) throw new Error(`PDF object ${i} was reserved but never written`);
      if ("at" in w) {
        v.setUint8(i * 7, 1);
        v.setUint32(i * 7 + 1, w.at);
      } else {
        v.setUint8(i * 7, 2);
        v.setUint32(i * 7 + 1, w.pack);
        v.setUint16(i * 7 + 5, w.index);
      }
    }
    const data = zlibSync(table, { level: 6 });
    this.raw(
      `${xrefId} 0 obj\n<</Type/XRef/Size ${size}/W[1 4 2]/Root ${root} 0 R/Info ${info} 0 R/Filter/FlateDecode/Length ${data.length}>>\nstream\n`,
    );
    this.raw(data);
    this.raw(`\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`);
    return this.drain();
  }
}

/** A byte per char (content streams and hex strings are ASCII; the header's marker bytes are not). */
export function latin1(s: string): Uint8Array {
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i) & 0xff;
  return b;
}

export function concat(chunks: readonly Uint8Array[]): Uint8Array {
  let n = 0;
  for (const c of chunks) n += c.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
