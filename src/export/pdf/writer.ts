// PDF file assembly, DOM-free: numbered objects written in order as byte chunks, Flate-compressed
// streams (fflate), a classic cross-reference table. Object numbers can be reserved before their
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

export class PdfWriter {
  private readonly chunks: Uint8Array[] = [];
  private length = 0;
  private readonly offsets: number[] = [0];
  private next = 1;

  constructor() {
    this.raw("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
  }

  private raw(s: string | Uint8Array): void {
    // latin1: the header's marker bytes; everything else written as text is ASCII
    const b = typeof s === "string" ? latin1(s) : s;
    this.chunks.push(b);
    this.length += b.length;
  }

  /** A fresh object number, to be written later with `put`. */
  reserve(): number {
    this.offsets[this.next] = -1;
    return this.next++;
  }

  /** Writes object `id` (reserved, or a new one when omitted); answers its number. */
  put(body: string, id = this.reserve()): number {
    this.offsets[id] = this.length;
    this.raw(`${id} 0 obj\n${body}\nendobj\n`);
    return id;
  }

  /** A stream object; `compress` deflates it (FlateDecode) unless it is already encoded. */
  stream(dict: string, data: Uint8Array | string, opts: { compress?: boolean; id?: number } = {}): number {
    let bytes = typeof data === "string" ? latin1(data) : data;
    let filter = "";
    if (opts.compress !== false) {
      bytes = zlibSync(bytes, { level: 6 });
      filter = "/Filter/FlateDecode";
    }
    const id = opts.id ?? this.reserve();
    this.offsets[id] = this.length;
    this.raw(`${id} 0 obj\n<<${dict}${filter}/Length ${bytes.length}>>\nstream\n`);
    this.raw(bytes);
    this.raw("\nendstream\nendobj\n");
    return id;
  }

  /** Closes the file: cross-reference table and trailer. */
  finish(root: number, info: number): Uint8Array[] {
    const xref = this.length;
    const lines = [`xref\n0 ${this.next}\n0000000000 65535 f \n`];
    for (let i = 1; i < this.next; i++) {
      const off = this.offsets[i];
      if (off < 0) throw new Error(`PDF object ${i} was reserved but never written`);
      lines.push(`${String(off).padStart(10, "0")} 00000 n \n`);
    }
    this.raw(lines.join(""));
    this.raw(
      `trailer\n<</Size ${this.next}/Root ${root} 0 R/Info ${info} 0 R>>\nstartxref\n${xref}\n%%EOF\n`,
    );
    return this.chunks;
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
