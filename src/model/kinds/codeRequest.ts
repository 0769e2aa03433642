// What a code element asks the encoders (src/codes) for: symbology, data and, for 2D codes, the
// matrix options. The code kinds own it, so every path that encodes a code (render, ZPL reader,
// native printer marks, the editor's status) builds the same request from the same element.
import type { BarcodeElement, QRCodeElement } from "../types";
import { centreImageHref } from "./qrcode";

/** The options of a 2D code (src/codes/matrix). */
export interface MatrixOptions {
  /** as stored in ErrorCorrectionLevel; normalised per type */
  readonly ecLevel?: string;
  /** Han Xin version, 0 = auto */
  readonly version?: number;
  /** "UTF-8" (default) or "gb18030" (Han Xin only) */
  readonly encoding?: string;
  /** QR only: leave a centred square light for a centre image (error correction H, version ≥ 2) */
  readonly centreHole?: boolean;
}

export type CodeRequest =
  | { readonly kind: "barcode"; readonly type: number; readonly data: string }
  | ({ readonly kind: "qrcode"; readonly type: number; readonly data: string } & MatrixOptions);

/** A number field read defensively (a malformed file can carry NaN or strings for numbers). */
export function finite(v: unknown, fallback: number): number {
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? n : fallback;
}

export function codeRequest(el: BarcodeElement | QRCodeElement, value: string): CodeRequest {
  if (el.Type === "Barcode") return { kind: "barcode", type: finite(el.BarCodeType, 1), data: value };
  return {
    kind: "qrcode",
    type: finite(el.QrCodeType, 1),
    data: value,
    ecLevel:
      typeof el.ErrorCorrectionLevel === "string"
        ? el.ErrorCorrectionLevel
        : String(el.ErrorCorrectionLevel ?? ""),
    version: finite(el.HanxinVersion, 0),
    encoding: typeof el.Encoding === "string" ? el.Encoding : "UTF-8",
    ...(centreImageHref(el) ? { centreHole: true } : {}),
  };
}
