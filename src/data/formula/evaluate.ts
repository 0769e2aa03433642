// Evaluates a parsed formula. Names are looked up through the context (columns, prompts, elements);
// the result is always text, or a FormulaError with a key and position.
import type { Region } from "../dateFormat";
import { FormulaError } from "./errors";
import { callFunction, checkArity } from "./functions";
import type { FormulaNode } from "./parse";
import {
  addDuration,
  checkedText,
  type Duration,
  finite,
  isDate,
  isDuration,
  numberOf,
  toBool,
  toDate,
  toNumber,
  toText,
  type Value,
} from "./values";

export interface FormulaContext {
  /** the text of a column, prompt or element called `name`; undefined when there is none */
  lookup(name: string): string | undefined;
  /** what today() and now() are (one instant for a whole job) */
  readonly now: Date;
  /** month and weekday names of formatDate: 0 Chinese, 1 en-US, 2 en-GB */
  readonly region: Region;
}

const DAY_MS = 86_400_000;

export function evaluate(node: FormulaNode, ctx: FormulaContext): string {
  return toText(value(node, ctx), node.pos, ctx.region);
}

function value(node: FormulaNode, ctx: FormulaContext): Value {
  switch (node.k) {
    case "num":
      return finite(node.v, node.pos);
    case "str":
      return node.v;
    case "name": {
      const v = ctx.lookup(node.name);
      // typeof, not undefined: a lookup backed by a plain object must not hand back its methods
      if (typeof v !== "string")
        throw new FormulaError("formula.error.unknownName", node.pos, { name: node.name });
      return v;
    }
    case "neg":
      return -toNumber(value(node.arg, ctx), node.pos);
    case "dur": {
      const n = Math.trunc(toNumber(value(node.arg, ctx), node.pos));
      const d: Duration = { kind: "duration", months: 0, days: 0, ms: 0 };
      switch (node.unit) {
        case "day":
          return { ...d, days: n };
        case "week":
          return { ...d, days: 7 * n };
        case "month":
          return { ...d, months: n };
        case "year":
          return { ...d, months: 12 * n };
        case "hour":
          return { ...d, ms: n * 3_600_000 };
        default:
          return { ...d, ms: n * 60_000 };
      }
    }
    case "call": {
      if (node.name.toLowerCase() === "if") {
        checkArity(node.name, node.args.length, 2, 3, node.pos);
        const [cond, yes, no] = node.args;
        if (toBool(value(cond, ctx))) return value(yes, ctx);
        return no === undefined ? "" : value(no, ctx);
      }
      const args = node.args.map((a) => value(a, ctx));
      return callFunction(node.name, args, { now: ctx.now, region: ctx.region, pos: node.pos });
    }
    case "bin":
      return binary(node.op, value(node.l, ctx), value(node.r, ctx), node.pos, ctx.region);
  }
}

function binary(op: string, l0: Value, r0: Value, pos: number, region: Region): Value {
  // Text next to a date is read as a date (a column "2024-03-01" minus today()).
  // A number text stays a number of days (today() - [Days]).
  const asDate = (v: Value) => typeof v === "string" && numberOf(v) === null && op !== "&";
  const l = isDate(r0) && asDate(l0) ? toDate(l0, pos) : l0;
  const r = isDate(l0) && asDate(r0) ? toDate(r0, pos) : r0;
  switch (op) {
    case "&":
      return checkedText(toText(l, pos, region) + toText(r, pos, region), pos);
    case "+":
      if (isDate(l)) return addDuration(l, durationOf(r, pos), 1, pos);
      if (isDate(r)) return addDuration(r, durationOf(l, pos), 1, pos);
      if (isDuration(l) && isDuration(r))
        return { kind: "duration", months: l.months + r.months, days: l.days + r.days, ms: l.ms + r.ms };
      return finite(toNumber(l, pos) + toNumber(r, pos), pos);
    case "-":
      if (isDate(l) && isDate(r)) {
        // whole calendar days between the two dates (daylight saving does not make a day 23 hours)
        const a = Date.UTC(l.d.getFullYear(), l.d.getMonth(), l.d.getDate());
        const b = Date.UTC(r.d.getFullYear(), r.d.getMonth(), r.d.getDate());
        return Math.round((a - b) / DAY_MS);
      }
      if (isDate(l)) return addDuration(l, durationOf(r, pos), -1, pos);
      return finite(toNumber(l, pos) - toNumber(r, pos), pos);
    case "*":
      return finite(toNumber(l, pos) * toNumber(r, pos), pos);
    case "/":
    case "%": {
      const a = toNumber(l, pos);
      const b = toNumber(r, pos);
      if (b === 0) throw new FormulaError("formula.error.divisionByZero", pos);
      return finite(op === "/" ? a / b : a % b, pos);
    }
    default:
      return compare(op, l, r, pos, region);
  }
}

/** A plain number next to a date counts days: today() + 30. */
function durationOf(v: Value, pos: number): Duration {
  if (isDuration(v)) return v;
  return { kind: "duration", months: 0, days: Math.trunc(toNumber(v, pos)), ms: 0 };
}

function compare(op: string, l: Value, r: Value, pos: number, region: Region): boolean {
  let c: number;
  if (isDate(l) || isDate(r)) {
    if (!isDate(l) || !isDate(r)) throw new FormulaError("formula.error.compareDate", pos);
    c = l.d.getTime() - r.d.getTime();
  } else {
    const a = numberOf(l);
    const b = numberOf(r);
    // Two numbers (or number texts such as a column's "12") compare as numbers, anything else as text.
    if (
      a !== null &&
      b !== null &&
      (typeof l !== "string" || typeof r !== "string" || (op !== "=" && op !== "<>"))
    )
      c = a - b;
    else {
      const x = toText(l, pos, region);
      const y = toText(r, pos, region);
      c = x < y ? -1 : x > y ? 1 : 0;
    }
  }
  switch (op) {
    case "=":
      return c === 0;
    case "<>":
      return c !== 0;
    case "<":
      return c < 0;
    case "<=":
      return c <= 0;
    case ">":
      return c > 0;
    default:
      return c >= 0;
  }
}
