// The functions of the formula language (names are case-insensitive). `if` is lazy and lives in
// evaluate.ts; everything here gets its arguments already evaluated.

import { formatDate, type Region } from "../dateFormat";
import { formatDecimal, numberTextOf, parseDecimal } from "../numberFormat";
import { gs1, mod10, mod43 } from "./checkDigits";
import { FORMULA_LIMITS, FormulaError } from "./errors";
import {
  addDays,
  addMonths,
  checkedText,
  dateValue,
  finite,
  numberText,
  toBool,
  toDate,
  toInt,
  toNumber,
  toText,
  type Value,
} from "./values";

export interface CallEnv {
  readonly now: Date;
  readonly region: Region;
  /** position of the call, for errors */
  readonly pos: number;
}

type Fn = (args: readonly Value[], env: CallEnv) => Value;

interface Def {
  readonly min: number;
  readonly max: number;
  readonly fn: Fn;
}

const text = (v: Value, env: CallEnv) => toText(v, env.pos, env.region);

function pad(args: readonly Value[], env: CallEnv, left: boolean, fill: string): string {
  const s = text(args[0], env);
  const width = toInt(args[1], env.pos);
  const ch = args[2] === undefined ? fill : text(args[2], env);
  if (ch.length !== 1) throw new FormulaError("formula.error.padChar", env.pos);
  if (width > FORMULA_LIMITS.text)
    throw new FormulaError("formula.error.textTooLong", env.pos, { limit: FORMULA_LIMITS.text });
  return left ? s.padStart(width, ch) : s.padEnd(width, ch);
}

function round(n: number, places: number, how: (x: number) => number): number {
  const p = Math.max(-15, Math.min(15, places));
  const f = 10 ** Math.abs(p);
  // Work on the decimal text so 1.005 rounds to 1.01 like the spreadsheet formats do.
  if (p >= 0 && how === Math.round) {
    const t = numberTextOf(numberText(Math.abs(n)));
    if (t !== null) {
      const r = Number(formatDecimal(parseDecimal(t), { precision: p, removeZero: false }));
      return n < 0 ? -r : r;
    }
  }
  return p >= 0 ? how(n * f) / f : how(n / f) * f;
}

