// The 1D symbologies of the spec (label-editor.md §3), by BarCodeType code.

import { bwipLinear } from "../bwip";
import { expandUpcE, gs1CheckDigit, upcECheckDigit } from "../checkDigits";
import { fnc1Input, humanReadable, readElementString } from "../gs1";
import type { Bar, HriGroup, LinearCode } from "../types";
import { CodeError } from "../types";
import { barsFromBinary, barsFromWidths } from "./bars";
import { jsbarcode } from "./jsbarcode";
import { encodeCode11, encodeCode25, encodePostnet } from "./simple";

export interface LinearSymbology {
  readonly code: number;
  readonly name: string;
  /** needs bwip-js (loaded lazily) */
  readonly heavy: boolean;
  /** data a new code of this type starts with */
  readonly defaultData: string;
  readonly encode: (data: string) => LinearCode;
}

const Q10: [number, number] = [10, 10];

function plain(bits: string, text: string, quiet: [number, number] = Q10): LinearCode {
  return { dim: 1, width: bits.length, bars: barsFromBinary(bits), quiet, text };
}

function fromWidths(sbs: readonly number[], text: string, quiet: [number, number] = Q10): LinearCode {
  const { bars, width } = barsFromWidths(sbs);
  return { dim: 1, width, bars, quiet, text };
}

/** Accepts `n` digits (check digit computed) or n+1 digits with a correct check digit. */
function withCheck(data: string, n: number, check: (body: string) => string): string {
  if (new RegExp(`^\\d{${n}}$`).test(data)) return data + check(data);
  if (new RegExp(`^\\d{${n + 1}}$`).test(data)) {
    const body = data.slice(0, n);
    if (check(body) === data[n]) return data;
    throw new CodeError("codes.error.checkDigit", { digit: check(body) });
  }
  throw new CodeError("codes.error.needDigits", { count: n });
}

/** EAN/UPC: marks guard bars (which extend into the text band) and places the digit groups. */
function retail(
  bits: string,
  guardRanges: [number, number][],
  groups: HriGroup[],
  quiet: [number, number],
  text: string,
) {
  const bars: Bar[] = barsFromBinary(bits);
  const guards: number[] = [];
  bars.forEach((b, i) => {
    if (guardRanges.some(([a, z]) => b.x >= a && b.x < z)) guards.push(i);
  });
  const code: LinearCode = { dim: 1, width: bits.length, bars, quiet, text, groups, guards };
  return code;
}

function ean13(data: string): LinearCode {
  const full = withCheck(data, 12, gs1CheckDigit);
  const { data: bits } = jsbarcode("EAN13", full, "EAN-13");
  const groups = [
    { text: full[0], x0: -9, x1: -2 },
    { text: full.slice(1, 7), x0: 3, x1: 45 },
    { text: full.slice(7), x0: 50, x1: 92 },
  ];
  return retail(
    bits,
    [
      [0, 3],
      [45, 50],
      [92, 95],
    ],
    groups,
    [11, 7],
    full,
  );
}

function ean8(data: string): LinearCode {
  const full = withCheck(data, 7, gs1CheckDigit);
  const { data: bits } = jsbarcode("EAN8", full, "EAN-8");
  const groups = [
    { text: full.slice(0, 4), x0: 3, x1: 31 },
    { text: full.slice(4), x0: 36, x1: 64 },
  ];
  return retail(
    bits,
    [
      [0, 3],
      [31, 36],
      [64, 67],
    ],
    groups,
    [7, 7],
    full,
  );
}

function upcA(data: string): LinearCode {
  const full = withCheck(data, 11, gs1CheckDigit);
  const { data: bits } = jsbarcode("UPC", full, "UPC-A");
  const groups = [
    { text: full[0], x0: -8, x1: -2 },
    { text: full.slice(1, 6), x0: 10, x1: 45 },
    { text: full.slice(6, 11), x0: 50, x1: 85 },
    { text: full[11], x0: 97, x1: 103 },
  ];
  return retail(
    bits,
    [
      [0, 10],
      [45, 50],
      [85, 95],
    ],
    groups,
    [9, 9],
    full,
  );
}

function upcE(data: string): LinearCode {
  if (/^\d{7,8}$/.test(data) && data[0] !== "0" && data[0] !== "1")
    throw new CodeError("codes.error.upceSystem");
  const full = withCheck(data, 7, upcECheckDigit);
  expandUpcE(full.slice(0, 7));
  const { data: bits } = jsbarcode("UPCE", full, "UPC-E");
  const groups = [
    { text: full[0], x0: -8, x1: -2 },
    { text: full.slice(1, 7), x0: 3, x1: 45 },
    { text: full[7], x0: 53, x1: 59 },
  ];
  return retail(
    bits,
    [
      [0, 3],
      [45, 51],
    ],
    groups,
    [9, 7],
    full,
  );
}

function itf(data: string): LinearCode {
  if (!/^\d+$/.test(data)) throw new CodeError("codes.error.digitsOnly", { name: "Interleaved 2 of 5" });
  const even = data.length % 2 ? `0${data}` : data;
  const { data: bits } = jsbarcode("ITF", even, "Interleaved 2 of 5");
  return plain(bits, even);
}

