// TSPL's code commands as ZPL fields, parameters in the order of TSC's TSPL/TSPL2 manual:
//   BARCODE x,y,"type",height,human readable,rotation,narrow,wide,[alignment,]"content"
//   QRCODE x,y,ECC level,cell width,mode,rotation,[model,mask,]"content"
//   DMATRIX x,y,width,height,[c#,x#,r#,a#,]row,col,"content"  (c# the escape character's code)
//   PDF417 x,y,width,height,rotate,[E# W# H# C# R#…,]"content"
//   AZTEC x,y,rotate,size,ecp,flg,menu,multi,rev,"content"
// Field data goes through ^FH, so ^ ~ _ stay data. A turned QR code is drawn from its modules
// (^BQ draws upright only); a turned BARCODE is ZPL's turned field (turnedAt); other turned codes
// are not drawn (the caller lists them).
import { encodeCode } from "../codes";
import { zplEscaped } from "../print/native/zpl";
import { turnedModules } from "./graphics";
import { turnedAt } from "./turn";

const LINEAR: Readonly<Record<string, string>> = {
  "128": "BC",
  "128M": "BC",
  EAN128: "BC",
  EAN13: "BE",
  UPCA: "BU",
  EAN8: "B8",
  "25": "B2",
  "39": "B3",
  "39S": "B3",
};

/** A parameter as a whole number (NaN when it is none). */
const int = (p: string | undefined) => (/^-?\d+$/.test((p ?? "").trim()) ? Number(p) : Number.NaN);

/** The field, or null when TSPL asks what this reader does not draw (listed by the caller). */
export function barcodeField(p: readonly string[], data: string): string | null {
  const type = LINEAR[(p[2] ?? "").replaceAll('"', "").toUpperCase()];
  const [x, y, height, readable, turn, narrow, wide] = [0, 1, 3, 4, 5, 6, 7].map((k) => int(p[k]));
  if (!type || ![0, 90, 180, 270].includes(turn) || !(narrow > 0) || !(height > 0)) return null;
  const text = readable ? "Y" : "N";
  // ^BY's ratio of wide to narrow bars, 2.0–3.0 in ZPL
  const ratio = Math.min(3, Math.max(2, wide / narrow || 3)).toFixed(1);
  // upright: (x,y) is the bars' top left (^FO); turned: their bottom left turned about (x,y) (^FT)
  const at = turnedAt(x, y, height, turn);
  const o = at.orientation;
  const head =
    type === "B3"
      ? `^B3${o},N,${height},${text},N`
      : type === "B2"
        ? `^B2${o},${height},${text},N,N`
        : `^${type}${o},${height},${text},N`;
  // EAN128: FNC1 first and the application identifiers without brackets; "><" is a ">" of the data
  const fd =
    p[2] === '"EAN128"'
      ? `>;>8${data.replace(/\((\d+)\)/g, "$1")}`
      : type === "BC"
        ? data.replaceAll(">", "><")
        : data;
  return `${at.origin}^BY${narrow},${ratio}${head}^FH^FD${zplEscaped(fd)}^FS`;
}

export function qrField(p: readonly string[], data: string): string | null {
  const [x, y, cell, turn] = [0, 1, 3, 5].map((k) => int(p[k]));
  const level = /^[LMQH]$/i.test(p[2] ?? "") ? p[2].toUpperCase() : null;
  if (!level || !(cell > 0) || ![0, 90, 180, 270].includes(turn)) return null;
  if (turn === 0) return `^FO${x},${y}^BQN,2,${cell}^FH^FD${level}A,${zplEscaped(data)}^FS`;
  // our encoder's modules at the same level, smallest version (what the printer's auto mode picks;
  // its mask may differ, which only changes which modules are dark)
  const code = encodeCode({ kind: "qrcode", type: 1, data, ecLevel: level });
  if (!("cols" in code) || !("bits" in code)) return null;
  return turnedModules(x, y, code.bits, code.cols, cell, turn);
}

/** DMATRIX data with escape `e` (e1 FNC1, ee the escape itself) → ^BX data with the escape "_". */
function dmData(data: string, e: string): string {
  let out = "";
  for (let i = 0; i < data.length; i++) {
    const c = data[i];
    if (c === e && data[i + 1] === e) {
      out += e === "_" ? "__" : e;
      i++;
    } else if (c === e) out += "_";
    else out += c === "_" ? "__" : c;
  }
  return out;
}

export function dmatrixField(p: readonly string[], data: string): string | null {
  const [x, y] = [int(p[0]), int(p[1])];
  const middle = p.slice(4, -1);
  const opt = (k: string) => middle.find((q) => q[0]?.toLowerCase() === k)?.slice(1);
  const plain = middle.filter((q) => /^\d+$/.test(q)).map(Number);
  const module = int(opt("x")) || 6;
  if (Number.isNaN(x) || Number.isNaN(y) || (opt("r") && opt("r") !== "0")) return null;
  const e = String.fromCharCode(int(opt("c")) || 126);
  // row, col after the options: ^BX's columns, rows
  const [rows = 0, cols = 0] = plain;
  const size = rows && cols ? `${cols},${rows}` : ",";
  return `^FO${x},${y}^BXN,${module},200,${size},,_^FH^FD${zplEscaped(dmData(data, e))}^FS`;
}

export function pdf417Field(p: readonly string[], data: string): string | null {
  const [x, y, turn] = [0, 1, 4].map((k) => int(p[k]));
  const opt = (k: string) =>
    int(
      p
        .slice(5, -1)
        .find((q) => q[0]?.toUpperCase() === k)
        ?.slice(1),
    );
  const module = opt("W") || 2;
  const row = opt("H") || module * 3;
  const level = Number.isNaN(opt("E")) ? "" : String(opt("E"));
  const cols = Number.isNaN(opt("C")) ? "" : String(opt("C"));
  if (Number.isNaN(x) || Number.isNaN(y) || turn) return null;
  return `^FO${x},${y}^BY${module}^B7N,${row},${level},${cols}^FH^FD${zplEscaped(data)}^FS`;
}

export function aztecField(p: readonly string[], data: string): string | null {
  const [x, y, turn, size, ecp] = [0, 1, 2, 3, 4].map((k) => int(p[k]));
  if (Number.isNaN(x) || Number.isNaN(y) || turn !== 0 || !(size > 0)) return null;
  return `^FO${x},${y}^BON,${size},N,${ecp || 0}^FH^FD${zplEscaped(data)}^FS`;
}
