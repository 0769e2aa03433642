// Marks (marks.ts) as TSPL commands: boxes BAR (solid) / BOX, ellipses ELLIPSE, linear codes
// BARCODE (narrow bar in dots, wide = 3 × narrow, our encoders' ratio), QR QRCODE, DataMatrix
// DMATRIX (GS1: FNC1 as "~1"), PDF417 PDF417, Aztec AZTEC. null: TSPL cannot say it exactly (a
// code's text above its bars, a QR module over 10 dots…), and the element goes out in the picture.
import { trueTypeOf } from "../../export/pdf/trueType";
import type { Face } from "../../render/fonts";
import type { TypesetLine } from "./fontText";
import { gs1Escaped } from "./gs1";
import type { LinearSymbology, NativeMark } from "./marks";

/** GS1-128 is left out: TSPL printers differ in how EAN128 data marks its FNC1s. */
const SYMBOLOGY: Readonly<Partial<Record<LinearSymbology, string>>> = {
  code128: "128",
  ean13: "EAN13",
  upca: "UPCA",
  ean8: "EAN8",
  itf: "25",
  code39: "39",
};

/**
 * A TSPL string: in quotes, a quote inside written \["]. Control characters (a line break would end
 * the command and start another: record data must never become printer commands) become spaces.
 */
export function tsplQuoted(s: string): string {
  let out = "";
  for (const c of s) {
    const code = c.charCodeAt(0);
    out += code < 0x20 || code === 0x7f ? " " : c === '"' ? '\\["]' : c;
  }
  return `"${out}"`;
}

/** DMATRIX's escape character: "~" (c126, TSC's default, said anyway); FNC1 is "~1". */
const DM_ESCAPE = "~";

/** What a code's content is sent as: DataMatrix data with its escapes ("~~", GS1's "~1"), else as it is. */
export function tsplCodeData(mark: NativeMark, data: string): string {
  if (mark.kind !== "matrix") return data;
  if (mark.symbology === "gs1-datamatrix") return gs1Escaped(data, DM_ESCAPE);
  if (mark.symbology === "datamatrix") return data.replaceAll(DM_ESCAPE, DM_ESCAPE + DM_ESCAPE);
  return data;
}

/**
 * QRCODE's x,y for a symbol whose printed top left is (mark.x, mark.y). Checked against TSC's TSPL/
 * TSPL2 manual: `QRCODE x,y,ECC level,cell width,mode,rotation,[model,mask,]"content"`, x,y "the
 * upper left corner" of the code, rotation 0/90/180/270 clockwise. The manual draws no turned code;
 * we take the turn about (x,y), as its TEXT and BARCODE turn about their reference point, so the
 * corner named moves with the symbol: at 90° it is the printed top right, 180° the bottom right,
 * 270° the bottom left.
 */
function qrOrigin(mark: Extract<NativeMark, { kind: "matrix" }>): string {
  const side = mark.cols * mark.module;
  const right = mark.turn === 90 || mark.turn === 180;
  const below = mark.turn === 180 || mark.turn === 270;
  return `${mark.x + (right ? side : 0)},${mark.y + (below ? side : 0)}`;
}

