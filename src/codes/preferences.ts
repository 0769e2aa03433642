// Saved code preferences in local storage (spec §3 "Browser storage keys"): the type and number
// position new codes start with, and the last error correction level. Values read back are checked,
// so a hand-edited or hostile storage entry falls back to the default instead of breaking the editor.
import { canonicalBarcodeType, linearSymbology } from "./linear";
import { normaliseEcLevel } from "./matrix";

export interface CodePreferences {
  readonly BarCodeType: number;
  readonly BarcodeNumPosition: 0 | 1 | 2;
  readonly QRCodeType: number;
  readonly QRCodeNumPosition: 0 | 1 | 2;
  /** error correction of the last 2D code edited, as stored in ErrorCorrectionLevel ("" = none yet) */
  readonly eclevel: string;
}

export const DEFAULT_CODE_PREFERENCES: CodePreferences = {
  BarCodeType: 1,
  BarcodeNumPosition: 1,
  QRCodeType: 1,
  QRCodeNumPosition: 0,
  eclevel: "",
};

type StorageLike = Pick<Storage, "getItem" | "setItem">;

const position = (v: string | null, d: 0 | 1 | 2): 0 | 1 | 2 =>
  v === "0" || v === "1" || v === "2" ? (Number(v) as 0 | 1 | 2) : d;

export function readCodePreferences(storage: StorageLike): CodePreferences {
  const get = (k: keyof CodePreferences) => {
    try {
      return storage.getItem(k);
    } catch {
      return null;
    }
  };
  const bar = Number(get("BarCodeType"));
  const qr = Number(get("QRCodeType"));
  const qrType = Number.isInteger(qr) && qr >= 1 && qr <= 5 ? qr : DEFAULT_CODE_PREFERENCES.QRCodeType;
  const ec = get("eclevel") ?? "";
  return {
    BarCodeType:
      Number.isInteger(bar) && linearSymbology(bar)
        ? canonicalBarcodeType(bar)
        : DEFAULT_CODE_PREFERENCES.BarCodeType,
    BarcodeNumPosition: position(get("BarcodeNumPosition"), DEFAULT_CODE_PREFERENCES.BarcodeNumPosition),
    QRCodeType: qrType,
    QRCodeNumPosition: position(get("QRCodeNumPosition"), DEFAULT_CODE_PREFERENCES.QRCodeNumPosition),
    eclevel: ec ? normaliseEcLevel(qrType, ec) : "",
  };
}

export function writeCodePreferences(storage: StorageLike, prefs: Partial<CodePreferences>): void {
  for (const [k, v] of Object.entries(prefs)) {
    if (v === undefined || !(k in DEFAULT_CODE_PREFERENCES)) continue;
    try {
      storage.setItem(k, String(v));
    } catch {
      // storage full or disabled: preferences are a convenience, never an error
    }
  }
}
