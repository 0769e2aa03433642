// TSPL (TSC and most cheap thermal printers): a job header (SIZE, GAP, DIRECTION and the printer's
// settings: settings.ts) then, per page,
// CLS + BITMAP + PRINT. In a TSPL BITMAP a 0 bit prints a dot, so our 1 = black bits are inverted.
import type { Bitmap } from "./bitmap";

const ascii = (s: string) => new TextEncoder().encode(s);

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
