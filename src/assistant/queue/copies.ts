// A page's copies, sent so that a fault in the middle of them never prints a confirmed copy again
// (docs/printing.md "The print queue"):
// - ZPL: the page goes with `^PQn` for the copies still to print; the printer's label counter
//   says how many came out, and only the rest is sent again (`^PQrest`).
// - TSPL: no counter, so the copies go one at a time, each confirmed: the page with `PRINT 1,1`,
//   then a bare `PRINT 1,1` per copy (the printer prints its image buffer again). A fault leaves
//   at most one copy in doubt.
import type { PrinterLanguage } from "../../print/job";

const ZPL_COPIES = /\^PQ\d+\^XZ/g;
const TSPL_COPIES = /PRINT 1,\d+\r\n$/;

/** The page's bytes printing `n` copies instead of those it was encoded with. */
export function withCopies(page: Uint8Array, language: PrinterLanguage, n: number): Uint8Array {
  const text = Buffer.from(page.buffer, page.byteOffset, page.byteLength).toString("latin1");
  // only the page's own count: the last one (a TSPL bitmap may hold any bytes before it)
  const out =
    language === "ZPL"
      ? replaceLast(text, ZPL_COPIES, `^PQ${n}^XZ`)
      : text.replace(TSPL_COPIES, `PRINT 1,${n}\r\n`);
  return Buffer.from(out, "latin1");
}

/** TSPL: one more copy of the page the printer holds in its image buffer. */
export const tsplPrintAgain = (): Uint8Array => Buffer.from("PRINT 1,1\r\n", "latin1");

function replaceLast(text: string, re: RegExp, by: string): string {
  let last: RegExpMatchArray | undefined;
  for (const m of text.matchAll(re)) last = m;
  if (!last || last.index === undefined) return text;
  return text.slice(0, last.index) + by + text.slice(last.index + last[0].length);
}
