// TSPL's pictures as ZPL graphic fields: a BITMAP (a 0 bit prints a dot) and a 1-bit BMP file that
// PUTBMP draws (which palette index prints, its palette says). Both → `^FOx,y^GFA` of 1 = black.

const HEX = "0123456789ABCDEF";

function gfa(x: number, y: number, wb: number, h: number, rows: Uint8Array): string {
  let hex = "";
  for (const b of rows) hex += HEX[b >> 4] + HEX[b & 15];
  return `^FO${x},${y}^GFA,${wb * h},${wb * h},${wb},${hex}^FS`;
}

/** `BITMAP x,y,width,height,mode,data`: its bytes turned round (a TSPL 0 bit prints, a ZPL 1 bit). */
export function bitmapField(x: number, y: number, wb: number, h: number, data: Uint8Array): string {
  return gfa(
    x,
    y,
    wb,
    h,
    data.map((b) => ~b & 0xff),
  );
}

/** A 1-bit BMP at (x,y) as ^GFA; throws when the file is no 1-bit BMP or is cut short. */
export function bmpField(x: number, y: number, bmp: Uint8Array): string {
  const v = new DataView(bmp.buffer, bmp.byteOffset, bmp.byteLength);
  if (bmp[0] !== 0x42 || bmp[1] !== 0x4d || v.getUint16(28, true) !== 1) throw new Error("not a 1-bit BMP");
  const offset = v.getUint32(10, true);
  const width = v.getInt32(18, true);
  const height = v.getInt32(22, true);
  const h = Math.abs(height);
  const wb = Math.ceil(width / 8);
  const stride = Math.ceil(wb / 4) * 4;
  if (width <= 0 || offset + stride * h > bmp.length) throw new Error("a BMP cut short");
  // a palette entry is dark below half brightness: that index prints
  const palette = 14 + v.getUint32(14, true);
  const zeroPrints = bmp[palette] + bmp[palette + 1] + bmp[palette + 2] < 384;
  const rows = new Uint8Array(wb * h);
  for (let y = 0; y < h; y++) {
    const row = offset + (height > 0 ? h - 1 - y : y) * stride;
    for (let x = 0; x < wb; x++) {
      let b = zeroPrints ? ~bmp[row + x] & 0xff : bmp[row + x];
      // dots past the width never print
      if (x === wb - 1 && width % 8) b &= (0xff << (8 - (width % 8))) & 0xff;
      rows[y * wb + x] = b;
    }
  }
  return gfa(x, y, wb, h, rows);
}

/** A QR code's modules (`bits`, n × n) turned `turn`° clockwise about (x,y), `cell` dots each, as ^GFA. */
export function turnedModules(
  x: number,
  y: number,
  bits: ArrayLike<number | boolean>,
  n: number,
  cell: number,
  turn: number,
): string {
  const side = n * cell;
  const wb = Math.ceil(side / 8);
  const rows = new Uint8Array(wb * side);
  for (let v = 0; v < n; v++)
    for (let u = 0; u < n; u++) {
      if (!bits[v * n + u]) continue;
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
  // the turn about (x,y) moves the square: at 90° it lies left of x, at 180° left and above, at 270° above
  const left = turn === 90 || turn === 180 ? x - side : x;
  const top = turn === 180 || turn === 270 ? y - side : y;
  return gfa(left, top, wb, side, rows);
}