function itf14(data: string): LinearCode {
  const full = withCheck(data, 13, gs1CheckDigit);
  const { data: bits } = jsbarcode("ITF", full, "ITF-14");
  return plain(bits, full);
}

function code128(data: string): LinearCode {
  const e = jsbarcode("CODE128", data, "Code 128");
  return plain(e.data, data);
}

function code93(data: string): LinearCode {
  const basic = /^[0-9A-Z\-. $/+%]+$/.test(data);
  const e = jsbarcode(basic ? "CODE93" : "CODE93FullASCII", data, "Code 93");
  return plain(e.data, data);
}

/** Codabar at a 3:1 wide-to-narrow ratio: JsBarcode draws 2:1, the least the standard allows, which
 * loses too much to the rounding of a 203 dpi head. */
function codabar(data: string): LinearCode {
  const e = jsbarcode("codabar", data.toUpperCase(), "Codabar");
  const widths = (e.data.match(/1+|0+/g) ?? []).map((run) => (run.length === 2 ? 3 : run.length));
  return fromWidths(widths, data.toUpperCase());
}

function simple(f: (d: string) => { bars: Bar[]; width: number; text: string }) {
  return (data: string): LinearCode => {
    const r = f(data);
    return { dim: 1, width: r.width, bars: r.bars, quiet: Q10, text: r.text };
  };
}

const bwip =
  (bcid: string, opts: Record<string, unknown> = {}) =>
  (data: string) =>
    fromWidths(bwipLinear(bcid, data, opts).sbs, data);

/**
 * GS1-128 from the element string "(01)…(10)…": checked by the GS1 model (translated rules naming
 * the AI), then drawn as Code 128 with FNC1 first and as separator; the text shows the AIs in brackets.
 */
function gs1128(data: string): LinearCode {
  if (!data.startsWith("(")) throw new CodeError("codes.error.gs1Format");
  const list = readElementString(data);
  return fromWidths(bwipLinear("code128", fnc1Input(list), { parsefnc: true }).sbs, humanReadable(list));
}

const LIST: LinearSymbology[] = [
  { code: 1, name: "Code 128", heavy: false, defaultData: "123456789012", encode: code128 },
  {
    code: 2,
    name: "Code 39",
    heavy: false,
    defaultData: "CODE39",
    encode: (d) => plain(jsbarcode("CODE39", d, "Code 39").data, d.toUpperCase()),
  },
  { code: 3, name: "Code 93", heavy: false, defaultData: "CODE93", encode: code93 },
  { code: 4, name: "Codabar", heavy: false, defaultData: "A123456B", encode: codabar },
  { code: 5, name: "Interleaved 2 of 5", heavy: false, defaultData: "12345670", encode: itf },
  { code: 6, name: "EAN-8", heavy: false, defaultData: "1234567", encode: ean8 },
  { code: 7, name: "EAN-13", heavy: false, defaultData: "690123456789", encode: ean13 },
  { code: 8, name: "UPC-A", heavy: false, defaultData: "12345678901", encode: upcA },
  { code: 9, name: "UPC-E", heavy: false, defaultData: "0123456", encode: upcE },
  {
    code: 14,
    name: "Code 39 Extended",
    heavy: true,
    defaultData: "Code39",
    encode: bwip("code39ext"),
  },
  { code: 18, name: "POSTNET", heavy: false, defaultData: "12345", encode: simple(encodePostnet) },
  { code: 20, name: "Code 11", heavy: false, defaultData: "123-45", encode: simple(encodeCode11) },
  {
    code: 21,
    name: "MSI",
    heavy: false,
    defaultData: "123456",
    encode: (d) => {
      const e = jsbarcode("MSI10", d, "MSI");
      return plain(e.data, e.text ?? d);
    },
  },
  { code: 23, name: "Code 25", heavy: false, defaultData: "123456", encode: simple(encodeCode25) },
  {
    code: 25,
    name: "Pharmacode",
    heavy: false,
    defaultData: "1234",
    encode: (d) => plain(jsbarcode("pharmacode", d, "Pharmacode").data, d, [6, 6]),
  },
  { code: 26, name: "GS1-128", heavy: true, defaultData: "(01)12345678901231", encode: gs1128 },
  { code: 27, name: "Telepen", heavy: true, defaultData: "Telepen", encode: bwip("telepen") },
  { code: 28, name: "ITF-14", heavy: false, defaultData: "1234567890123", encode: itf14 },
];

const BY_CODE = new Map<number, LinearSymbology>(LIST.map((s) => [s.code, s]));

/** Spec: types 10, 11 and 12 are Code 128 as well. */
export function canonicalBarcodeType(type: number): number {
  return type === 10 || type === 11 || type === 12 ? 1 : type;
}

export function linearSymbology(type: number): LinearSymbology | undefined {
  return BY_CODE.get(canonicalBarcodeType(type));
}

export const LINEAR_SYMBOLOGIES: readonly LinearSymbology[] = LIST;
