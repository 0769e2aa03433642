// Reads a TSPL job of the printer's own commands (src/print/native) back as ZPL, so the tests can
// draw it with our ZPL reader: BAR / BOX → ^GB, ELLIPSE → ^GE, BARCODE → ^BC ^BE…, QRCODE → ^BQ, AZTEC → ^BO,
// a turned QRCODE → ^GFA of its modules turned about (x,y) (^BQ cannot turn), DMATRIX → ^BX (its escapes as ^BX's), TEXT → ^A0, BITMAP (a 0 bit prints) → ^GFA, a BMP file stored with
// `DOWNLOAD [F,]"NAME",size,<bytes>` (F: the printer's flash) and drawn by `PUTBMP x,y,"NAME"` → ^GFA. One format per PRINT;
// a downloaded program (a printer template) runs at its call with the variables set before it. Independent of the writers:
// it follows the TSPL manual's parameter order.
const LINEAR: Readonly<Record<string, string>> = {
  "128": "BC",
  EAN128: "BC",
  EAN13: "BE",
  UPCA: "BU",
  EAN8: "B8",
  "25": "B2",
  "39": "B3",
};

import { encodeCode } from "../../../src/codes";
import { trueTypeOf } from "../../../src/export/pdf/trueType";

const HEX = "0123456789ABCDEF";

/**
 * A QR code turned `turn`° clockwise about (x,y), its modules `cell` dots, as ^GFA: ZPL's ^BQ draws
 * upright only. The modules come from our QR encoder (same level, smallest version: what the
 * printer's auto mode picks; its mask may differ, which only changes which modules are dark).
 */
function turnedQr(x: number, y: number, level: string, cell: number, turn: number, data: string): string {
  const code = encodeCode({ kind: "qrcode", type: 1, data, ecLevel: level });
  const n = code.cols;
  const side = n * cell;
  const wb = Math.ceil(side / 8);
  const rows = new Uint8Array(wb * side);
  for (let v = 0; v < n; v++)
    for (let u = 0; u < n; u++) {
      if (!code.bits[v * n + u]) continue;
      // module (u,v) of the upright symbol after the turn, in modules of the printed square
      const [pu, pv] =
        turn === 90
          ? [n - 1 - v, u]
          : turn === 180
            ? [n - 1 - u, n - 1 - v]
            : turn === 270
              ? [v, n - 1 - u]
              : [u, v];
      for (let dy = 0; dy < cell; dy++)
        for (let dx = 0; dx < cell; dx++) {
          const px = pu * cell + dx;
          rows[(pv * cell + dy) * wb + (px >> 3)] |= 0x80 >> (px & 7);
        }
    }
  let hex = "";
  for (const b of rows) hex += HEX[b >> 4] + HEX[b & 15];
  // the turn about (x,y) moves the square: at 90° it lies left of x, at 180° left and above, at 270° above
  const left = turn === 90 || turn === 180 ? x - side : x;
  const top = turn === 180 || turn === 270 ? y - side : y;
  return `^FO${left},${top}^GFA,${wb * side},${wb * side},${wb},${hex}^FS`;
}

