// One page in the printer's own commands (the printer setting "send as: printer's own commands"):
// the elements the printer draws exactly go as its commands (marks.ts → zpl.ts / tspl.ts), the rest
// (text in our fonts, images, tables…) is drawn by the one render path as a picture of just those
// elements, cut to the dots it inks, and sent as one graphic (^GFA / TSPL BITMAP) under them.
import { sheetGeometry } from "../../export/layout";
import { elementBox } from "../../model/geometry";
import { hasDataSources, isClock, printerDrawn } from "../../model/kinds/caps";
import type { LabelDocument, LabelElement } from "../../model/types";
import type { Bitmap } from "../bitmap";
import type { PrinterLanguage } from "../job";
import { inkedParts } from "./bands";
import { codeBands, linePart } from "./codeLine";
import { sameAsPicture } from "./equivalent";
import { shortestGraphic, zplGraphicField } from "./graphic";
import { markOf, type NativeMark } from "./marks";
import { tsplCommand, tsplDownloadHead } from "./tspl";
import { zplField } from "./zpl";

/** The printer commands of one page, and the document its picture is drawn from. */
export interface NativeSplit {
  /** the label with only the elements that go as a picture */
  readonly pictureDoc: LabelDocument;
  /** the printer-drawn elements' commands, in the page's dots */
  readonly fields: readonly string[];
  /** every element sent as a command prints the same dots as our picture (equivalent.ts) */
  readonly same: boolean;
}

