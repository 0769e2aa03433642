// Date/time pattern formatter and the spec's date check (label-editor.md §5).
// Tokens (longest match first): yyyy yy · MMMM (month name) MMM (short month) MM M · dddd (weekday)
// ddd (short weekday) dd d · HH H (24 h) · hh h (12 h) · mm m · ss s · a / tt / AM/PM (morning or
// afternoon marker). Text in single quotes is literal ('' is a quote); every other character is literal.
// Names follow Region: 0 Chinese, 1 en-US, 2 en-GB (en-GB writes "Sept" and lower-case am/pm).

export type Region = 0 | 1 | 2;

const EN_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const EN_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const ZH_MONTHS = [
  "一月",
  "二月",
  "三月",
  "四月",
  "五月",
  "六月",
  "七月",
  "八月",
  "九月",
  "十月",
  "十一月",
  "十二月",
];
const ZH_DAYS = ["星期日", "星期一", "星期二", "星期三", "星期四", "星期五", "星期六"];
const ZH_DAYS_SHORT = ["周日", "周一", "周二", "周三", "周四", "周五", "周六"];

interface Names {
  months: readonly string[];
  monthsShort: readonly string[];
  days: readonly string[];
  daysShort: readonly string[];
  am: string;
  pm: string;
}

const NAMES: Readonly<Record<Region, Names>> = {
  0: {
    months: ZH_MONTHS,
    monthsShort: ZH_MONTHS.map((_, i) => `${i + 1}月`),
    days: ZH_DAYS,
    daysShort: ZH_DAYS_SHORT,
    am: "上午",
    pm: "下午",
  },
  1: {
    months: EN_MONTHS,
    monthsShort: EN_MONTHS.map((m) => m.slice(0, 3)),
    days: EN_DAYS,
    daysShort: EN_DAYS.map((d) => d.slice(0, 3)),
    am: "AM",
    pm: "PM",
  },
  2: {
    months: EN_MONTHS,
    monthsShort: EN_MONTHS.map((m) => (m === "September" ? "Sept" : m.slice(0, 3))),
    days: EN_DAYS,
    daysShort: EN_DAYS.map((d) => d.slice(0, 3)),
    am: "am",
    pm: "pm",
  },
};

type Part = string | ((d: Date, n: Names) => string);

const pad2 = (v: number) => (v < 10 ? `0${v}` : String(v));
const hour12 = (d: Date) => d.getHours() % 12 || 12;
const meridiem = (d: Date, n: Names) => (d.getHours() < 12 ? n.am : n.pm);

// Ordered so that a longer token wins over its prefix (yyyy before yy, MMMM before MMM before MM before M).
const TOKENS: readonly [string, (d: Date, n: Names) => string][] = [
  ["yyyy", (d) => String(d.getFullYear()).padStart(4, "0")],
  ["yy", (d) => pad2(d.getFullYear() % 100)],
  ["MMMM", (d, n) => n.months[d.getMonth()]],
  ["MMM", (d, n) => n.monthsShort[d.getMonth()]],
  ["MM", (d) => pad2(d.getMonth() + 1)],
  ["M", (d) => String(d.getMonth() + 1)],
  ["dddd", (d, n) => n.days[d.getDay()]],
  ["ddd", (d, n) => n.daysShort[d.getDay()]],
  ["dd", (d) => pad2(d.getDate())],
  ["d", (d) => String(d.getDate())],
  ["HH", (d) => pad2(d.getHours())],
  ["H", (d) => String(d.getHours())],
  ["hh", (d) => pad2(hour12(d))],
  ["h", (d) => String(hour12(d))],
  ["mm", (d) => pad2(d.getMinutes())],
  ["m", (d) => String(d.getMinutes())],
  ["ss", (d) => pad2(d.getSeconds())],
  ["s", (d) => String(d.getSeconds())],
  ["AM/PM", meridiem],
  ["tt", meridiem],
  ["a", meridiem],
];

const compiled = new Map<string, readonly Part[]>();

