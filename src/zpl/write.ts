// A label as ZPL commands (the round trip with the reader; the print path's own native output is
// src/print/native): shapes, lines and codes as the print path's marks (^GB / ^GE / ^BC…, module
// widths in whole dots), fixed texts in the printer's scalable font. What ZPL cannot draw exactly
// (images, tables, time texts, data-bound fields, turned codes, mirrored or inverse elements) is
// left out and named in `skipped`, so a caller can send those as pictures.
import { TEXT_HEIGHT_FACTOR } from "../model/constants";
import { elementBox } from "../model/geometry";
import { hasDataSources, hasEditableText, isDataBound, printerDrawn } from "../model/kinds/caps";
import type { LabelDocument, LabelElement, TextElement } from "../model/types";
import { ptToMm } from "../model/units";
import { markOf } from "../print/native/marks";
import { zplEscaped, zplField } from "../print/native/zpl";
import { prepareRender } from "../render";
import { SPACING_UNIT_MM } from "../render/text/layout";

/** Its value comes from a data source other than fixed text (a column, a sequence…). */
const boundToSource = (el: LabelElement) =>
  hasDataSources(el) && Boolean(el.DataSourceList[el.dataSourceIndex]?.DataSourceType);

export interface NativeZpl {
  readonly zpl: string;
  /** ids of the elements not written (drawn as pictures by a caller, or not at all) */
  readonly skipped: readonly string[];
}

const ORIENTATION: Readonly<Record<number, string>> = { 0: "N", 90: "R", 180: "I", 270: "B" };

/** The label as native ZPL, the code encoders loaded first (the render path's `prepareRender`). */
export async function writeZpl(doc: LabelDocument, dpi = 203): Promise<NativeZpl> {
  await prepareRender(doc, { target: "export" });
  return labelToZpl(doc, dpi);
}

/** The label as native ZPL; codes whose encoder is not loaded yet are skipped (see `writeZpl`). */
export function labelToZpl(doc: LabelDocument, dpi = 203): NativeZpl {
  const dots = (mm: number) => Math.max(0, Math.round((mm * dpi) / 25.4));
  const out: string[] = ["^XA", "^CI28", `^PW${dots(doc.attrs.width)}`, `^LL${dots(doc.attrs.height)}`];
  const skipped: string[] = [];
  const origin = (el: LabelElement) => {
    const b = elementBox(el);
    return `^FO${dots(b.x)},${dots(b.y)}`;
  };

  for (const el of doc.elements) {
    if (el.MirrorImage || el.AntiMirror) {
      skipped.push(el.Id);
      continue;
    }
    // shapes, lines and codes: the print path's marks, as the printer's own commands
    const drawn = printerDrawn(el);
    if (drawn) {
      const mark = !boundToSource(el) && markOf(drawn, isDataBound(el) ? el.Data : "", dpi);
      const f = mark && zplField(mark);
      if (f) out.push(f);
      else skipped.push(el.Id);
      continue;
    }
    if (hasEditableText(el) && text(el)) continue;
    skipped.push(el.Id);
  }
  out.push("^XZ");
  return { zpl: `${out.join("\n")}\n`, skipped };

  function text(el: TextElement): boolean {
    if (el.TextArrange !== 0 || el.Data === "" || boundToSource(el)) return false;
    const h = Math.max(1, dots(ptToMm(el.FontSize)));
    const o = ORIENTATION[el.Rotate] ?? "N";
    // font 0 reads back as the bold face, ^A@ as the regular one (fonts.ts)
    const font = el.Bold ? `^A0${o},${h},${h}` : `^A@${o},${h},${h},E:ROBOTO.TTF`;
    // ^FB's spacing: what our lines add to the font's height (the reader's lineGap, backwards)
    const spacing = dots(
      ptToMm(el.FontSize) * (TEXT_HEIGHT_FACTOR - 1) + (el.LineHeight || 0) * SPACING_UNIT_MM,
    );
    const block = el.TextAutoLine
      ? `^FB${dots(el.BoxWidth)},99,${spacing},${"CLRJL"[el.TextAlign] ?? "L"},0`
      : "";
    out.push(`${origin(el)}${font}${block}^FH^FD${zplEscaped(el.TextPrefix + el.Data + el.TextSuffix)}^FS`);
    return true;
  }
}
