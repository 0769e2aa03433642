// Values of the formula language and the conversions between them. Text is what names give and
// what a formula finally shows; numbers, true/false, dates and durations live only inside a formula.
import { formatDate, parseDateText, type Region } from "../dateFormat";
import { DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT } from "../timeFormats";
import { FORMULA_LIMITS, FormulaError } from "./errors";

/** A date or date-time (local wall time); `time` says whether it shows its time of day. */
export interface DateValue {
  readonly kind: "date";
  readonly d: Date;
  readonly time: boolean;
}

/** `30 days`, `2 months`, `3 hours`: calendar parts are added on the calendar, the rest exactly. */
export interface Duration {
  readonly kind: "duration";
  readonly months: number;
  readonly days: number;
  readonly ms: number;
}

export type Value = string | number | boolean | DateValue | Duration;

export const dateValue = (d: Date, time: boolean): DateValue => ({ kind: "date", d, time });

export function isDate(v: Value): v is DateValue {
  return typeof v === "object" && v.kind === "date";
}

export function isDuration(v: Value): v is Duration {
  return typeof v === "object" && v.kind === "duration";
}

const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A number, or null when the value is not one (text must be a plain decimal number). */
export function numberOf(v: Value): number | null {
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "string") {
    const s = v.trim();
    return NUMERIC.test(s) ? Number(s) : null;
  }
  return null;
}

export function toNumber(v: Value, pos: number): number {
  const n = numberOf(v);
  if (n === null) throw new FormulaError("formula.error.notNumber", pos, { value: preview(v) });
  return n;
}

export function toInt(v: Value, pos: number): number {
  return Math.trunc(toNumber(v, pos));
}

/** A finite number or a clear error (1e308 * 10, 0 ^ -1 …). */
export function finite(n: number, pos: number): number {
  if (!Number.isFinite(n)) throw new FormulaError("formula.error.notFinite", pos);
  return n;
}

export function numberText(n: number): string {
  if (Object.is(n, -0)) return "0";
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return String(n);
  // 15 significant digits, like a spreadsheet: 0.1 + 0.2 shows 0.3.
  return String(Number(n.toPrecision(15)));
}

export function toText(v: Value, pos: number, region: Region): string {
  if (typeof v === "string") return v;
  if (typeof v === "number") return numberText(v);
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  if (v.kind === "date")
    return formatDate(
      v.d,
      v.time ? `${DEFAULT_DATE_FORMAT} ${DEFAULT_TIME_FORMAT}` : DEFAULT_DATE_FORMAT,
      region,
    );
  throw new FormulaError("formula.error.durationAlone", pos);
}

export function toBool(v: Value): boolean {
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v !== 0;
  if (typeof v === "string") {
    const s = v.trim().toLowerCase();
    return s !== "" && s !== "0" && s !== "false";
  }
  return true;
}

export function toDate(v: Value, pos: number): DateValue {
  if (isDate(v)) return v;
  if (typeof v === "string") {
    const d = parseDateText(v.trim());
    if (d) return dateValue(d, d.getHours() + d.getMinutes() + d.getSeconds() > 0);
  }
  throw new FormulaError("formula.error.notDate", pos, { value: preview(v) });
}

/** Every text a formula builds goes through here: past the limit it is an error, not a huge label. */
export function checkedText(s: string, pos: number): string {
  if (s.length > FORMULA_LIMITS.text)
    throw new FormulaError("formula.error.textTooLong", pos, { limit: FORMULA_LIMITS.text });
  return s;
}

function preview(v: Value): string {
  if (typeof v === "string") return v.length > 20 ? `${v.slice(0, 20)}…` : v;
  if (typeof v === "object") return v.kind;
  return String(v);
}

/** Adds calendar months (the day is kept, or the month's last day: Jan 31 + 1 month = Feb 28/29). */
export function addMonths(d: Date, months: number): Date {
  const first = new Date(
    d.getFullYear(),
    d.getMonth() + months,
    1,
    d.getHours(),
    d.getMinutes(),
    d.getSeconds(),
  );
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  first.setDate(Math.min(d.getDate(), last));
  return first;
}

/** Calendar days keep the wall time across daylight-saving changes. */
export function addDays(d: Date, days: number): Date {
  return new Date(
    d.getFullYear(),
    d.getMonth(),
    d.getDate() + days,
    d.getHours(),
    d.getMinutes(),
    d.getSeconds(),
  );
}

export function addDuration(v: DateValue, dur: Duration, sign: 1 | -1, pos: number): DateValue {
  let d = addMonths(v.d, sign * dur.months);
  d = addDays(d, sign * dur.days);
  d = new Date(d.getTime() + sign * dur.ms);
  if (Number.isNaN(d.getTime())) throw new FormulaError("formula.error.notFinite", pos);
  return dateValue(d, v.time || dur.ms !== 0);
}
