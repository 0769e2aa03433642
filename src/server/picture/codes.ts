// Codes in the straightened label (zxing-wasm, every format it reads) → the symbology codes of the
// spec (§9 "Barcode symbology codes", "2D codes") with data and box in picture pixels.
import type { Pixels } from "../../export/pdf/png";
import type { Gray } from "./pixels";
import { decode } from "./zxing";

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface FoundCode {
  readonly kind: "barcode" | "2d";
  /** BarCodeType for a barcode, QrCodeType for a 2D code */
  readonly type: number;
  readonly data: string;
  /** the bars or modules, in picture pixels */
  readonly box: Box;
}

/** zxing format → spec symbology code (1D). ITF of 14 digits is ITF-14. */
const LINEAR: Readonly<Record<string, number>> = {
  Code128: 1,
  Code39: 2,
  Code39Ext: 14,
  Code93: 3,
  Codabar: 4,
  ITF: 5,
  EAN8: 6,
  EAN13: 7,
  UPCA: 8,
  UPCE: 9,
  TelepenAlpha: 27,
  Telepen: 27,
};
const MATRIX: Readonly<Record<string, number>> = {
  QRCode: 1,
  MicroQRCode: 1,
  PDF417: 2,
  CompactPDF417: 2,
  DataMatrix: 3,
  Aztec: 4,
  AztecRune: 4,
  HanXin: 5,
};

/** The spec's code for a zxing result, or null when the label model has no such symbology. */
export function symbologyOf(format: string, text: string, symbologyId = ""): FoundCode["type"] | null {
  if (format === "ITF" && /^\d{14}$/.test(text)) return 28;
  if (format === "Code128" && symbologyId === "]C1") return 26;
  return LINEAR[format] ?? MATRIX[format] ?? null;
}

/** Rows above and below a 1D code's scan line that still cross its bars. */
function barsExtent(ink: Gray, x0: number, x1: number, y: number): [number, number] {
  const crosses = (row: number) => {
    if (row < 0 || row >= ink.height) return false;
    let dark = 0;
    let edges = 0;
    let prev = 0;
    for (let x = x0; x <= x1; x++) {
      const d = ink.data[row * ink.width + x] < 128 ? 1 : 0;
      dark += d;
      if (d !== prev) edges++;
      prev = d;
    }
    const n = x1 - x0 + 1;
    return dark > n * 0.2 && dark < n * 0.85 && edges >= 12;
  };
  let top = y;
  let bottom = y;
  while (crosses(top - 1)) top--;
  while (crosses(bottom + 1)) bottom++;
  return [top, bottom + 1];
}

/** Every code zxing finds in the picture; `bw` is the thresholded picture (for the bars' height). */
export async function findCodes(rgba: Pixels, bw: Gray): Promise<FoundCode[]> {
  const results = await decode(rgba, { maxNumberOfSymbols: 32, tryRotate: true, textMode: "HRI" });
  const out: FoundCode[] = [];
  for (const r of results) {
    if (!r.isValid) continue;
    const type = symbologyOf(r.format, r.text, r.symbologyIdentifier);
    if (type === null) continue;
    const p = r.position;
    const xs = [p.topLeft.x, p.topRight.x, p.bottomLeft.x, p.bottomRight.x];
    const ys = [p.topLeft.y, p.topRight.y, p.bottomLeft.y, p.bottomRight.y];
    const x0 = Math.max(0, Math.floor(Math.min(...xs)));
    const x1 = Math.min(bw.width - 1, Math.ceil(Math.max(...xs)));
    let y0 = Math.max(0, Math.floor(Math.min(...ys)));
    let y1 = Math.min(bw.height, Math.ceil(Math.max(...ys)) + 1);
    const linear = MATRIX[r.format] === undefined;
    if (linear) [y0, y1] = barsExtent(bw, x0, x1, Math.round((y0 + y1) / 2));
    out.push({
      kind: linear ? "barcode" : "2d",
      type,
      // HRI text: GS1 keeps its (AI) parentheses, as the model stores it
      data: r.text,
      box: { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 },
    });
  }
  return out;
}
