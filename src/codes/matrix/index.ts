// The 2D symbologies of the spec: QR 1 (the fast `qrcode` package), PDF417 2, DataMatrix 3,
// Aztec 4, Han Xin 5 (bwip-js, loaded lazily); and ours, from a GS1 element string "(01)…(10)…":
// GS1 DataMatrix 6 and GS1 QR 7 (bwip-js, FNC1 in first position), GS1 Digital Link QR 8 (a plain
// QR code of the Digital Link URI).
import QRCode from "qrcode";
import { TIP } from "../../i18n/tips";
import { takesQrLevels } from "../../model/file/qr";
import type { MatrixOptions } from "../../model/kinds/codeRequest";
import { bwipMatrix } from "../bwip";
import { digitalLinkUri, fnc1Input, humanReadable, readElementString } from "../gs1";
import type { MatrixCode } from "../types";
import { CodeError } from "../types";
import { withCentreHole } from "./centreHole";
import { toGb18030Binary } from "./gb18030";
import { bestMasked } from "./qrMask";

export type { MatrixOptions } from "../../model/kinds/codeRequest";

export const QR_TYPES = {
  QR: 1,
  PDF417: 2,
  DATAMATRIX: 3,
  AZTEC: 4,
  HANXIN: 5,
  GS1_DATAMATRIX: 6,
  GS1_QR: 7,
  GS1_DIGITAL_LINK: 8,
} as const;
export const MATRIX_NAMES: Readonly<Record<number, string>> = {
  1: "QR Code",
  2: "PDF417",
  3: "Data Matrix",
  4: "Aztec",
  5: "Han Xin",
  6: "GS1 DataMatrix",
  7: "GS1 QR Code",
  8: "GS1 Digital Link QR",
};
export const HANXIN_MAX_VERSION = 84;

const QR_LEGACY: Readonly<Record<string, "L" | "M" | "Q" | "H">> = {
  "7": "L",
  "15": "M",
  "25": "Q",
  "30": "H",
};

/** Error correction as the encoder wants it; unknown values fall back to the type's default. */
export function normaliseEcLevel(type: number, level: string | undefined): string {
  const v = String(level ?? "")
    .trim()
    .toUpperCase();
  if (takesQrLevels(type)) return QR_LEGACY[v] ?? (["L", "M", "Q", "H"].includes(v) ? v : "M");
  switch (type) {
    case 2:
      return /^[0-7]$/.test(v) ? v : "1";
    case 5:
      return /^L[1-4]$/.test(v) ? v : "L1";
    case 4:
      return "23";
    default:
      return "";
  }
}

/** Han Xin side in modules for a version (spec: 23 + 2(n−1)). */
export function hanxinSide(version: number): number {
  return 23 + 2 * (version - 1);
}

/**
 * One segment in the densest single mode that fits. The package's own mixed-mode optimiser (a
 * shortest-path search over every split) costs about three times the rest of the encoding.
 */
function qrSegments(data: string): QRCode.QRCodeSegment[] {
  if (/^[0-9]+$/.test(data)) return [{ data, mode: "numeric" }];
  if (/^[0-9A-Z $%*+\-./:]+$/.test(data)) return [{ data, mode: "alphanumeric" }];
  return [{ data: new TextEncoder().encode(data), mode: "byte" }];
}

function qrCreate(data: string, ec: string, version?: number): QRCode.QRCode {
  try {
    return QRCode.create(qrSegments(data), {
      errorCorrectionLevel: ec as QRCode.QRCodeErrorCorrectionLevel,
      maskPattern: 0 as QRCode.QRCodeMaskPattern,
      ...(version ? { version } : {}),
    });
  } catch (e) {
    throw new CodeError(TIP.codeFailed, {}, e instanceof Error ? e.message : String(e));
  }
}

function qr(data: string, ec: string, hole: boolean): MatrixCode {
  // a centre image needs every spare codeword: H, and version 2 at least (on version 1 the centre
  // square would reach the format information next to the finder patterns)
  const level = hole ? "H" : ec;
  let q = qrCreate(data, level);
  if (hole && q.version < 2) q = qrCreate(data, level, 2);
  const size = q.modules.size;
  const reserved = (q.modules as unknown as { reservedBit: Uint8Array }).reservedBit;
  const bits = bestMasked(q.modules.data, reserved, size, level);
  const code: MatrixCode = { dim: 2, cols: size, rows: size, bits, aspect: 1, quiet: 4, text: data };
  return hole ? withCentreHole(code) : code;
}

function fromBwip(bcid: string, data: string, opts: Record<string, unknown>, quiet: number): MatrixCode {
  const r = bwipMatrix(bcid, data, opts);
  const rows = r.pixs.length / r.pixx;
  return {
    dim: 2,
    cols: r.pixx,
    rows,
    bits: Uint8Array.from(r.pixs),
    aspect: r.pixy / rows,
    quiet,
    text: data,
  };
}

export function encodeMatrix(type: number, data: string, opts: MatrixOptions = {}): MatrixCode {
  const ec = normaliseEcLevel(type, opts.ecLevel);
  switch (type) {
    case 1:
      return qr(data, ec, opts.centreHole === true);
    case 2:
      return fromBwip("pdf417", data, { eclevel: Number(ec) }, 2);
    case 3:
      return fromBwip("datamatrix", data, {}, 1);
    case 4:
      return fromBwip("azteccode", data, { eclevel: 23 }, 0);
    case 5: {
      const version = Math.trunc(opts.version ?? 0);
      if (version < 0 || version > HANXIN_MAX_VERSION) throw new CodeError("codes.error.hanxinVersion");
      const gb = (opts.encoding ?? "").toLowerCase() === "gb18030";
      const text = gb ? toGb18030Binary(data) : data;
      const o: Record<string, unknown> = { eclevel: ec };
      if (version > 0) o.version = version;
      if (gb) o.binarytext = true;
      return { ...fromBwip("hanxin", text, o, 3), text: data };
    }
    case 6:
    case 7: {
      // the AIs are checked here, with our translated rules, before bwip-js sees them
      const list = readElementString(data);
      const bcid = type === 6 ? "datamatrix" : "qrcode";
      const o = type === 6 ? { parsefnc: true } : { parsefnc: true, eclevel: ec };
      return { ...fromBwip(bcid, fnc1Input(list), o, type === 6 ? 1 : 4), text: humanReadable(list) };
    }
    case 8: {
      const list = readElementString(data);
      return { ...qr(digitalLinkUri(list), ec, false), text: humanReadable(list) };
    }
    default:
      throw new CodeError("codes.error.unknownType", { type });
  }
}

/** The 2D types whose content is a GS1 element string "(01)…(10)…". */
export function isGs1Matrix(type: number): boolean {
  return type === QR_TYPES.GS1_DATAMATRIX || type === QR_TYPES.GS1_QR || type === QR_TYPES.GS1_DIGITAL_LINK;
}

export function matrixNeedsBwip(type: number): boolean {
  return type !== 1 && type !== 8;
}