/** The quoted last parameter of a command line. */
const quoted = (line: string) => /"((?:[^"\\]|\\\["\])*)"$/.exec(line)?.[1].replaceAll('\\["]', '"') ?? "";

/** A 1-bit BMP (palette index 0 black or white, as its palette says) as ZPL hex rows. */
function bmpGraphic(bmp: Buffer): { wb: number; h: number; hex: string } {
  const v = new DataView(bmp.buffer, bmp.byteOffset, bmp.byteLength);
  if (bmp.subarray(0, 2).toString("latin1") !== "BM" || v.getUint16(28, true) !== 1)
    throw new Error("not a 1-bit BMP");
  const offset = v.getUint32(10, true);
  const width = v.getInt32(18, true);
  const height = v.getInt32(22, true);
  const h = Math.abs(height);
  const palette = 14 + v.getUint32(14, true);
  // a palette entry is dark below half brightness: that index prints
  const zeroPrints = bmp[palette] + bmp[palette + 1] + bmp[palette + 2] < 384;
  const wb = Math.ceil(width / 8);
  const stride = Math.ceil(wb / 4) * 4;
  let hex = "";
  for (let y = 0; y < h; y++) {
    const row = offset + (height > 0 ? h - 1 - y : y) * stride;
    for (let x = 0; x < wb; x++) {
      let b = zeroPrints ? ~bmp[row + x] & 0xff : bmp[row + x];
      // dots past the width never print
      if (x === wb - 1 && width % 8) b &= (0xff << (8 - (width % 8))) & 0xff;
      hex += HEX[b >> 4] + HEX[b & 15];
    }
  }
  return { wb, h, hex };
}

/** DMATRIX data with escape `e` ("~1" FNC1, "~~" a tilde) → ^BX data with the escape "_". */
function dmToZpl(data: string, e: string): string {
  let out = "";
  for (let i = 0; i < data.length; i++) {
    const c = data[i];
    if (c === e && data[i + 1] === e) out += e === "_" ? "__" : e;
    else if (c === e) out += "_";
    else out += c === "_" ? "__" : c;
    if (c === e) i += data[i + 1] === e ? 1 : 0;
  }
  return out;
}

/**
 * The job as ZPL: the fonts its TEXT used (~DY), then one format per PRINT. A program (`DOWNLOAD
 * [F,]"NAME.BAS"` … `EOP`) is kept, not run; a line `V1$="…"` sets a variable, and a line that names
 * a program runs it as a printer would: each command whose last parameter is a variable takes its
 * value (a printer template's call).
 */
export function tsplToZpl(job: Buffer, size: { width: number; height: number }, dpi = 203): string {
  const { fonts, formats } = tsplFormats(job, size, dpi);
  return fonts.join("") + formats.join("");
}

/** Each label of the job as ZPL of its own, with the fonts the job downloaded before it. */
export function tsplLabels(job: Buffer, size: { width: number; height: number }, dpi = 203): string[] {
  const { fonts, formats } = tsplFormats(job, size, dpi);
  return formats.map((f) => fonts.join("") + f);
}

function tsplFormats(
  input: Buffer,
  size: { width: number; height: number },
  dpi: number,
): { fonts: string[]; formats: string[] } {
  // a program's call puts its commands in front of the rest
  let job = input;
  const formats: string[] = [];
  const programs = new Map<string, Buffer>();
  const variables = new Map<string, string>();
  let fields: string[] = [];
  let pos = 0;
  const files = new Map<string, Buffer>();
  // the downloaded fonts a TEXT used, as ~DY before the first format
  const fonts = new Map<string, string>();
  while (pos < job.length) {
    const download = /^DOWNLOAD (?:[FE],)?"([^"]+)",(\d+),/.exec(
      job.subarray(pos, pos + 80).toString("latin1"),
    );
    if (download) {
      const start = pos + download[0].length;
      const size = Number(download[2]);
      files.set(download[1], job.subarray(start, start + size));
      pos = start + size;
      if (job.subarray(pos, pos + 2).toString("latin1") === "\r\n") pos += 2;
      continue;
    }
    const program = /^DOWNLOAD (?:[FE],)?"([^"]+)\.BAS"\r\n/.exec(
      job.subarray(pos, pos + 80).toString("latin1"),
    );
    if (program) {
      const start = pos + program[0].length;
      const end = job.indexOf("EOP\r\n", start, "latin1");
      if (end < 0) throw new Error(`a program without EOP: ${program[1]}`);
      programs.set(program[1], job.subarray(start, end));
      pos = end + 5;
      continue;
    }
    if (job.subarray(pos, pos + 7).toString("latin1") === "BITMAP ") {
      let i = pos + 7;
      let commas = 0;
      while (commas < 5) if (job[i++] === 0x2c) commas++;
      const [x, y, wb, h] = job
        .subarray(pos + 7, i - 1)
        .toString("latin1")
        .split(",")
        .map(Number);
      let hex = "";
      for (let k = 0; k < wb * h; k++) {
        const v = ~job[i + k] & 0xff;
        hex += HEX[v >> 4] + HEX[v & 15];
      }
      fields.push(`^FO${x},${y}^GFA,${wb * h},${wb * h},${wb},${hex}^FS`);
      pos = i + wb * h + 2;
      continue;
    }
    const end = job.indexOf("\r\n", pos);
    const line = job.subarray(pos, end < 0 ? job.length : end).toString("latin1");
    pos = end < 0 ? job.length : end + 2;
    const assignment = /^([A-Z][A-Z0-9]*\$)=(".*")$/.exec(line);
    if (assignment) {
      variables.set(assignment[1], assignment[2]);
      continue;
    }
    const call = programs.get(line);
    if (call) {
      // the program's commands, each variable in the last parameter replaced by its value, then the rest
      const body = call
        .toString("latin1")
        .replace(/,([A-Z][A-Z0-9]*\$)\r\n/g, (_m, v: string) => `,${variables.get(v) ?? '""'}\r\n`);
      job = Buffer.concat([Buffer.from(body, "latin1"), job.subarray(pos)]);
      pos = 0;
      continue;
    }
    const [cmd, rest = ""] = [line.slice(0, line.indexOf(" ")), line.slice(line.indexOf(" ") + 1)];
    const p = rest.split(",");
    const n = (k: number) => Number(p[k]);
    // TEXT's optional alignment (after the multiplications): 2 centre, 3 right, x its centre or
    // right end — as ZPL, a one-line ^FB as wide as the label allows about that point
    const textAlign = cmd === "TEXT" && /^[0-3]$/.test(p[6] ?? "") ? n(6) : 0;
    const half = Math.min(n(0), size.width - n(0));
    const textX = textAlign === 2 ? n(0) - half : textAlign === 3 ? 0 : n(0);
    const textBlock = textAlign === 2 ? `^FB${half * 2},1,0,C` : textAlign === 3 ? `^FB${n(0)},1,0,R` : "";
    if (cmd === "BAR") fields.push(`^FO${n(0)},${n(1)}^GB${n(2)},${n(3)},${Math.min(n(2), n(3))}^FS`);
    else if (cmd === "BOX") fields.push(`^FO${n(0)},${n(1)}^GB${n(2) - n(0)},${n(3) - n(1)},${n(4)}^FS`);
    else if (cmd === "ELLIPSE") fields.push(`^FO${n(0)},${n(1)}^GE${n(2)},${n(3)},${n(4)}^FS`);
    else if (cmd === "BARCODE") {
      const type = LINEAR[p[2].replaceAll('"', "")];
      const data = quoted(line);
      const text = n(4) ? "Y" : "N";
      const head =
        type === "B3"
          ? `^B3N,N,${n(3)},${text},N`
          : type === "B2"
            ? `^B2N,${n(3)},${text},N,N`
            : `^${type}N,${n(3)},${text},N`;
      const fd = p[2] === '"EAN128"' ? `>;>8${data.replace(/\((\d+)\)/g, "$1")}` : data;
      fields.push(`^FO${n(0)},${n(1)}^BY${n(6)},3.0${head}^FD${fd}^FS`);
    } else if (cmd === "QRCODE" && n(5) !== 0)
      fields.push(turnedQr(n(0), n(1), p[2], n(3), n(5), quoted(line)));
    else if (cmd === "QRCODE") fields.push(`^FO${n(0)},${n(1)}^BQN,2,${n(3)}^FD${p[2]}A,${quoted(line)}^FS`);
    else if (cmd === "AZTEC") {
      // AZTEC x,y,rotate,size,ecp,flg,menu,multi,rev,"content"
      if (n(2) !== 0) throw new Error(`a turned AZTEC: ${line}`);
      fields.push(`^FO${n(0)},${n(1)}^BON,${n(3)},N,${n(4)}^FD${quoted(line)}^FS`);
    } else if (cmd === "PUTBMP") {
      const file = files.get(quoted(line));
      if (!file) throw new Error(`PUTBMP of a file not downloaded: ${line}`);
      const { wb, h, hex } = bmpGraphic(file);
      fields.push(`^FO${n(0)},${n(1)}^GFA,${wb * h},${wb * h},${wb},${hex}^FS`);
    } else if (cmd === "DMATRIX") {
      // optional c# (escape character's code, "~" by default), x# (module), r#, a#, rows, columns
      const opt = (k: string) =>
        p
          .slice(4, -1)
          .find((q) => q.startsWith(k))
          ?.slice(1);
      const e = String.fromCharCode(Number(opt("c") ?? 126));
      fields.push(`^FO${n(0)},${n(1)}^BXN,${opt("x")},200,,,,_^FD${dmToZpl(quoted(line), e)}^FS`);
    } else if (cmd === "TEXT" && files.has(p[2].replaceAll('"', "")) && /\.TTF"$/i.test(p[2])) {
      // a TrueType font: sizes in points, the top its ascent above the baseline; the text UTF-8
      const name = p[2].replaceAll('"', "");
      const file = files.get(name) as Buffer;
      const font = trueTypeOf(
        file.buffer.slice(file.byteOffset, file.byteOffset + file.length) as ArrayBuffer,
      );
      const size = (n(4) * dpi) / 72;
      const baseline = n(1) + Math.round((font.ascent / font.unitsPerEm) * size);
      const text = Buffer.from(quoted(line), "latin1").toString("utf8");
      const data = text.replace(/[\^~_]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase()}`);
      const em = Math.round(size);
      fields.push(`^FT${textX},${baseline}^A@N,${em},${em},R:${name}${textBlock}^CI28^FH^FD${data}^FS`);
      if (!fonts.has(name))
        fonts.set(
          name,
          `~DYR:${name.replace(/\.TTF$/i, "")},A,T,${file.length},,${file.toString("hex").toUpperCase()}\n`,
        );
    } else if (cmd === "TEXT") {
      // font "0" is scalable: its size in points
      const h = Math.round((n(4) / 72) * dpi);
      fields.push(`^FO${textX},${n(1)}^A0N,${h},${h}${textBlock}^FD${quoted(line)}^FS`);
    } else if (cmd === "PRINT") {
      formats.push(`^XA^PW${size.width}^LL${size.height}\n${fields.join("\n")}\n^XZ\n`);
      fields = [];
    }
  }
  return { fonts: [...fonts.values()], formats };
}