const DEFS: Readonly<Record<string, Def>> = {
  // text
  len: { min: 1, max: 1, fn: ([s], e) => [...text(s, e)].length },
  left: {
    min: 2,
    max: 2,
    fn: ([s, n], e) => [...text(s, e)].slice(0, Math.max(0, toInt(n, e.pos))).join(""),
  },
  right: {
    min: 2,
    max: 2,
    fn: ([s, n], e) => {
      const cs = [...text(s, e)];
      const k = Math.max(0, toInt(n, e.pos));
      return k === 0 ? "" : cs.slice(-k).join("");
    },
  },
  // mid(text, start, count): start is 1-based like spreadsheets; count defaults to the rest.
  mid: {
    min: 2,
    max: 3,
    fn: ([s, start, n], e) => {
      const cs = [...text(s, e)];
      const from = Math.max(1, toInt(start, e.pos)) - 1;
      const count = n === undefined ? cs.length : Math.max(0, toInt(n, e.pos));
      return cs.slice(from, from + count).join("");
    },
  },
  upper: { min: 1, max: 1, fn: ([s], e) => text(s, e).toUpperCase() },
  lower: { min: 1, max: 1, fn: ([s], e) => text(s, e).toLowerCase() },
  trim: { min: 1, max: 1, fn: ([s], e) => text(s, e).trim() },
  padleft: { min: 2, max: 3, fn: (a, e) => pad(a, e, true, "0") },
  padright: { min: 2, max: 3, fn: (a, e) => pad(a, e, false, " ") },
  replace: {
    min: 3,
    max: 3,
    fn: ([s, find, by], e) => {
      const f = text(find, e);
      const out = f === "" ? text(s, e) : text(s, e).split(f).join(text(by, e));
      return checkedText(out, e.pos);
    },
  },
  isempty: { min: 1, max: 1, fn: ([s], e) => text(s, e).trim() === "" },
  // numbers
  number: { min: 1, max: 1, fn: ([v], e) => toNumber(v, e.pos) },
  round: {
    min: 1,
    max: 2,
    fn: ([v, p], e) => round(toNumber(v, e.pos), p === undefined ? 0 : toInt(p, e.pos), Math.round),
  },
  floor: {
    min: 1,
    max: 2,
    fn: ([v, p], e) => round(toNumber(v, e.pos), p === undefined ? 0 : toInt(p, e.pos), Math.floor),
  },
  ceil: {
    min: 1,
    max: 2,
    fn: ([v, p], e) => round(toNumber(v, e.pos), p === undefined ? 0 : toInt(p, e.pos), Math.ceil),
  },
  abs: { min: 1, max: 1, fn: ([v], e) => Math.abs(toNumber(v, e.pos)) },
  min: { min: 1, max: 100, fn: (a, e) => Math.min(...a.map((v) => toNumber(v, e.pos))) },
  max: { min: 1, max: 100, fn: (a, e) => Math.max(...a.map((v) => toNumber(v, e.pos))) },
  // fixed(number, places, group): the number with exactly `places` decimals, "," thousands when group.
  fixed: {
    min: 2,
    max: 3,
    fn: ([v, p, g], e) => {
      const n = finite(toNumber(v, e.pos), e.pos);
      const places = Math.max(0, Math.min(10, toInt(p, e.pos)));
      const t = numberTextOf(numberText(n)) ?? "0";
      return formatDecimal(parseDecimal(t), {
        precision: places,
        removeZero: false,
        group: g !== undefined && toBool(g),
      });
    },
  },
  // dates
  today: {
    min: 0,
    max: 0,
    fn: (_, e) => dateValue(new Date(e.now.getFullYear(), e.now.getMonth(), e.now.getDate()), false),
  },
  now: { min: 0, max: 0, fn: (_, e) => dateValue(new Date(e.now.getTime()), true) },
  date: {
    min: 3,
    max: 3,
    fn: ([y, m, d], e) => {
      const [yy, mm, dd] = [toInt(y, e.pos), toInt(m, e.pos), toInt(d, e.pos)];
      const out = new Date(yy, mm - 1, dd);
      if (out.getFullYear() !== yy || out.getMonth() !== mm - 1 || out.getDate() !== dd)
        throw new FormulaError("formula.error.badDate", e.pos);
      return dateValue(out, false);
    },
  },
  adddays: { min: 2, max: 2, fn: ([d, n], e) => withDate(d, e, (x) => addDays(x, toInt(n, e.pos))) },
  addmonths: { min: 2, max: 2, fn: ([d, n], e) => withDate(d, e, (x) => addMonths(x, toInt(n, e.pos))) },
  addyears: { min: 2, max: 2, fn: ([d, n], e) => withDate(d, e, (x) => addMonths(x, 12 * toInt(n, e.pos))) },
  // formatDate(date, pattern): the patterns of docs/data-sources.md, month and day names in the label's language.
  formatdate: {
    min: 2,
    max: 2,
    fn: ([d, p], e) => checkedText(formatDate(toDate(d, e.pos).d, text(p, e), e.region), e.pos),
  },
  year: { min: 1, max: 1, fn: ([d], e) => toDate(d, e.pos).d.getFullYear() },
  month: { min: 1, max: 1, fn: ([d], e) => toDate(d, e.pos).d.getMonth() + 1 },
  day: { min: 1, max: 1, fn: ([d], e) => toDate(d, e.pos).d.getDate() },
  // logic (`if` is in evaluate.ts: only the chosen branch is evaluated)
  and: { min: 1, max: 100, fn: (a) => a.every(toBool) },
  or: { min: 1, max: 100, fn: (a) => a.some(toBool) },
  not: { min: 1, max: 1, fn: ([v]) => !toBool(v) },
  // check digits
  mod10: { min: 1, max: 1, fn: ([s], e) => mod10(text(s, e), e.pos) },
  mod43: { min: 1, max: 1, fn: ([s], e) => mod43(text(s, e), e.pos) },
  gs1: { min: 1, max: 1, fn: ([s], e) => gs1(text(s, e), e.pos) },
};

function withDate(v: Value, env: CallEnv, f: (d: Date) => Date): Value {
  const d = toDate(v, env.pos);
  const out = f(d.d);
  if (Number.isNaN(out.getTime())) throw new FormulaError("formula.error.notFinite", env.pos);
  return dateValue(out, d.time);
}

/** The function names, for the editor's help and the docs. */
export const FUNCTION_NAMES: readonly string[] = [...Object.keys(DEFS), "if"];

export function callFunction(name: string, args: readonly Value[], env: CallEnv): Value {
  const def = Object.hasOwn(DEFS, name.toLowerCase()) ? DEFS[name.toLowerCase()] : undefined;
  if (!def) throw new FormulaError("formula.error.unknownFunction", env.pos, { name });
  checkArity(name, args.length, def.min, def.max, env.pos);
  const out = def.fn(args, env);
  return typeof out === "number" ? finite(out, env.pos) : out;
}

export function checkArity(name: string, n: number, min: number, max: number, pos: number): void {
  if (n < min || n > max)
    throw new FormulaError("formula.error.arguments", pos, {
      name,
      count: min === max ? min : `${min}–${max}`,
    });
}