/** The command that draws the mark with `data` in place of its content (a TSPL variable in templates). */
export function tsplCommand(mark: NativeMark, data?: string): string | null {
  const at = `${mark.x},${mark.y}`;
  switch (mark.kind) {
    case "box":
      if (mark.t * 2 >= Math.min(mark.w, mark.h) && mark.r === 0) return `BAR ${at},${mark.w},${mark.h}`;
      return `BOX ${at},${mark.x + mark.w},${mark.y + mark.h},${mark.t}${mark.r ? `,${mark.r}` : ""}`;
    case "ellipse":
      return mark.t * 2 >= Math.min(mark.w, mark.h) ? null : `ELLIPSE ${at},${mark.w},${mark.h},${mark.t}`;
    case "linear": {
      // TSPL prints the human-readable line below the bars only
      const symbology = SYMBOLOGY[mark.symbology];
      if (mark.text === 2 || !symbology) return null;
      const content = data ?? tsplQuoted(mark.data);
      return `BARCODE ${at},"${symbology}",${mark.height},${mark.text ? 2 : 0},0,${mark.module},${mark.module * 3},${content}`;
    }
    case "matrix": {
      const content = data ?? tsplQuoted(tsplCodeData(mark, mark.data));
      if (mark.symbology === "qr") {
        if (mark.module > 10) return null;
        const level = /^[LMQH]$/.test(mark.ecLevel) ? mark.ecLevel : "M";
        return `QRCODE ${qrOrigin(mark)},${level},${mark.module},A,${mark.turn},${content}`;
      }
      if (mark.turn !== 0) return null;
      // AZTEC x,y,rotate,size,ecp,flg,menu,multi,rev,"content": module in dots, the size (layers),
      // data without escapes, no menu, one symbol, not reversed
      if (mark.symbology === "aztec")
        return mark.module > 10
          ? null
          : `AZTEC ${at},0,${mark.module},${mark.layers ?? 0},0,0,1,0,${content}`;
      if (mark.symbology === "datamatrix" || mark.symbology === "gs1-datamatrix")
        return `DMATRIX ${at},${mark.cols * mark.module},${mark.rows * mark.module},c${DM_ESCAPE.charCodeAt(0)},x${mark.module},${mark.rows},${mark.cols},${content}`;
      const level = /^[0-8]$/.test(mark.ecLevel) ? mark.ecLevel : "2";
      return `PDF417 ${at},${mark.cols * mark.module},${mark.rows * mark.module * 3},0,E${level},W${mark.module},H${mark.module * 3},C${mark.columns},${content}`;
    }
  }
}

/** TSPL sizes a TrueType text in points: the em is a whole number of these dots. */
export const tsplPointDots = (dpi: number) => dpi / 72;

/**
 * TEXT's y for a TrueType text whose baseline is at `baseline` and whose em is `size` dots: TSC's
 * manual puts TEXT's x,y at the top left without saying where a TrueType font's top is; we take it
 * at the font's ascent above the baseline (OS/2 typographic ascender, else hhea's).
 */
export function tsplTextTop(face: Face, baseline: number, size: number): number {
  const font = trueTypeOf(face.data as ArrayBuffer);
  return baseline - Math.round((font.ascent / font.unitsPerEm) * size);
}

/**
 * `DOWNLOAD [F,]"NAME",size,` — what goes before a file's bytes (and "\r\n" after them); `F` keeps
 * it in the printer's flash, without it the file is in its memory until the printer is turned off.
 */
export const tsplDownloadHead = (name: string, size: number, memory?: "F") =>
  `DOWNLOAD ${memory ? `${memory},` : ""}"${name}",${size},`;

/**
 * A text's runs as TSPL TEXT in downloaded fonts (`fontOf`: the file, "INK1.TTF"), in UTF-8. TEXT's
 * x,y is the top left of the text; TSC's manual does not say where a TrueType font's top is: we
 * take it at the font's ascent above the baseline (OS/2 typographic ascender, else hhea's), the
 * top of its em box. The x and y multiplications of a TrueType font are its size in points.
 */
export function tsplTextFields(
  runs: readonly TypesetLine[],
  fontOf: (run: TypesetLine) => string,
  dpi: number,
): string {
  const out = runs.map((r) => {
    const top = tsplTextTop(r.face, r.y, r.size);
    const pt = Math.round(r.size / tsplPointDots(dpi));
    return `TEXT ${r.x},${top},"${fontOf(r)}",0,${pt},${pt},${tsplQuoted(r.text)}`;
  });
  return out.length ? ["CODEPAGE UTF-8", ...out].join("\r\n") : "";
}
