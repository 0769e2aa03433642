// What a label printer will print, for the print dialog's preview: the page split as the job splits
// it (src/print/native/splitter.ts), and when it goes as the printer's own commands, the bytes the
// job sends for it (its font downloads, then the page, built by the job's own encoder) read back —
// ZPL by our ZPL reader, TSPL by our TSPL reader (src/tspl, loaded only for a TSPL printer) — and
// drawn over the page's picture part: the preview draws what is sent, not our picture of the label.
// The dialog loads this module only for a label printer (it pulls in the ZPL reader and the font
// subsetter).
import type { LabelDocument } from "../model/types";
import type { Bitmap } from "../print/bitmap";
import { dotsFor, normalDpi } from "../print/dots";
import { pageEncoder } from "../print/encode";
import type { PrinterLanguage } from "../print/job";
import { goesNative } from "../print/native/page";
import { pageSplitter } from "../print/native/splitter";
import { pageSize, pageSvg } from "../print/pageSvg";
import type { SendAs } from "../print/settings";
import type { FontRegistry } from "../render/fonts";
import { readZpl } from "./index";

/** How a page goes to the printer. */
export type PrintMode = "picture" | "native";

export interface PagePreview {
  readonly mode: PrintMode;
  /** the elements that go as a picture (all of them for a picture page) */
  readonly pictureDoc: LabelDocument;
  /** the printer's commands of the page read back as a label (null: a picture page) */
  readonly commands: LabelDocument | null;
}

/** A blank page of `size` mm: the picture part is drawn by us, so the bytes carry only the commands. */
function blankPage(size: { width: number; height: number }, dpi: number): Bitmap {
  const width = dotsFor(size.width, dpi);
  const height = dotsFor(size.height, dpi);
  return { width, height, bytesPerRow: width / 8, data: new Uint8Array((width / 8) * height) };
}

/**
 * The page's bytes as the job sends them to a printer of `language` (src/print/job.ts): the job's
 * font downloads, then the page through the job's encoder (TSPL: SIZE … CLS, the commands, PRINT).
 */
export function nativePageBytes(
  language: PrinterLanguage,
  dpi: number,
  size: { width: number; height: number },
  fields: readonly string[],
  fontPrelude: string,
): Uint8Array {
  const encode = pageEncoder({ language, dpi, settings: {} }, 1, size);
  return encode({ picture: blankPage(size, dpi), fields, prelude: fontPrelude });
}

/** The page of `records` as a printer of `language` set to `sendAs` gets it. */
export async function pagePreview(
  doc: LabelDocument,
  records: readonly number[],
  jobRecords: readonly number[],
  resolve: (record: number) => ReadonlyMap<string, string>,
  opts: {
    readonly language: PrinterLanguage;
    readonly dpi: number;
    readonly sendAs: SendAs | undefined;
    readonly fonts: FontRegistry;
    readonly background?: boolean;
  },
): Promise<PagePreview> {
  const sendAs = opts.sendAs ?? "auto";
  const picture: PagePreview = { mode: "picture", pictureDoc: doc, commands: null };
  if (sendAs === "picture") return picture;
  const dpi = normalDpi(opts.dpi);
  // automatic: only what prints our dots goes as a command (the rest joins the picture)
  const exact = sendAs === "auto";
  const splitter = pageSplitter(doc, jobRecords, resolve, { ...opts, dpi, exact });
  const split = splitter.split(records);
  if (sendAs === "auto" ? !goesNative(split) : split.fields.length === 0) return picture;
  const bytes = nativePageBytes(opts.language, dpi, pageSize(doc), split.fields, splitter.fontPrelude);
  const read =
    opts.language === "TSPL"
      ? await (await import("../tspl/index")).readTspl(bytes, { dpi }, opts.fonts)
      : await readZpl(bytes, { dpi }, opts.fonts);
  return { mode: "native", pictureDoc: split.pictureDoc, commands: read.docs[0] ?? null };
}

/** The preview as one SVG: the picture part of the page, the commands read back drawn over it. */
export function previewSvg(
  p: PagePreview,
  records: readonly number[],
  resolve: (record: number) => ReadonlyMap<string, string>,
  opts: { readonly fonts?: FontRegistry; readonly background?: boolean } = {},
): string {
  const base = pageSvg(p.pictureDoc, records, resolve, { target: "print", tableOutline: true, ...opts });
  if (!p.commands) return base;
  const size = pageSize(p.pictureDoc);
  const root = {
    width: `${size.width}mm`,
    height: `${size.height}mm`,
    viewBox: `0 0 ${size.width} ${size.height}`,
  };
  const over = pageSvg(p.commands, [0], () => new Map(), { target: "print", fonts: opts.fonts, root });
  // the commands' layer without its white page, so the picture part shows through
  const inner = over.slice(over.indexOf(">") + 1, over.lastIndexOf("</svg>")).replace(/^<rect [^>]*\/>/, "");
  return `${base.slice(0, base.lastIndexOf("</svg>"))}${inner}</svg>`;
}
