// Native ZPL from our label (the start of issue 36's "native output"): shapes as ^GB / ^GE / ^GD,
// texts in the printer's scalable font, codes as the printer's own barcode commands with module
// widths in whole dots. What ZPL cannot draw exactly (images, tables, time texts, mirrored or
// inverse elements) is left out and named in `skipped`, so a caller can send those as bitmaps.

import { encodeCode, isCodeError } from "../codes";
import { elementBox } from "../model/geometry";
import type { BarcodeElement, LabelDocument, LabelElement, QRCodeElement, TextElement } from "../model/types";
import { ptToMm } from "../model/units";
import { prepareRender } from "../render";

export interface NativeZpl {
  readonly zpl: string;
  /** ids of the elements not written (drawn as pictures by a caller, or not at all) */
  readonly skipped: readonly string[];
}

const ORIENTATION: Readonly<Record<number, string>> = { 0: "N", 90: "R", 180: "I", 270: "B" };
/** our BarCodeType → ZPL command (the ones codes.ts reads back) */
const LINEAR: Readonly<Record<number, string>> = {
  1: "BC",
  26: "BC",
  7: "BE",
  8: "BU",
  6: "B8",
  5: "B2",
  2: "B3",
};
/** height of the human-readable band per mm of the code's font (the code layout's) */
const TEXT_BAND = 1.2;

/** ^FH escapes for the characters a field cannot hold (the prefixes and the escape itself). */
const escaped = (s: string) => s.replace(/[\^~_]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase()}`);

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
  const field = (el: LabelElement, body: string) => out.push(`${origin(el)}${body}^FS`);

  for (const el of doc.elements) {
    if (el.MirrorImage || el.AntiMirror) {
      skipped.push(el.Id);
      continue;
    }
    switch (el.Type) {
      case "Rectangle":
      case "RoundRectangle": {
        const b = elementBox(el);
        const w = dots(b.width);
        const h = dots(b.height);
        const t = el.Fill ? Math.min(w, h) : Math.max(1, dots(el.PenWidth));
        const r =
          el.Type === "RoundRectangle"
            ? Math.min(8, Math.round((el.CornerRadius / (Math.min(el.Width, el.Height) / 2)) * 8))
            : 0;
        field(el, `^GB${w},${h},${t},B,${r}`);
        continue;
      }
      case "Ellipse": {
        const b = elementBox(el);
        const w = dots(b.width);
        const h = dots(b.height);
        field(el, `^GE${w},${h},${el.Fill ? Math.min(w, h) : Math.max(1, dots(el.PenWidth))}`);
        continue;
      }
      case "Line":
      case "LineHorizontal":
      case "LineVertical": {
        const t = Math.max(1, dots(el.PenWidth));
        const x0 = Math.min(el.StartX, el.EndX);
        const y0 = Math.min(el.StartY, el.EndY);
        const w = dots(Math.abs(el.EndX - el.StartX));
        const h = dots(Math.abs(el.EndY - el.StartY));
        if (h === 0 || w === 0) {
          // a straight line is a solid box as thick as the pen, centred on the line
          const x = w === 0 ? dots(x0) - Math.floor(t / 2) : dots(x0);
          const y = h === 0 ? dots(y0) - Math.floor(t / 2) : dots(y0);
          out.push(`^FO${x},${y}^GB${Math.max(w, t)},${Math.max(h, t)},${t}^FS`);
        } else {
          const right = (el.EndX - el.StartX) * (el.EndY - el.StartY) < 0;
          out.push(`^FO${dots(x0)},${dots(y0)}^GD${w},${h},${t},B,${right ? "R" : "L"}^FS`);
        }
        continue;
      }
      case "Text":
        if (text(el)) continue;
        break;
      case "Barcode":
        if (barcode(el)) continue;
        break;
      case "QRcode":
        if (matrix(el)) continue;
        break;
    }
    skipped.push(el.Id);
  }
  out.push("^XZ");
  return { zpl: `${out.join("\n")}\n`, skipped };

  function text(el: TextElement): boolean {
    if (el.TextArrange !== 0 || el.Data === "" || el.DataSourceList[el.dataSourceIndex]?.DataSourceType)
      return false;
    const h = Math.max(1, dots(ptToMm(el.FontSize)));
    const o = ORIENTATION[el.Rotate] ?? "N";
    // font 0 reads back as the bold face, ^A@ as the regular one (fonts.ts)
    const font = el.Bold ? `^A0${o},${h},${h}` : `^A@${o},${h},${h},E:ROBOTO.TTF`;
    const block = el.TextAutoLine ? `^FB${dots(el.BoxWidth)},99,0,${"CLRJL"[el.TextAlign] ?? "L"},0` : "";
    field(el, `${font}${block}^FH^FD${escaped(el.TextPrefix + el.Data + el.TextSuffix)}`);
    return true;
  }

  function barcode(el: BarcodeElement): boolean {
    const cmd = LINEAR[el.BarCodeType];
    if (!cmd || el.DataSourceList[el.dataSourceIndex]?.DataSourceType) return false;
    let modules: number;
    try {
      modules = encodeCode({ kind: "barcode", type: el.BarCodeType, data: el.Data }).width;
    } catch (e) {
      if (isCodeError(e)) return false;
      throw e;
    }
    // whole dots a module: the printer draws every bar the same width
    const module = Math.max(1, Math.min(10, Math.round(dots(el.Width) / modules)));
    const band = el.BarcodeNumPosition ? ptToMm(el.FontSize) * TEXT_BAND : 0;
    const bar = Math.max(1, dots(el.Height - band));
    const o = ORIENTATION[el.Rotate] ?? "N";
    const f = el.BarcodeNumPosition ? "Y" : "N";
    const g = el.BarcodeNumPosition === 2 ? "Y" : "N";
    let data = el.Data;
    if (el.BarCodeType === 26)
      data = `>;>8${data.replace(/\((\d{2,4})\)/g, (_m, ai, at) => (at ? `>8${ai}` : ai))}`;
    const head = cmd === "B3" ? `^B3${o},N,${bar},${f},${g}` : `^${cmd}${o},${bar},${f},${g}`;
    field(el, `^BY${module}${head}^FD${data}`);
    return true;
  }

  function matrix(el: QRCodeElement): boolean {
    if (el.DataSourceList[el.dataSourceIndex]?.DataSourceType || el.CenterImage) return false;
    let c: { cols: number; rows: number };
    try {
      c = encodeCode({
        kind: "qrcode",
        type: el.QrCodeType,
        data: el.Data,
        ecLevel: el.ErrorCorrectionLevel,
      });
    } catch (e) {
      if (isCodeError(e)) return false;
      throw e;
    }
    const module = Math.max(1, Math.min(10, Math.round(dots(el.Width) / c.cols)));
    const o = ORIENTATION[el.Rotate] ?? "N";
    if (el.QrCodeType === 1) {
      const level = /^[LMQH]$/.test(el.ErrorCorrectionLevel) ? el.ErrorCorrectionLevel : "M";
      field(el, `^BQN,2,${module}^FD${level}A,${el.Data}`);
    } else if (el.QrCodeType === 3) field(el, `^BX${o},${module},200^FD${el.Data}`);
    else if (el.QrCodeType === 2)
      field(
        el,
        `^BY${module}^B7${o},${Math.max(1, Math.round(dots(el.Height) / c.rows))},${el.ErrorCorrectionLevel || "2"}^FD${el.Data}`,
      );
    else return false;
    return true;
  }
}
