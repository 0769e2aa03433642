// What a label printer will print, for the print dialog's preview: the page split as the job splits
// it (src/print/native/splitter.ts), and when it goes as the printer's own commands, those commands read back by our
// own ZPL reader and drawn over the page's picture part — the preview draws what is sent, not our
// picture of the label. The dialog loads this module only for a label printer (it pulls in the ZPL
// reader and the font subsetter).
import type { LabelDocument } from "../model/types";
import { dotsFor, normalDpi } from "../print/dots";
import type { PrinterLanguage } from "../print/job";
import { goesNative, zplNativePage } from "../print/native/page";
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

const BLANK = { width: 8, height: 1, bytesPerRow: 1, data: new Uint8Array(1) };

/**
 * The page of `records` as a printer set to `sendAs` gets it. ZPL's commands are read back as sent
 * (the job's font downloads, then the page's fields); TSPL's are read back from the ZPL of the same
 * split, whose marks are the same (their TSPL read back: tests/print/nativeAuto.test.ts).
 */
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
  const exact = sendAs === "auto";
  const zpl = pageSplitter(doc, jobRecords, resolve, { ...opts, dpi, exact, language: "ZPL" });
  const split = zpl.split(records);
  // the job's own language decides the mode (TSPL draws a few things ZPL does not, and back)
  const own =
    opts.language === "ZPL"
      ? split
      : pageSplitter(doc, jobRecords, resolve, { ...opts, dpi, exact }).split(records);
  if (sendAs === "auto" ? !goesNative(own) : own.fields.length === 0) return picture;
  const size = pageSize(doc);
  const dots = { width: dotsFor(size.width, dpi), height: dotsFor(size.height, dpi) };
  const page = zplNativePage(dots, BLANK, split.fields, 1);
  const bytes = new Uint8Array([...new TextEncoder().encode(zpl.fontPrelude), ...page]);
  const read = await readZpl(bytes, { dpi }, opts.fonts);
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
