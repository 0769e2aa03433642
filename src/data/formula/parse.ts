// Parser of the formula language: precedence climbing over the tokens (no eval, no Function).
//   compare  := concat (("=" | "<>" | "<" | "<=" | ">" | ">=") concat)*
//   concat   := sum ("&" sum)*
//   sum      := product (("+" | "-") product)*
//   product  := unary (("*" | "/" | "%") unary)*
//   unary    := ("-" | "+") unary | postfix
//   postfix  := primary [unit]          unit: day(s) week(s) month(s) year(s) hour(s) minute(s)
//   primary  := number | text | [name] | ident | ident "(" [compare ("," compare)*] ")" | "(" compare ")"
import { FORMULA_LIMITS, FormulaError } from "./errors";
import { type Token, tokenize } from "./tokens";

export type DurationUnit = "day" | "week" | "month" | "year" | "hour" | "minute";

export type FormulaNode =
  | { readonly k: "num"; readonly v: number; readonly pos: number }
  | { readonly k: "str"; readonly v: string; readonly pos: number }
  | { readonly k: "name"; readonly name: string; readonly pos: number }
  | { readonly k: "call"; readonly name: string; readonly args: readonly FormulaNode[]; readonly pos: number }
  | { readonly k: "neg"; readonly arg: FormulaNode; readonly pos: number }
  | { readonly k: "dur"; readonly arg: FormulaNode; readonly unit: DurationUnit; readonly pos: number }
  | {
      readonly k: "bin";
      readonly op: string;
      readonly l: FormulaNode;
      readonly r: FormulaNode;
      readonly pos: number;
    };

const UNITS: Readonly<Record<string, DurationUnit>> = {
  day: "day",
  days: "day",
  week: "week",
  weeks: "week",
  month: "month",
  months: "month",
  year: "year",
  years: "year",
  hour: "hour",
  hours: "hour",
  minute: "minute",
  minutes: "minute",
};

const LEVELS: readonly (readonly string[])[] = [
  ["=", "<>", "<", "<=", ">", ">="],
  ["&"],
  ["+", "-"],
  ["*", "/", "%"],
];

/** Parses formula text into a tree; throws FormulaError (key and position) on bad input. */
export function parse(text: string): FormulaNode {
  if (text.length > FORMULA_LIMITS.length)
    throw new FormulaError("formula.error.tooLong", FORMULA_LIMITS.length, { limit: FORMULA_LIMITS.length });
  const tokens = tokenize(text);
  let at = 0;
  let depth = 0;
  const peek = (): Token => tokens[at];
  const isOp = (tok: Token, v: string) => tok.t === "op" && tok.v === v;
  const expect = (v: string) => {
    const tok = peek();
    if (!isOp(tok, v)) throw unexpected(tok, v);
    at++;
  };
  const enter = (pos: number) => {
    if (++depth > FORMULA_LIMITS.depth)
      throw new FormulaError("formula.error.tooDeep", pos, { limit: FORMULA_LIMITS.depth });
  };

  function level(i: number): FormulaNode {
    if (i === LEVELS.length) return unary();
    let l = level(i + 1);
    const start = depth;
    for (;;) {
      const tok = peek();
      if (tok.t !== "op" || !LEVELS[i].includes(tok.v)) {
        depth = start;
        return l;
      }
      at++;
      enter(tok.pos);
      const r = level(i + 1);
      depth--;
      l = { k: "bin", op: tok.v, l, r, pos: tok.pos };
      // A long flat chain (1+1+1+…) is as deep for the evaluator as nesting: count it too.
      enter(tok.pos);
    }
  }

  function unary(): FormulaNode {
    const tok = peek();
    if (isOp(tok, "-") || isOp(tok, "+")) {
      at++;
      enter(tok.pos);
      const arg = unary();
      depth--;
      return isOp(tok, "-") ? { k: "neg", arg, pos: tok.pos } : arg;
    }
    const p = primary();
    const next = peek();
    if (next.t === "id" && UNITS[next.v.toLowerCase()] && !isOp(tokens[at + 1], "(")) {
      at++;
      return { k: "dur", arg: p, unit: UNITS[next.v.toLowerCase()], pos: next.pos };
    }
    return p;
  }

  function primary(): FormulaNode {
    const tok = peek();
    switch (tok.t) {
      case "num":
        at++;
        return { k: "num", v: tok.v, pos: tok.pos };
      case "str":
        at++;
        return { k: "str", v: tok.v, pos: tok.pos };
      case "name":
        at++;
        return { k: "name", name: tok.v, pos: tok.pos };
      case "id": {
        at++;
        if (!isOp(peek(), "(")) return { k: "name", name: tok.v, pos: tok.pos };
        at++;
        enter(tok.pos);
        const args: FormulaNode[] = [];
        if (!isOp(peek(), ")")) {
          args.push(level(0));
          while (isOp(peek(), ",")) {
            at++;
            args.push(level(0));
          }
        }
        expect(")");
        depth--;
        return { k: "call", name: tok.v, args, pos: tok.pos };
      }
      case "op":
        if (tok.v === "(") {
          at++;
          enter(tok.pos);
          const inner = level(0);
          expect(")");
          depth--;
          return inner;
        }
        throw unexpected(tok);
      default:
        throw unexpected(tok);
    }
  }

  const tree = level(0);
  if (peek().t !== "end") throw unexpected(peek());
  return tree;
}

function unexpected(tok: Token, wanted?: string): FormulaError {
  if (tok.t === "end")
    return wanted
      ? new FormulaError("formula.error.expected", tok.pos, { wanted })
      : new FormulaError("formula.error.unexpectedEnd", tok.pos);
  const found = tok.t === "str" ? `"${tok.v}"` : tok.t === "name" ? `[${tok.v}]` : String(tok.v);
  return wanted
    ? new FormulaError("formula.error.expectedFound", tok.pos, { wanted, found })
    : new FormulaError("formula.error.unexpected", tok.pos, { found });
}
