// Number check and decimal formatting for spreadsheet columns (label-editor.md §3 DataType, §5).
// Arithmetic is done on the decimal text itself, so "1.005" at 2 places gives "1.01" (as Excel does)
// and long numbers keep every digit; no binary floating point rounding is involved.

/** The spec's number check: optional sign, digits, optional decimal part, optional exponent. */
const NUMBER_TEXT = /^[+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

export function isNumberText(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value);
  return typeof value === "string" && NUMBER_TEXT.test(value.trim());
}

/** A decimal as sign + integer digits + fraction digits, without exponent or leading zeros. */
export interface Decimal {
  readonly negative: boolean;
  readonly int: string;
  readonly frac: string;
}

/** Parses number text (already checked with isNumberText); shift moves the decimal point (×10^shift). */
export function parseDecimal(text: string, shift = 0): Decimal {
  const s = text.trim();
  const negative = s[0] === "-";
  const body = s[0] === "-" || s[0] === "+" ? s.slice(1) : s;
  const e = body.search(/[eE]/);
  const mantissa = e < 0 ? body : body.slice(0, e);
  const exp = (e < 0 ? 0 : Number(body.slice(e + 1))) + shift;
  const dot = mantissa.indexOf(".");
  let int = dot < 0 ? mantissa : mantissa.slice(0, dot);
  let frac = dot < 0 ? "" : mantissa.slice(dot + 1);
  if (exp > 0) {
    const take = frac.slice(0, exp).padEnd(exp, "0");
    int += take;
    frac = frac.slice(exp);
  } else if (exp < 0) {
    const n = -exp;
    const padded = int.padStart(n + 1, "0");
    frac = padded.slice(padded.length - n) + frac;
    int = padded.slice(0, padded.length - n);
  }
  int = int.replace(/^0+(?=\d)/, "");
  return { negative, int: int || "0", frac };
}

/** Rounds half away from zero to `places` fraction digits. */
export function roundDecimal(d: Decimal, places: number): Decimal {
  if (d.frac.length <= places) return { ...d, frac: d.frac.padEnd(places, "0") };
  const keep = d.int + d.frac.slice(0, places);
  const up = d.frac.charCodeAt(places) >= 53; // "5"
  let digits = keep;
  if (up) {
    const arr = keep.split("");
    let i = arr.length - 1;
    while (i >= 0) {
      if (arr[i] === "9") {
        arr[i] = "0";
        i--;
      } else {
        arr[i] = String(Number(arr[i]) + 1);
        break;
      }
    }
    digits = (i < 0 ? "1" : "") + arr.join("");
  }
  const intLen = digits.length - places;
  return { negative: d.negative, int: digits.slice(0, intLen) || "0", frac: digits.slice(intLen) };
}

function isZero(d: Decimal): boolean {
  return /^0*$/.test(d.int) && /^0*$/.test(d.frac);
}

export interface DecimalStyle {
  /** -1 keeps the digits the value has; 0..10 rounds to that many places */
  precision: number;
  /** drop trailing zeros of the fraction (and a bare point) */
  removeZero?: boolean;
  /** group the integer digits by three with commas */
  group?: boolean;
}

export function formatDecimal(d0: Decimal, style: DecimalStyle): string {
  const p = Math.trunc(style.precision);
  let d = p >= 0 ? roundDecimal(d0, Math.min(p, 10)) : d0;
  if (style.removeZero) d = { ...d, frac: d.frac.replace(/0+$/, "") };
  const int = style.group ? d.int.replace(/\B(?=(\d{3})+(?!\d))/g, ",") : d.int;
  const sign = d.negative && !isZero(d) ? "-" : "";
  return sign + int + (d.frac ? `.${d.frac}` : "");
}

function toText(value: string | number): string {
  return typeof value === "number" ? String(value) : value;
}

// Spreadsheet text of an Excel-formatted number: thousands separators, a leading currency sign, a
// trailing percent sign ("¥1,234.50", "-12.5%"). Only digit groups of exactly three count as separators.
const FORMATTED = /^([+-]?)\s*[¥$£€]?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*(%?)$/;

/**
 * The plain number text behind a cell: the text itself when it passes the number check, else the number
 * an Excel-formatted text shows ("1,234.50" → "1234.50", "12.5%" → "0.125"); null when it is no number.
 */
export function numberTextOf(value: string | number): string | null {
  if (isNumberText(value)) return toText(value).trim();
  if (typeof value !== "string") return null;
  const m = FORMATTED.exec(value.trim());
  if (!m) return null;
  const plain = `${m[1] === "-" ? "-" : ""}${m[2].replace(/,/g, "")}${m[3] ?? ""}`;
  if (!m[4]) return plain;
  const d = parseDecimal(plain, -2);
  return `${d.negative ? "-" : ""}${d.int}${d.frac ? `.${d.frac}` : ""}`;
}

/** DataType 1: a number with precision and remove-zeros; text that fails the number check is kept. */
export function formatNumber(value: string | number, precision: number, removeZero: boolean): string {
  const n = numberTextOf(value);
  return n === null ? toText(value) : formatDecimal(parseDecimal(n), { precision, removeZero });
}

/** DataType 3: the value times 100 with a percent sign ("0.125" → "12.5%"). */
export function formatPercent(value: string | number, precision: number, removeZero: boolean): string {
  const n = numberTextOf(value);
  return n === null ? toText(value) : `${formatDecimal(parseDecimal(n, 2), { precision, removeZero })}%`;
}

/** DataType 2: symbol, thousands separators and precision ("-1234.5" → "-¥1,234.50" at 2 places). */
export function formatCurrency(value: string | number, precision: number, symbol: string): string {
  const n = numberTextOf(value);
  if (n === null) return toText(value);
  const s = formatDecimal(parseDecimal(n), { precision, group: true });
  return s.startsWith("-") ? `-${symbol}${s.slice(1)}` : symbol + s;
}
