// A job's bytes in the printer's language, one chunk per page: the first page carries what goes
// before it (TSPL's header with the printer's settings, ZPL's darkness); ZPL carries its settings in
// every format.
import type { Bitmap } from "./bitmap";
import type { PrinterLanguage } from "./job";
import { tsplNativePage, zplNativePage } from "./native/page";
import {
  type PrinterSettings,
  tsplSettings,
  zplAfterLabel,
  zplFormatSettings,
  zplJobStart,
} from "./settings";
import { tsplPage } from "./tspl";
import { zplPage } from "./zpl";

export interface PrinterTarget {
  readonly language: PrinterLanguage;
  readonly dpi: number;
  readonly settings: PrinterSettings;
}

const ascii = (s: string) => new TextEncoder().encode(s);

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (!a.length) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** What goes before the first label: TSPL's SIZE/GAP header with the settings, ZPL's darkness (or
 * nothing). `size`: the page in mm. */
export function jobStart(t: PrinterTarget, size: { width: number; height: number }): Uint8Array {
  return ascii(t.language === "TSPL" ? tsplSettings(size, t.settings, t.dpi) : zplJobStart(t.settings));
}

/** A page in the printer's own commands: the picture of what it cannot draw, and its commands. */
export interface NativeContent {
  readonly picture: Bitmap;
  readonly fields: readonly string[];
  /** commands before this label (the job's stored fixed picture: ZPL ~DG, TSPL DOWNLOAD), latin1 */
  readonly prelude?: string;
  /** commands drawn before the picture (the stored picture's recall: ZPL ^XG, TSPL PUTBMP) */
  readonly under?: readonly string[];
}

/**
 * An encoder of pages (a bitmap, or native content: native/page.ts), each printed `copies` times: one chunk per page, the first carrying the
 * job's start (so a caller counts chunks as pages). It counts labels for ZPL's "cut every N".
 */
export function pageEncoder(
  t: PrinterTarget,
  copies: number,
  size: { width: number; height: number },
): (b: Bitmap | NativeContent) => Uint8Array {
  let start: Uint8Array | null = jobStart(t, size);
  const format = t.language === "ZPL" ? zplFormatSettings(t.settings, t.dpi) : "";
  let labels = 0;
  return (b) => {
    let page: Uint8Array;
    if ("fields" in b) {
      page =
        t.language === "TSPL"
          ? tsplNativePage(b.picture, b.fields, copies, b.under)
          : zplNativePage(b.picture, b.picture, b.fields, copies, format, b.under);
      // a TSPL BMP file holds any byte: one byte a character
      if (b.prelude)
        page = concat(
          Uint8Array.from(b.prelude, (c) => c.charCodeAt(0)),
          page,
        );
    } else page = t.language === "TSPL" ? tsplPage(b, copies) : zplPage(b, copies, format);
    if (t.language === "ZPL") {
      page = concat(page, ascii(zplAfterLabel(t.settings, labels, labels + copies)));
      labels += copies;
    }
    if (start) {
      page = concat(start, page);
      start = null;
    }
    return page;
  };
}
