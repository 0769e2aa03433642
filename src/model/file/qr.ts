// 2D-code settings whose valid values depend on the symbology (spec §3 "Barcode and QRcode").

const QR_LEGACY: Readonly<Record<string, string>> = { "7": "L", "15": "M", "25": "Q", "30": "H" };
const QR_NUMERIC: Readonly<Record<string, string>> = { L: "7", M: "15", Q: "25", H: "30" };

/** The QR symbologies, which take QR's levels L/M/Q/H: QR 1, GS1 QR 7, GS1 Digital Link QR 8. */
export function takesQrLevels(qrType: number): boolean {
  return qrType === 1 || qrType === 7 || qrType === 8;
}

/** As written: a QR code's level in the exported record's numbers (L 7, M 15, Q 25, H 30). */
export function writeQrCorrection(qrType: number, level: string): string {
  return takesQrLevels(qrType) ? (QR_NUMERIC[level] ?? level) : level;
}

/**
 * Default error correction per QrCodeType (1 QR, 2 PDF417, 3 DataMatrix, 4 Aztec, 5 Han Xin,
 * 6 GS1 DataMatrix, 7 GS1 QR, 8 GS1 Digital Link QR).
 */
export const QR_CORRECTION_DEFAULT: Readonly<Record<number, string>> = {
  1: "M",
  2: "1",
  3: "M",
  4: "23",
  5: "L1",
  6: "M",
  7: "M",
  8: "M",
};

/**
 * QR takes L/M/Q/H (legacy numbers 7/15/25/30 map to them), PDF417 "0".."7", Han Xin L1..L4,
 * Aztec a percentage; DataMatrix has no level and keeps whatever short token it had.
 */
export function readQrCorrection(qrType: number, raw: string | undefined): string {
  const fallback = QR_CORRECTION_DEFAULT[qrType] ?? "M";
  if (raw === undefined) return fallback;
  const s = raw.trim().toUpperCase();
  if (takesQrLevels(qrType)) return ["L", "M", "Q", "H"].includes(s) ? s : (QR_LEGACY[s] ?? fallback);
  switch (qrType) {
    case 2:
      return /^[0-7]$/.test(s) ? s : fallback;
    case 5:
      return /^L[1-4]$/.test(s) ? s : fallback;
    case 4:
      return /^\d{1,2}$/.test(s) && Number(s) >= 5 && Number(s) <= 95 ? s : fallback;
    default:
      return /^[A-Z0-9]{0,8}$/.test(s) ? raw.trim() : fallback;
  }
}

/** UTF-8 (default) or gb18030, in the spelling the model uses. */
export function readQrEncoding(raw: string | undefined): string {
  const s = raw?.trim().toLowerCase();
  if (s === "gb18030") return "gb18030";
  return "UTF-8";
}
