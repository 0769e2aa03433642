// The QR centre image (spec §9: "QR centre mirror image 30 % of the shorter side"). The image covers
// a centred square of whole modules, about 30 % of the symbol's side; those modules are left light so
// the picture sits on a clean field and its edges fall on module edges, also after dot snapping. The
// covered modules are data (error correction H recovers them): on version 2 and above the square
// stays clear of the finder patterns, separators, timing patterns and format information.
import type { MatrixCode } from "../types";

/** Share of the symbol's side the centre image takes. */
export const CENTRE_IMAGE_SHARE = 0.3;

/** Side of the centre square in modules: the odd number nearest 30 % of an odd side (so it is centred). */
export function centreHoleSize(side: number): number {
  const k = 2 * Math.round((side * CENTRE_IMAGE_SHARE - 1) / 2) + 1;
  return Math.max(1, Math.min(side, side % 2 === 1 ? k : k + 1));
}

/** The code with the centre square cleared, and where it is. */
export function withCentreHole(code: MatrixCode): MatrixCode {
  const side = Math.min(code.cols, code.rows);
  const size = centreHoleSize(side);
  const x = Math.floor((code.cols - size) / 2);
  const y = Math.floor((code.rows - size) / 2);
  const bits = code.bits.slice();
  for (let r = y; r < y + size; r++) bits.fill(0, r * code.cols + x, r * code.cols + x + size);
  return { ...code, bits, hole: { x, y, size } };
}
