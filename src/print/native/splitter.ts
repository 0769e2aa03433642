// A job's pages split for the printer's own commands (page.ts splitPage), with its changing texts in
// the label's fonts where the printer draws them as we do (fontText.ts): one definition shared by the
// print job (job.ts) and the print dialog's preview of what will print (preview.ts).
import type { LabelDocument, LabelElement } from "../../model/types";
import type { FontRegistry } from "../../render/fonts";
import type { PrinterLanguage } from "../job";
import { planTypeset, typesetText } from "./fontText";
import { type NativeSplit, splitPage, tsplStoredPicture } from "./page";
import { tsplPointDots, tsplTextFields } from "./tspl";
import { ZPL_FONT_DEVICE, zplFontDownload, zplTextFields } from "./zpl";

export interface PageSplitter {
  /** the job's fonts as the printer's downloads, sent once before the first label ("" for none) */
  readonly fontPrelude: string;
  readonly split: (records: readonly number[]) => NativeSplit;
}

export function pageSplitter(
  doc: LabelDocument,
  /** every record of the job: a text goes as printer text only when each of them can */
  jobRecords: readonly number[],
  resolve: (record: number) => ReadonlyMap<string, string>,
  opts: {
    readonly language: PrinterLanguage;
    readonly dpi: number;
    readonly fonts: FontRegistry;
    readonly background?: boolean;
    /** "send as: automatic": only the commands that print the picture's dots (page.ts splitPage) */
    readonly exact?: boolean;
  },
): PageSplitter {
  const { dpi, fonts, language } = opts;
  const tspl = language === "TSPL";
  // TSPL sizes a TrueType font in whole points
  const step = tspl ? tsplPointDots(dpi) : 1;
  const typeset = planTypeset(doc, jobRecords, resolve, fonts, dpi, step);
  const fontPrelude = typeset.fonts
    .map((f) => (tspl ? tsplStoredPicture(`${f.name}.TTF`, f.file) : zplFontDownload(f.name, f.file)))
    .join("");
  const text = (el: LabelElement, value: string, x: number, y: number) => {
    if (!typeset.elements.has(el.Id)) return null;
    const runs = typesetText(el, value, fonts, dpi, x, y, step);
    if (!runs) return null;
    return tspl
      ? tsplTextFields(runs, (r) => `${typeset.nameOf(r.face)}.TTF`, dpi)
      : zplTextFields(runs, (r) => `${ZPL_FONT_DEVICE}${typeset.nameOf(r.face)}.TTF`);
  };
  return {
    fontPrelude,
    split: (records) =>
      splitPage(doc, records, resolve, {
        language,
        dpi,
        background: opts.background,
        exact: opts.exact,
        text,
      }),
  };
}
