// A label as a printer template, so an ERP prints it by sending only the data (issue 36): ZPL as a
// stored format (^DF) whose changing fields are ^FN n "name", with one ^XF recall per record that
// fills them; TSPL as a DOWNLOAD program whose changing fields are variables (V1$…), with one
// assignment block and call per record. What never changes is drawn as on the printer's own
// commands path (page.ts): codes, boxes and lines as commands, the rest as one picture. Changing
// texts are in the printer's scalable font (ZPL ^A0, TSPL font "0") at the label's size, or, when
// their records have characters that font lacks, in the label's own face carried by the template
// (ownFonts); changing codes are sized from the first record's value. A changing element the printer cannot draw with
// its own commands (an image, a turned QR code, a text that needs shaping: Arabic, Thai…) is not in
// the template: it is named in `left`.
import { createResolver, recordCount, type Sheets } from "../../data";
import { sheetGeometry } from "../../export/layout";
import { concat } from "../../export/pdf/writer";
import { bytesHash } from "../../model/bytesHash";
import { elementBox } from "../../model/geometry";
import { fitsText, hasDataSources, hasEditableText, isDataBound, printerDrawn } from "../../model/kinds/caps";
import type { LabelDocument, LabelElement, TextElement } from "../../model/types";
import { mmToDots, ptToMm } from "../../model/units";
import { type FontRegistry, getFontRegistry, prepareRender } from "../../render";
import type { Face } from "../../render/fonts";
import { layoutText, textElementSpec } from "../../render/text";
import { needsShaping } from "../../render/text/shaper";
import type { PrinterLanguage } from "../job";
import { initRaster, pageDots, printSvg, rasterSvg } from "../raster";
import { tsplSettings } from "../settings";
import { alignedText } from "./alignedText";
import { fontFile } from "./fontText";
import { zplGraphicField } from "./graphic";
import { markOf, type NativeMark } from "./marks";
import { changesPerRecord, inkedPart, splitPage } from "./page";
import { tsplCall, zplRecall } from "./recall";
import { tsplCodeData, tsplCommand, tsplDownloadHead, tsplPointDots, tsplQuoted, tsplTextTop } from "./tspl";
import { zplCodeData, zplCommand, zplEscaped, zplFontDownload } from "./zpl";

export interface TemplateOptions {
  readonly dpi: number;
  readonly sheets?: Sheets;
  /** 0-based records to write a recall for (default: every record) */
  readonly records?: { readonly from: number; readonly to: number };
  readonly fonts?: FontRegistry;
  readonly now?: Date;
}

export interface PrinterTemplate {
  /** the stored format's or program's name on the printer (templateName) */
  readonly name: string;
  /** the file: UTF-8 text (ZPL with ^CI28; TSPL with the picture's bytes in its BITMAP) */
  readonly bytes: Uint8Array;
  /** the changing fields, in ^FN / variable order: their names */
  readonly fields: readonly string[];
  /** names of changing elements the template leaves out */
  readonly left: readonly string[];
  /** changing texts whose records have characters the printer's own font may not draw */
  readonly outsideFont: readonly { readonly name: string; readonly chars: string }[];
}

/**
 * What the printer's built-in scalable font surely draws (ZPL ^A0 with ^CI28, TSPL font "0" with
 * CODEPAGE UTF-8): printable ASCII and Latin-1. Polish, Greek, Arabic, Thai, Korean… need a font
 * loaded into the printer, or the label printed as a picture (the print path draws every script).
 */
const OUTSIDE_PRINTER_FONT = /[^\x20-\x7e\xa0-\xff]/gu;

/** Per changing text, the characters of the written records outside the printer's own font. */
function outsideFontOf(
  variables: readonly Variable[],
  records: readonly ReadonlyMap<string, string>[],
  shown: (values: ReadonlyMap<string, string>, el: LabelElement) => string,
): { name: string; chars: string }[] {
  const out: { name: string; chars: string }[] = [];
  for (const v of variables) {
    if (v.kind !== "text") continue;
    const chars = new Set<string>();
    for (const values of records)
      for (const c of shown(values, v.el).match(OUTSIDE_PRINTER_FONT) ?? []) chars.add(c);
    if (chars.size) out.push({ name: v.name, chars: [...chars].join(" ") });
  }
  return out;
}

/** A changing element: its field name, and how the printer draws it. */
type Variable =
  | { readonly el: LabelElement; readonly name: string; readonly kind: "text" }
  | { readonly el: LabelElement; readonly name: string; readonly kind: "code"; readonly mark: NativeMark };