function compile(pattern: string): readonly Part[] {
  const hit = compiled.get(pattern);
  if (hit) return hit;
  const parts: Part[] = [];
  let lit = "";
  let i = 0;
  outer: while (i < pattern.length) {
    const ch = pattern[i];
    if (ch === "'") {
      const end = pattern.indexOf("'", i + 1);
      if (end === i + 1) {
        lit += "'";
        i += 2;
        continue;
      }
      lit += end < 0 ? pattern.slice(i + 1) : pattern.slice(i + 1, end);
      i = end < 0 ? pattern.length : end + 1;
      continue;
    }
    for (const [tok, fn] of TOKENS) {
      if (pattern.startsWith(tok, i)) {
        if (lit) parts.push(lit);
        lit = "";
        parts.push(fn);
        i += tok.length;
        continue outer;
      }
    }
    lit += ch;
    i++;
  }
  if (lit) parts.push(lit);
  if (compiled.size > 500) compiled.clear();
  compiled.set(pattern, parts);
  return parts;
}

/** Formats a date with a pattern (local time). An invalid date gives "". */
export function formatDate(date: Date, pattern: string, region: Region = 0): string {
  if (Number.isNaN(date.getTime())) return "";
  const names = NAMES[region] ?? NAMES[0];
  let out = "";
  for (const p of compile(pattern)) out += typeof p === "string" ? p : p(date, names);
  return out;
}

// y/M/d with optional H:m[:s[.fff]] and optional AM/PM; our own parser so every browser agrees.
const YMD =
  /^(\d{4})\/(\d{1,2})\/(\d{1,2})(?:[ ]+(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.\d+)?)?\s*([AaPp][Mm])?)?$/;
const HMS = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([AaPp][Mm])?$/;

function hourOf(h: number, ampm: string | undefined): number {
  if (!ampm) return h;
  const pm = ampm.toLowerCase() === "pm";
  return (h % 12) + (pm ? 12 : 0);
}

function validDate(y: number, mo: number, d: number, h: number, mi: number, s: number): Date | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const out = new Date(y, mo - 1, d, h, mi, s);
  return out.getMonth() === mo - 1 ? out : null;
}

/**
 * The spec's date check: the text parses as a date after replacing "-" with "/" and "T" with a space.
 * Returns the date (local time) or null.
 */
export function parseDateText(text: string): Date | null {
  const s = text.trim().replace(/-/g, "/").replace(/T/g, " ");
  if (s === "") return null;
  const m = YMD.exec(s);
  if (m) {
    return validDate(
      Number(m[1]),
      Number(m[2]),
      Number(m[3]),
      m[4] === undefined ? 0 : hourOf(Number(m[4]), m[7]),
      Number(m[5] ?? 0),
      Number(m[6] ?? 0),
    );
  }
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : new Date(t);
}

/** A time of day alone ("13:45", "1:45:07 PM") on the given day; null when it is not one. */
export function parseTimeText(text: string, day: Date = new Date()): Date | null {
  const m = HMS.exec(text.trim());
  if (!m) return null;
  const h = hourOf(Number(m[1]), m[4]);
  const mi = Number(m[2]);
  const s = Number(m[3] ?? 0);
  if (h > 23 || mi > 59 || s > 59) return null;
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), h, mi, s);
}

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const MS_PER_DAY = 86_400_000;
/** Largest serial Excel shows as a date (9999-12-31). */
export const EXCEL_MAX_SERIAL = 2_958_465;

/** An Excel date serial (1900 system, days since 1899-12-30) as a local date with the same wall time. */
export function excelSerialToDate(serial: number): Date {
  const ms = Math.round((serial * MS_PER_DAY) / 1000) * 1000 + EXCEL_EPOCH_MS;
  const u = new Date(ms);
  return new Date(
    u.getUTCFullYear(),
    u.getUTCMonth(),
    u.getUTCDate(),
    u.getUTCHours(),
    u.getUTCMinutes(),
    u.getUTCSeconds(),
  );
}
