// Reads printer jobs back into images, independently of the encoders: TSPL BITMAP data (a 0 bit
// is a printed dot) and ZPL ^GFA hex with the compression scheme of the ZPL manual.

export interface Page {
  readonly width: number;
  readonly height: number;
  /** 1 = printed dot, row-major, one byte per dot */
  readonly dots: Uint8Array;
  readonly copies: number;
}

export interface TsplJob {
  readonly size: string;
  readonly gap: string;
  /** the printer-setting commands of the header (BLINE, DENSITY, SPEED, SET …, REFERENCE), as sent */
  readonly settings: string[];
  readonly pages: Page[];
}

function unpack(bytes: Uint8Array, bytesPerRow: number, height: number, invert: boolean): Uint8Array {
  const width = bytesPerRow * 8;
  const dots = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const bit = (bytes[y * bytesPerRow + (x >> 3)] >> (7 - (x & 7))) & 1;
      dots[y * width + x] = invert ? 1 - bit : bit;
    }
  return dots;
}

export function decodeTspl(job: Buffer): TsplJob {
  let pos = 0;
  let size = "";
  let gap = "";
  const settings: string[] = [];
  const pages: Page[] = [];
  let pending: { width: number; height: number; dots: Uint8Array } | null = null;
  const line = () => {
    const end = job.indexOf("\r\n", pos);
    const s = job.subarray(pos, end < 0 ? job.length : end).toString("latin1");
    pos = end < 0 ? job.length : end + 2;
    return s;
  };
  while (pos < job.length) {
    const start = pos;
    const head = job.subarray(start, start + 7).toString("latin1");
    if (head.startsWith("BITMAP ")) {
      const comma = [];
      let i = start;
      while (comma.length < 5) if (job[i++] === 0x2c) comma.push(i);
      const [x, y, wb, h, mode] = job
        .subarray(start + 7, i - 1)
        .toString("latin1")
        .split(",")
        .map(Number);
      if (x !== 0 || y !== 0 || mode !== 0) throw new Error("unexpected BITMAP position or mode");
      const data = job.subarray(i, i + wb * h);
      pending = { width: wb * 8, height: h, dots: unpack(data, wb, h, true) };
      pos = i + wb * h;
      if (line() !== "") throw new Error("BITMAP data length mismatch");
      continue;
    }
    const cmd = line();
    if (cmd.startsWith("SIZE ")) size = cmd.slice(5);
    else if (cmd.startsWith("GAP ")) gap = cmd.slice(4);
    else if (/^(BLINE|DENSITY|SPEED|SET|REFERENCE) /.test(cmd)) settings.push(cmd);
    else if (cmd.startsWith("PRINT ")) {
      const [, n] = cmd.slice(6).split(",").map(Number);
      // a bare PRINT prints the image the printer holds again (the print queue sends a page's
      // copies one by one): more copies of the page before
      const last = pages[pages.length - 1];
      if (!pending && last) pages[pages.length - 1] = { ...last, copies: last.copies + n };
      else if (!pending) throw new Error("PRINT without BITMAP");
      else pages.push({ ...pending, copies: n });
      pending = null;
    } else if (cmd === "CLS" || cmd.startsWith("DIRECTION") || cmd === "") continue;
    else throw new Error(`unknown TSPL command ${cmd.slice(0, 20)}`);
  }
  return { size, gap, settings, pages };
}

function countOf(ch: string): number {
  if (ch >= "G" && ch <= "Y") return ch.charCodeAt(0) - 70;
  if (ch >= "g" && ch <= "z") return (ch.charCodeAt(0) - 102) * 20;
  return 0;
}

/** Decompresses ZPL ASCII-hex graphic data into bytes. */
export function inflateZpl(data: string, bytesPerRow: number, rows: number): Uint8Array {
  const hexPerRow = bytesPerRow * 2;
  const out: string[] = [];
  let row = "";
  let repeat = 0;
  const endRow = () => {
    out.push(row.padEnd(hexPerRow, "0"));
    row = "";
  };
  for (const ch of data) {
    const c = countOf(ch);
    if (c) repeat += c;
    else if (ch === ",") {
      row = row.padEnd(hexPerRow, "0");
      endRow();
    } else if (ch === "!") {
      row = row.padEnd(hexPerRow, "F");
      endRow();
    } else if (ch === ":") {
      if (row) throw new Error("':' inside a row");
      out.push(out[out.length - 1]);
    } else if (/[0-9A-F]/.test(ch)) {
      row += ch.repeat(repeat || 1);
      repeat = 0;
      if (row.length >= hexPerRow) {
        if (row.length > hexPerRow) throw new Error("row overflow");
        endRow();
      }
    } else throw new Error(`bad ZPL graphic character ${ch}`);
  }
  if (row) endRow();
  if (out.length !== rows) throw new Error(`expected ${rows} rows, got ${out.length}`);
  return Uint8Array.from(Buffer.from(out.join(""), "hex"));
}

export function decodeZpl(job: Buffer): Page[] {
  const text = job.toString("latin1");
  const formats = text.split("^XZ").filter((s) => s.includes("^XA"));
  return formats.map((f) => {
    const pw = Number(/\^PW(\d+)/.exec(f)?.[1]);
    const ll = Number(/\^LL(\d+)/.exec(f)?.[1]);
    const gf = /\^GFA,(\d+),(\d+),(\d+),([^^]*)\^FS/.exec(f);
    if (!gf) throw new Error("no ^GFA");
    const [total, , perRow] = [Number(gf[1]), Number(gf[2]), Number(gf[3])];
    const rows = total / perRow;
    const bytes = inflateZpl(gf[4], perRow, rows);
    const copies = Number(/\^PQ(\d+)/.exec(f)?.[1] ?? 1);
    if (perRow * 8 !== pw || rows !== ll) throw new Error("^PW/^LL disagree with the graphic");
    return { width: pw, height: ll, dots: unpack(bytes, perRow, rows, false), copies };
  });
}

/** The page as RGBA (black dots on white) for zxing. */
export function toRgba(p: Page): { data: Uint8ClampedArray; width: number; height: number } {
  const data = new Uint8ClampedArray(p.width * p.height * 4);
  for (let i = 0; i < p.dots.length; i++) {
    const v = p.dots[i] ? 0 : 255;
    data.set([v, v, v, 255], i * 4);
  }
  return { data, width: p.width, height: p.height };
}

/** Bounding box of printed dots inside a rectangle (dots), or null when it is blank. */
export function inkBox(p: Page, x0 = 0, y0 = 0, x1 = p.width, y1 = p.height) {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -1;
  let maxY = -1;
  for (let y = Math.max(0, y0); y < Math.min(p.height, y1); y++)
    for (let x = Math.max(0, x0); x < Math.min(p.width, x1); x++)
      if (p.dots[y * p.width + x]) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
  return maxX < 0 ? null : { minX, minY, maxX, maxY };
}