const changes = changesPerRecord;

/** The field's name: the spreadsheet column it shows, else the element's name. */
function fieldName(el: LabelElement): string {
  const column = hasDataSources(el)
    ? el.DataSourceList.find((s) => s.DataSourceType === 1 && s.ColumnName)?.ColumnName
    : undefined;
  return (column || el.Name || el.Id).replace(/["^~\\]/g, "").slice(0, 40);
}

/**
 * Names a printer runs by itself at power-up: TSPL's AUTO.BAS, Zebra's AUTOEXEC.ZPL. A template
 * must never run without its data, so a label of that name is stored under another.
 */
const RUN_AT_START = new Set(["AUTO", "AUTOEXEC"]);

/** A stored file's name: up to 8 letters and digits of the label's name (AUTO → AUTO1). */
export function templateName(doc: LabelDocument): string {
  const s = String(doc.attrs.name ?? "")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, 8);
  if (RUN_AT_START.has(s)) return `${s.slice(0, 7)}1`;
  return s || "LABEL";
}

const ORIENTATION: Readonly<Record<number, string>> = { 0: "N", 90: "R", 180: "I", 270: "B" };

export async function printerTemplate(
  doc: LabelDocument,
  language: PrinterLanguage,
  opts: TemplateOptions,
): Promise<PrinterTemplate> {
  const { dpi } = opts;
  const fonts = opts.fonts ?? getFontRegistry();
  const sheets: Sheets = opts.sheets ?? new Map();
  const resolve = createResolver(doc, sheets, opts.now ?? new Date());
  const count = Math.max(1, recordCount(doc, sheets));
  const from = opts.records?.from ?? 0;
  const to = Math.min(count - 1, opts.records?.to ?? count - 1);
  await Promise.all([initRaster(), prepareRender(doc, { target: "print", dpi, fonts })]);
  const first = resolve(from);
  const shown = (values: ReadonlyMap<string, string>, el: LabelElement) =>
    values.get(el.Id) ?? (isDataBound(el) && typeof el.Data === "string" ? el.Data : "");

  // a printer draws text letter by letter, left to right: Arabic would print unjoined and reversed,
  // Thai and Indic with misplaced marks. A text whose written records need shaping is left out
  const records = Array.from({ length: to - from + 1 }, (_, i) => resolve(from + i));
  const needsShapingIn = (el: LabelElement) => records.some((values) => needsShaping(shown(values, el)));

  const variables: Variable[] = [];
  const left: string[] = [];
  for (const el of doc.elements) {
    if (!changes(el)) continue;
    const drawn = printerDrawn(el);
    const sample = drawn && markOf(drawn, shown(first, el), dpi);
    // an Aztec code's size is the first record's: the printer sizes each value itself
    const mark = sample && sample.kind === "matrix" && sample.layers ? { ...sample, layers: 0 } : sample;
    const cmd = mark && (language === "ZPL" ? zplCommand(mark) : tsplCommand(mark, "V"));
    if (mark && cmd) variables.push({ el, name: fieldName(el), kind: "code", mark });
    else if (fitsText(el) && el.Rotate % 90 === 0 && !needsShapingIn(el))
      variables.push({ el, name: fieldName(el), kind: "text" });
    else left.push(el.Name || el.Id);
  }
  const changing = new Set(doc.elements.filter(changes).map((el) => el.Id));
  const fixed: LabelDocument = { ...doc, elements: doc.elements.filter((el) => !changing.has(el.Id)) };
  // one label (not the sheet): a template prints one record at a time
  const g = sheetGeometry(doc.attrs);
  const single: LabelDocument = {
    ...fixed,
    attrs: { ...fixed.attrs, width: g.labelWidth, height: g.labelHeight, columns: 1, rows: 1 },
  };
  const split = splitPage(single, [from], resolve, { language, dpi });
  const raster = { dpi, fonts };
  const picture = inkedPart(rasterSvg(printSvg(split.pictureDoc, [from], resolve, raster)));
  const size = pageDots(single, dpi);
  const dots = (mm: number) => Math.round(mmToDots(mm, dpi));
  const name = templateName(doc);
  const outsideFont = outsideFontOf(variables, records, shown);

  const own = ownFonts(variables, outsideFont, records, shown, fonts);
  const notCovered = outsideFont.filter((o) => !own.some((f) => f.covered.has(o.name)));
  const fontOf = (el: LabelElement) => own.find((f) => f.els.includes(el));
  // on the first record's baseline, in the label's own font
  const firstAxis = (el: LabelElement) =>
    layoutText(textElementSpec(el as TextElement, shown(first, el), el.Width), fonts).lines[0]?.axis ?? 0;
  const baselineOf = (el: LabelElement) => dots(elementBox(el).y + firstAxis(el));

  if (language === "ZPL") {
    const downloads = own.map((f) => zplFontDownload(f.name, f.file, "E:").trimEnd());
    const lines = [...downloads, `^XA`, `^DFE:${name}.ZPL^FS`, `^CI28^PW${size.width}^LL${size.height}`];
    if (picture) lines.push(zplGraphicField(picture.x, picture.y, picture.bitmap));
    lines.push(...split.fields);
    variables.forEach((v, i) => {
      const b = elementBox(v.el);
      const fn = `^FN${i + 1}"${v.name}"`;
      const font = fontOf(v.el);
      // a centred or right-aligned text: one line of a block as wide as the label allows
      const a = alignedText(v.el, size.width, dots);
      const x = a ? a.x : dots(b.x);
      const block = a ? `^FB${a.width},1,0,${a.just}` : "";
      if (v.kind === "code") lines.push(`^FO${v.mark.x},${v.mark.y}${zplCommand(v.mark)}^FH${fn}^FS`);
      else if (font) {
        // at the text's size in whole dots
        const em = Math.max(1, Math.round(mmToDots(ptToMm((v.el as TextElement).FontSize), dpi)));
        lines.push(`^FT${x},${baselineOf(v.el)}^A@N,${em},${em},E:${font.name}.TTF${block}^FH${fn}^FS`);
      } else lines.push(`^FO${x},${dots(b.y)}${zplFont(v.el, dpi)}${block}^FH${fn}^FS`);
    });
    lines.push("^XZ");
    for (const values of records) {
      const fill = variables.map((v) => {
        const value = shown(values, v.el);
        const data =
          v.kind === "code" && v.mark.kind !== "box" && v.mark.kind !== "ellipse"
            ? zplCodeData(v.mark, value)
            : value;
        return zplEscaped(data);
      });
      lines.push(zplRecall(name, fill));
    }
    return {
      name,
      bytes: joined([`${lines.join("\n")}\n`]),
      fields: variables.map((v) => v.name),
      left,
      outsideFont: notCovered,
    };
  }

  // the fonts first, into the printer's flash (kept with the program): DOWNLOAD F,"Fxxxxxxx.TTF",size,<file>
  const parts: (string | Uint8Array)[] = own.flatMap((f) => [
    tsplDownloadHead(`${f.name}.TTF`, f.file.length, "F"),
    f.file,
    "\r\n",
  ]);
  // the program into the flash too: in the printer's memory it would be gone at the next power-off,
  // and the ERP's calls with it
  const head = `DOWNLOAD F,"${name}.BAS"\r\n${tsplSettings({ width: g.labelWidth, height: g.labelHeight }, {}, dpi)}CODEPAGE UTF-8\r\nCLS\r\n`;
  parts.push(head);
  if (picture) {
    const b = picture.bitmap;
    parts.push(`BITMAP ${picture.x},${picture.y},${b.bytesPerRow},${b.height},0,`);
    // a 0 bit prints a dot
    parts.push(b.data.map((v) => ~v & 0xff));
    parts.push("\r\n");
  }
  const body = [...split.fields];
  variables.forEach((v, i) => {
    const b = elementBox(v.el);
    const font = fontOf(v.el);
    // a centred or right-aligned text: TEXT's alignment, x its centre or right end
    const a = alignedText(v.el, size.width, dots);
    const x = a ? a.tsplX : dots(b.x);
    const align = a ? `${a.tsplAlign},` : "";
    if (v.kind === "code") body.push(tsplCommand(v.mark, `V${i + 1}$`) as string);
    else if (font) {
      // TEXT's x,y is the top left: the font's ascent above the first record's baseline, at the
      // text's size in whole points (a TrueType font's multiplications)
      const pt = tsplPoints(v.el);
      const top = tsplTextTop(font.face, baselineOf(v.el), pt * tsplPointDots(dpi));
      body.push(`TEXT ${x},${top},"${font.name}.TTF",0,${pt},${pt},${align}V${i + 1}$`);
    } else {
      // TEXT turns about its x,y, the upright text's top left (src/tspl/turn.ts): turned, that
      // corner is the box's top right (90°), bottom right (180°) or bottom left (270°)
      const turn = v.el.Rotate % 360;
      const rx = turn === 90 || turn === 180 ? dots(b.x + b.width) : x;
      const ry = dots(turn === 180 || turn === 270 ? b.y + b.height : b.y);
      body.push(`TEXT ${rx},${ry},"0",${turn},${tsplPoints(v.el)},${tsplPoints(v.el)},${align}V${i + 1}$`);
    }
  });
  body.push("PRINT 1", "EOP");
  parts.push(body.map((l) => `${l}\r\n`).join(""));
  for (const values of records)
    parts.push(
      tsplCall(
        name,
        variables.map((v) => tsplQuoted(tsplValue(v, shown(values, v.el)))),
      ),
    );
  return { name, bytes: joined(parts), fields: variables.map((v) => v.name), left, outsideFont: notCovered };
}

/** A font a template carries: the label's face cut for its changing texts, named F + a hash of the file. */
interface TemplateFont {
  readonly face: Face;
  readonly name: string;
  readonly file: Uint8Array;
  /** the text elements drawn in it */
  readonly els: readonly LabelElement[];
  /** names of the fields the face has every written character of */
  readonly covered: ReadonlySet<string>;
}

/**
 * The changing upright texts whose records have characters the printer's resident font lacks go in
 * the label's own face, downloaded with the template into the printer's flash (ZPL ~DY to E:, TSPL
 * DOWNLOAD F,), kept with the stored format or program. Its values come later from the ERP, so the
 * font holds every character the face has in each block of 128 code points the written records
 * touch (a Greek text: all of Greek), besides ASCII and Latin-1. Named F + a hash of the file, so
 * two templates' fonts never overwrite each other.
 */
function ownFonts(
  variables: readonly Variable[],
  outside: readonly { readonly name: string; readonly chars: string }[],
  records: readonly ReadonlyMap<string, string>[],
  shown: (values: ReadonlyMap<string, string>, el: LabelElement) => string,
  fonts: FontRegistry,
): TemplateFont[] {
  const byFace = new Map<Face, { els: LabelElement[]; blocks: Set<number> }>();
  for (const v of variables) {
    const el = v.el;
    if (
      v.kind !== "text" ||
      !hasEditableText(el) ||
      el.Rotate !== 0 ||
      !outside.some((o) => o.name === v.name)
    )
      continue;
    const face = fonts.chain(el.FontFamily, el.Bold)[0];
    if (!face?.real || !face.data) continue;
    const entry = byFace.get(face) ?? { els: [], blocks: new Set([0, 1]) };
    entry.els.push(el);
    for (const values of records)
      for (const c of shown(values, el)) entry.blocks.add((c.codePointAt(0) as number) >> 7);
    byFace.set(face, entry);
  }
  return [...byFace].map(([face, { els, blocks }]) => {
    const cps = [...blocks].flatMap((b) => Array.from({ length: 128 }, (_, i) => (b << 7) + i));
    const file = fontFile(
      face,
      cps.filter((cp) => cp >= 0x20 && cp < 0xffff),
      "template",
    );
    // a text is covered when the face has every character its records show
    const covered = new Set(
      variables
        .filter(
          (v) =>
            els.includes(v.el) &&
            records.every((r) =>
              [...shown(r, v.el)].every((c) => face.metric(c.codePointAt(0) as number) >= 0),
            ),
        )
        .map((v) => v.name),
    );
    return { face, name: `F${bytesHash(file).slice(0, 7).toUpperCase()}`, file, els, covered };
  });
}

/** ZPL's scalable font at the text's size (bold: ^A0; the printer's own face either way). */
function zplFont(el: LabelElement, dpi: number): string {
  const size = fitsText(el) ? el.FontSize : 10;
  const h = Math.max(1, Math.round(mmToDots(ptToMm(size), dpi)));
  return `^A0${ORIENTATION[el.Rotate] ?? "N"},${h},${h}`;
}

/** A variable's TSPL value: a code's data as its command takes it (GS1 DataMatrix: "~1" escapes). */
const tsplValue = (v: Variable, value: string) => (v.kind === "code" ? tsplCodeData(v.mark, value) : value);

/** TSPL font "0" takes its size in points. */
const tsplPoints = (el: LabelElement) => Math.max(1, Math.round(fitsText(el) ? el.FontSize : 10));

/** The parts as bytes: texts in UTF-8, the bitmap's bytes as they are. */
function joined(parts: readonly (string | Uint8Array)[]): Uint8Array {
  const enc = new TextEncoder();
  return concat(parts.map((p) => (typeof p === "string" ? enc.encode(p) : p)));
}
