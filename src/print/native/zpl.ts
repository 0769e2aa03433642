// Marks (marks.ts) as ZPL fields: boxes ^GB, ellipses ^GE / ^GC, linear codes ^BC ^BE ^BU ^B8 ^B2
// ^B3 with ^BY's narrow bar and 3:1 ratio (our encoders' wide bars), QR ^BQ, DataMatrix ^BX, PDF417
// ^B7, Aztec ^BO, GS1 DataMatrix ^BX with its escape character. Field data goes through ^FH so ^ ~ _ never end a field. null: ZPL cannot say it exactly.
import type { TypesetLine } from "./fontText";
import { gs1Escaped } from "./gs1";
import type { LinearSymbology, NativeMark } from "./marks";

/** ^BX's escape character for GS1 DataMatrix (Zebra's advice: set it, firmware defaults differ). */
const DM_ESCAPE = "_";

/** ^FH escapes for the characters a field cannot hold (the prefixes and the escape itself). */
export const zplEscaped = (s: string) =>
  s.replace(/[\^~_]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase()}`);

const LINEAR: Readonly<Record<LinearSymbology, string>> = {
  code128: "BC",
  "gs1-128": "BC",
  ean13: "BE",
  upca: "BU",
  ean8: "B8",
  itf: "B2",
  code39: "B3",
};

/** GS1 data in brackets → ^BC's: FNC1 first (>;>8) and before each later application identifier. */
export const zplGs1 = (data: string) =>
  `>;>8${data.replace(/\((\d{2,4})\)/g, (_m, ai: string, at: number) => (at ? `>8${ai}` : ai))}`;

/** The field data of a code, before ^FH escaping ("FD" content). */
export function zplCodeData(
  mark: Extract<NativeMark, { kind: "linear" | "matrix" }>,
  data = mark.data,
): string {
  if (mark.kind === "matrix") {
    // FNC1 as "_1", a "_" of the data "__": ^FH (the field's own "_" escape, zplEscaped) turns "_5F"
    // back into "_" before ^BX reads its escapes
    if (mark.symbology === "gs1-datamatrix") return gs1Escaped(data, DM_ESCAPE);
    if (mark.symbology === "datamatrix") return data.replaceAll(DM_ESCAPE, DM_ESCAPE + DM_ESCAPE);
    if (mark.symbology !== "qr") return data;
    const level = /^[LMQH]$/.test(mark.ecLevel) ? mark.ecLevel : "M";
    return `${level}A,${data}`;
  }
  if (mark.symbology === "gs1-128") return zplGs1(data);
  // a literal ">" in Code 128 is written "><" (">" starts an invocation pair)
  if (mark.symbology === "code128") return data.replaceAll(">", "><");
  return data;
}

/** The command that draws the mark, without ^FO and the data (what ^DF templates share). */
export function zplCommand(mark: NativeMark): string | null {
  switch (mark.kind) {
    case "box": {
      // ZPL rounds corners in eighths of half the shorter side
      const rounding = Math.min(8, Math.round((mark.r / (Math.min(mark.w, mark.h) / 2)) * 8));
      return `^GB${mark.w},${mark.h},${mark.t},B,${rounding}`;
    }
    case "ellipse":
      return mark.w === mark.h ? `^GC${mark.w},${mark.t}` : `^GE${mark.w},${mark.h},${mark.t}`;
    case "linear": {
      if (mark.module > 10) return null;
      const f = mark.text ? "Y" : "N";
      const g = mark.text === 2 ? "Y" : "N";
      const cmd = LINEAR[mark.symbology];
      const by = `^BY${mark.module},3.0,${mark.height}`;
      if (cmd === "B3") return `${by}^B3N,N,${mark.height},${f},${g}`;
      if (cmd === "B2") return `${by}^B2N,${mark.height},${f},${g},N`;
      return `${by}^${cmd}N,${mark.height},${f},${g}`;
    }
    case "matrix": {
      // ^BQ draws upright only (its orientation is N); the turned codes stay pictures
      if (mark.module > 10 || mark.turn !== 0) return null;
      if (mark.symbology === "qr") return `^BQN,2,${mark.module}`;
      // ^BOa,b,c,d: orientation, magnification, no extended channels, the size (layers)
      if (mark.symbology === "aztec") return `^BON,${mark.module},N,${mark.layers ?? 0}`;
      if (mark.symbology === "datamatrix" || mark.symbology === "gs1-datamatrix")
        return `^BXN,${mark.module},200,${mark.cols},${mark.rows},,${DM_ESCAPE}`;
      const level = /^[0-8]$/.test(mark.ecLevel) ? mark.ecLevel : "2";
      return `^BY${mark.module}^B7N,${mark.module * 3},${level},${mark.columns}`;
    }
  }
}

/** The mark as one ZPL field (^FO … ^FS), or null. */
export function zplField(mark: NativeMark): string | null {
  const cmd = zplCommand(mark);
  if (cmd === null) return null;
  const at = `^FO${mark.x},${mark.y}`;
  if (mark.kind === "box" || mark.kind === "ellipse") return `${at}${cmd}^FS`;
  return `${at}${cmd}^FH^FD${zplEscaped(zplCodeData(mark))}^FS`;
}

/** Where a job's fonts are kept in the printer: its memory (sent again with each job), not its flash. */
export const ZPL_FONT_DEVICE = "R:";

/** ~DY: a TrueType font file stored as `<device><name>.TTF` (ASCII hex; sent once, before the first label). */
export function zplFontDownload(name: string, file: Uint8Array, device = ZPL_FONT_DEVICE): string {
  let hex = "";
  for (const b of file) hex += (b < 16 ? "0" : "") + b.toString(16).toUpperCase();
  return `~DY${device}${name},A,T,${file.length},,${hex}\n`;
}

/**
 * A text's lines as ZPL text fields in a downloaded font: ^FT the left end of the baseline, ^A@ the
 * em in dots (as high as wide) and the font file, ^CI28 UTF-8, ^FH so ^ ~ _ of the data stay data.
 */
export function zplTextFields(runs: readonly TypesetLine[], fontOf: (run: TypesetLine) => string): string {
  return runs
    .map((r) => `^FT${r.x},${r.y}^A@N,${r.size},${r.size},${fontOf(r)}^CI28^FH^FD${zplEscaped(r.text)}^FS`)
    .join("");
}
