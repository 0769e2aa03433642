// Public entry of the code encoders: (element kind, symbology code, data, options) → module description.
// Synchronous once the lazy encoder (bwip-js) a request needs has been loaded with `prepareCode`.

import { TIP } from "../i18n/tips";
import type { CodeRequest } from "../model/kinds/codeRequest";
import { bwipLoaded, loadBwip } from "./bwip";
import { canonicalBarcodeType, linearSymbology } from "./linear";
import { encodeMatrix, isGs1Matrix, matrixNeedsBwip } from "./matrix";
import type { CodeModules, LinearCode, MatrixCode } from "./types";
import { CodeError } from "./types";

export type { CodeRequest } from "../model/kinds/codeRequest";
export { canonicalBarcodeType, LINEAR_SYMBOLOGIES, linearSymbology } from "./linear";
export {
  HANXIN_MAX_VERSION,
  hanxinSide,
  isGs1Matrix,
  MATRIX_NAMES,
  normaliseEcLevel,
  QR_TYPES,
} from "./matrix";
export * from "./types";

// Han (CJK ideographs, extensions, compatibility) and CJK punctuation.
const CHINESE =
  /[\u2e80-\u2fdf\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef\u{20000}-\u{2fa1f}]/u;

export function containsChinese(s: string): boolean {
  return CHINESE.test(s);
}

/** Content rules that hold for every symbology of a kind (spec §5 "Barcode contents"). */
export function checkContent(req: CodeRequest): void {
  if (req.data === "") throw new CodeError(TIP.barcodeContentRequired);
  if (req.kind === "barcode" && containsChinese(req.data)) throw new CodeError("codes.error.chinese");
}

/** GS1-128 (barcode 26) and the GS1 2D types: content is a GS1 element string, built by the GS1 builder. */
export function isGs1Code(req: Pick<CodeRequest, "kind" | "type">): boolean {
  return req.kind === "barcode" ? canonicalBarcodeType(req.type) === 26 : isGs1Matrix(req.type);
}

export function needsLazyEncoder(req: CodeRequest): boolean {
  if (req.kind === "barcode") return linearSymbology(req.type)?.heavy ?? false;
  return matrixNeedsBwip(req.type);
}

/** Loads what `encodeCode` needs for this request (bwip-js for the heavy symbologies). */
export async function prepareCode(req: CodeRequest): Promise<void> {
  if (needsLazyEncoder(req) && !bwipLoaded()) await loadBwip();
}

export function isCodeReady(req: CodeRequest): boolean {
  return !needsLazyEncoder(req) || bwipLoaded();
}

const CACHE_MAX = 512;
const cache = new Map<string, CodeModules | CodeError>();

function cacheKey(req: CodeRequest): string {
  if (req.kind === "barcode") return `b${canonicalBarcodeType(req.type)}\u0000${req.data}`;
  const hole = req.centreHole ? "h" : "";
  return `q${req.type}${hole}\u0000${req.ecLevel ?? ""}\u0000${req.version ?? 0}\u0000${req.encoding ?? ""}\u0000${req.data}`;
}

function encodeUncached(req: CodeRequest): CodeModules {
  checkContent(req);
  if (req.kind === "barcode") {
    const sym = linearSymbology(req.type);
    if (!sym) throw new CodeError("codes.error.unknownType", { type: req.type });
    return sym.encode(req.data);
  }
  return encodeMatrix(req.type, req.data, req);
}

/** Encodes or throws a CodeError (message key, variables, encoder detail). Results are memoised. */
export function encodeCode(req: CodeRequest & { kind: "barcode" }): LinearCode;
export function encodeCode(req: CodeRequest & { kind: "qrcode" }): MatrixCode;
export function encodeCode(req: CodeRequest): CodeModules;
export function encodeCode(req: CodeRequest): CodeModules {
  const key = cacheKey(req);
  let hit = cache.get(key);
  if (hit === undefined) {
    try {
      hit = encodeUncached(req);
    } catch (e) {
      if (!(e instanceof CodeError)) throw e;
      // "not loaded yet" is not a property of the data: never remember it
      if (e.key === "codes.error.notLoaded") throw e;
      hit = e;
    }
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(key, hit);
  }
  if (hit instanceof CodeError) throw hit;
  return hit;
}

/** Fixed symbol lengths (with check digit) of EAN/UPC, used to pad or cut data in the error display. */
const RETAIL_LENGTH: Readonly<Record<number, number>> = { 6: 8, 7: 13, 8: 12, 9: 8 };

/** What a failed barcode shows as its text: EAN/UPC data padded with zeros or cut to length. */
export function errorDisplayText(type: number, data: string): string {
  const n = RETAIL_LENGTH[canonicalBarcodeType(type)];
  if (!n) return data;
  return data.length >= n ? data.slice(0, n) : data.padEnd(n, "0");
}