/** The mark as `language`'s command, or null when that language cannot draw it exactly. */
export function nativeCommand(language: PrinterLanguage, mark: NativeMark): string | null {
  return language === "ZPL" ? zplField(mark) : tsplCommand(mark);
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Where an element inks: an outline box's four sides (what is inside it stays free), else its box.
 * A picture element over a printer-drawn one would be drawn differently (white over black is lost).
 */
function inked(el: LabelElement): Box[] {
  const drawn = printerDrawn(el);
  if (drawn?.form === "linear" && drawn.el.printPart === "line") return [codeBands(drawn.el).line];
  const b = elementBox(el);
  if (drawn?.form !== "box" || drawn.el.Fill) return [b];
  const t = Math.min(Math.max(0, drawn.el.PenWidth) || 0, b.width / 2, b.height / 2);
  return [
    { x: b.x, y: b.y, width: b.width, height: t },
    { x: b.x, y: b.y + b.height - t, width: b.width, height: t },
    { x: b.x, y: b.y, width: t, height: b.height },
    { x: b.x + b.width - t, y: b.y, width: t, height: b.height },
  ];
}

/**
 * Which elements of the page go as the printer's commands: those its kind says a printer draws,
 * that every record of the page can be drawn as exactly in `language`, inside their cell, and that
 * no picture element touches where they ink (an outline under text, a code beside a picture). A
 * drawn label background leaves everything to the picture. `exact` ("send as: automatic"): only
 * what prints our picture's dots (equivalent.ts), element by element; a linear code's bars go as
 * the command with the printer's line off and its human-readable line stays in the picture.
 */
export function splitPage(
  doc: LabelDocument,
  records: readonly number[],
  valuesOf: (record: number) => ReadonlyMap<string, string>,
  opts: {
    readonly language: PrinterLanguage;
    readonly dpi: number;
    readonly background?: boolean;
    /** only the elements whose commands print what the picture shows; the rest in the picture */
    readonly exact?: boolean;
    /** a text element as printer text (fontText.ts), its cell's top left at (x, y) mm; null: a picture */
    readonly text?: (el: LabelElement, value: string, x: number, y: number) => string | null;
  },
): NativeSplit {
  const g = sheetGeometry(doc.attrs);
  const values = records.map(valuesOf);
  const background = (opts.background ?? doc.attrs.printBackground === true) && !!doc.attrs.background;
  const exact = opts.exact === true;
  // ink: where the command inks; line: a linear code's own line, drawn in the picture
  const candidates = new Map<string, { fields: string[]; ink: Box[]; same: boolean; line: boolean }>();
  for (const el of background ? [] : doc.elements) {
    const drawn = printerDrawn(el);
    const text = opts.text;
    if (!drawn && !text) continue;
    const b = elementBox(el);
    if (b.x < 0 || b.y < 0 || b.x + b.width > g.labelWidth || b.y + b.height > g.labelHeight) continue;
    const fields: string[] = [];
    let same = true;
    // under `exact`, a linear code's line apart: on every record (a record without one has bars
    // down to the bottom of the box, where the line's band would be)
    const lines = new Set<boolean>();
    for (let i = 0; i < records.length; i++) {
      const cell = g.cells[i];
      if (!cell) break;
      const own = "Data" in el && typeof el.Data === "string" ? el.Data : "";
      const value = values[i].get(el.Id) ?? own;
      let mark: NativeMark | null = drawn && markOf(drawn, value, opts.dpi, cell.x, cell.y);
      if (exact && drawn && mark?.kind === "linear") {
        lines.add(mark.text !== 0);
        if (mark.text !== 0) mark = markOf(drawn, value, opts.dpi, cell.x, cell.y, { ownLine: true });
      }
      const field = drawn ? mark && nativeCommand(opts.language, mark) : text?.(el, value, cell.x, cell.y);
      if (field === null || field === undefined) break;
      // a printer text is laid out as ours (fontText.ts); a mark may not be
      if (mark && !sameAsPicture(mark)) same = false;
      fields.push(field);
    }
    if (exact && (!same || lines.size > 1)) continue;
    const line = lines.has(true) && drawn?.form === "linear";
    if (fields.length === Math.min(records.length, g.cells.length))
      candidates.set(el.Id, {
        fields,
        ink: line && drawn.form === "linear" ? [codeBands(drawn.el).bars] : inked(el),
        same,
        line,
      });
  }
  // the picture's part of an element: all of it, or a code's line when its bars go as a command
  const pictured = (el: LabelElement): LabelElement | null => {
    const c = candidates.get(el.Id);
    if (!c) return el;
    const drawn = printerDrawn(el);
    return c.line && drawn?.form === "linear" ? linePart(drawn.el) : null;
  };
  // a picture element over a mark's ink sends that mark to the picture too, which may in turn
  // cover another mark: repeat until nothing changes
  let changed = true;
  while (changed) {
    changed = false;
    const picture = doc.elements.flatMap((el) => {
      const part = pictured(el);
      return part ? inked(part) : [];
    });
    for (const [id, c] of candidates)
      if (c.ink.some((ink) => picture.some((p) => overlap(ink, p)))) {
        candidates.delete(id);
        changed = true;
      }
  }
  return {
    pictureDoc: {
      ...doc,
      elements: doc.elements.flatMap((el) => {
        const part = pictured(el);
        return part ? [part] : [];
      }),
    },
    fields: doc.elements.flatMap((el) => candidates.get(el.Id)?.fields ?? []),
    same: [...candidates.values()].every((c) => c.same),
  };
}

/**
 * "Send as: automatic": the page goes as the printer's commands when it has some and each prints what
 * the picture shows (an `exact` split keeps only those); a page with none gains nothing over the
 * exact picture and goes as it.
 */
export const goesNative = (split: NativeSplit) => split.fields.length > 0 && split.same;

/** The part of a bitmap that has ink, its left edge on a whole byte; null when it is blank. */
export function inkedPart(b: Bitmap): { x: number; y: number; bitmap: Bitmap } | null {
  let top = -1;
  let bottom = -1;
  let left = b.bytesPerRow;
  let right = -1;
  for (let y = 0; y < b.height; y++) {
    const row = y * b.bytesPerRow;
    for (let x = 0; x < b.bytesPerRow; x++) {
      if (!b.data[row + x]) continue;
      if (top < 0) top = y;
      bottom = y;
      if (x < left) left = x;
      if (x > right) right = x;
    }
  }
  if (top < 0) return null;
  const bytesPerRow = right - left + 1;
  const height = bottom - top + 1;
  const data = new Uint8Array(bytesPerRow * height);
  for (let y = 0; y < height; y++)
    data.set(
      b.data.subarray((top + y) * b.bytesPerRow + left, (top + y) * b.bytesPerRow + right + 1),
      y * bytesPerRow,
    );
  return { x: left * 8, y: top, bitmap: { width: bytesPerRow * 8, height, bytesPerRow, data } };
}

const ascii = (s: string) => new TextEncoder().encode(s);

/**
 * A ZPL page: the stored picture's recall (`under`: ^XG), the picture's inked parts as ^GFA each,
 * then the printer-drawn fields. The recall goes first so that the label's own parts are drawn
 * over it, as TSPL's PUTBMP (a reader that draws a graphic's white dots keeps them all).
 */
export function zplNativePage(
  size: { width: number; height: number },
  picture: Bitmap,
  fields: readonly string[],
  copies: number,
  settings = "",
  under: readonly string[] = [],
): Uint8Array {
  const n = Math.max(1, Math.floor(copies) || 1);
  let out = `^XA${settings}^PW${size.width}^LL${size.height}\n`;
  for (const f of under) out += `${f}\n`;
  for (const part of inkedParts(picture)) out += `${zplGraphicField(part.x, part.y, part.bitmap)}\n`;
  for (const f of fields) out += `${f}\n`;
  return ascii(`${out}^PQ${n}^XZ\n`);
}

/**
 * A TSPL page: CLS, the stored picture (`under`: PUTBMP), the picture's inked parts as a BITMAP each
 * (they overwrite, or OR over a stored picture; they never overlap), the commands, PRINT.
 */
export function tsplNativePage(
  picture: Bitmap,
  fields: readonly string[],
  copies: number,
  under: readonly string[] = [],
): Uint8Array {
  const n = Math.max(1, Math.floor(copies) || 1);
  const chunks: Uint8Array[] = [ascii(`CLS\r\n${under.map((f) => `${f}\r\n`).join("")}`)];
  for (const part of inkedParts(picture)) {
    const b = part.bitmap;
    chunks.push(ascii(`BITMAP ${part.x},${part.y},${b.bytesPerRow},${b.height},${under.length ? 1 : 0},`));
    // in a TSPL BITMAP a 0 bit prints a dot
    chunks.push(b.data.map((v) => ~v & 0xff));
    chunks.push(ascii("\r\n"));
  }
  chunks.push(ascii(`${fields.map((f) => `${f}\r\n`).join("")}PRINT 1,${n}\r\n`));
  const out = new Uint8Array(chunks.reduce((k, c) => k + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Its value changes per record: a spreadsheet column, a sequence, a reference, or the clock. */
export function changesPerRecord(el: LabelElement): boolean {
  if (isClock(el)) return true;
  return hasDataSources(el) && el.DataSourceList.some((s) => s.DataSourceType !== 0);
}

/**
 * Its value differs between the labels of one print job. A job reads the clock once (the date its
 * date fields show, kept with a queued job), so a time text is the same on each of its labels.
 */
export const changesInJob = (el: LabelElement) => !isClock(el) && changesPerRecord(el);

/** Where a job's fixed picture is kept in the printer (its memory, not its flash). */
export const STORED_GRAPHIC = "R:INKLESS.GRF";
/** TSPL: the fixed picture's file in the printer's memory (DOWNLOAD without a flash prefix). */
export const STORED_BMP = "INKLESS.BMP";

/**
 * The picture elements that are the same on every label of the job (a time text too), when they can be stored in the printer
 * once per job (ZPL ~DG, recalled by ^XG on each label): one label a page, no drawn background, and
 * no changing element touching a fixed one where either inks (the two pictures add up only then).
 * Empty: every label carries its whole picture.
 */
export function fixedPictureElements(
  doc: LabelDocument,
  pictureDoc: LabelDocument,
  background: boolean | undefined,
): LabelElement[] {
  if (sheetGeometry(doc.attrs).cells.length !== 1) return [];
  if ((background ?? doc.attrs.printBackground === true) && doc.attrs.background) return [];
  const fixed = pictureDoc.elements.filter((el) => !changesInJob(el));
  const changing = pictureDoc.elements.filter(changesInJob).flatMap(inked);
  if (fixed.some((el) => inked(el).some((a) => changing.some((b) => overlap(a, b))))) return [];
  return fixed;
}

/** TSPL DOWNLOAD of a file — the fixed picture's BMP, a font — sent once before the first label, as latin1 text. */
export function tsplStoredPicture(name: string, file: Uint8Array): string {
  let body = "";
  for (let i = 0; i < file.length; i += 8192) body += String.fromCharCode(...file.subarray(i, i + 8192));
  return `${tsplDownloadHead(name, file.length)}${body}\r\n`;
}

/** ~DG: the picture stored under `name` (sent once, before the first label). */
export function zplStoredGraphic(name: string, b: Bitmap): string {
  const total = b.bytesPerRow * b.height;
  return `~DG${name},${total},${b.bytesPerRow},${shortestGraphic(b)}\n`;
}
