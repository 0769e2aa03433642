// TSPL (TSC and most cheap thermal printers): a job header (SIZE, GAP, DIRECTION) then, per page,
// CLS + BITMAP + PRINT. In a TSPL BITMAP a 0 bit prints a dot, so our 1 = black bits are inverted.
import type { Bitmap } from "./bitmap";

const mm = (v: number) => String(Math.round(v * 100) / 100);
const ascii = (s: string) => new TextEncoder().encode(s);

export interface TsplHeader {
  /** page size in mm */
  readonly width: number;
  readonly height: number;
  /** gap between labels in mm (default 2); with a black mark, the mark's height (BLINE) */
  readonly gap?: number;
  /** how the printer finds the next label: the gap between labels (default) or a black mark */
  readonly mark?: "gap" | "black";
  /** DIRECTION 0 or 1 (feed direction); default 0 */
  readonly direction?: 0 | 1;
}

export function tsplHeader(h: TsplHeader): Uint8Array {
  const gap = Number.isFinite(h.gap) && (h.gap as number) >= 0 ? (h.gap as number) : 2;
  const sense = h.mark === "black" ? "BLINE" : "GAP";
  return ascii(
    `SIZE ${mm(h.width)} mm,${mm(h.height)} mm\r\n${sense} ${mm(gap)} mm,0 mm\r\nDIRECTION ${h.direction ?? 0}\r\n`,
  );
}

/** One page: clear the buffer, place the bitmap at 0,0 and print it `copies` times. */
export function tsplPage(b: Bitmap, copies = 1): Uint8Array {
  const head = ascii(`CLS\r\nBITMAP 0,0,${b.bytesPerRow},${b.height},0,`);
  const tail = ascii(`\r\nPRINT 1,${Math.max(1, Math.floor(copies) || 1)}\r\n`);
  const out = new Uint8Array(head.length + b.data.length + tail.length);
  out.set(head, 0);
  for (let i = 0; i < b.data.length; i++) out[head.length + i] = ~b.data[i] & 0xff;
  out.set(tail, head.length + b.data.length);
  return out;
}
