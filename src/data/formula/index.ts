// Formulas: a small expression language of our own (docs/data-sources.md "Formulas"). Parse once,
// evaluate per record; every failure is a FormulaErrorInfo (translation key, column, placeholders).
import { FormulaError, type FormulaErrorInfo } from "./errors";
import { evaluate, type FormulaContext } from "./evaluate";
import { type FormulaNode, parse } from "./parse";

export { FORMULA_LIMITS, type FormulaErrorInfo } from "./errors";
export type { FormulaContext } from "./evaluate";
export { FUNCTION_NAMES } from "./functions";
export type { FormulaNode } from "./parse";

export type FormulaResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: FormulaErrorInfo };

function attempt<T>(f: () => T): FormulaResult<T> {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    if (e instanceof FormulaError) return { ok: false, error: e.info };
    // A stack overflow or anything else unforeseen is still a message, never a crash.
    return { ok: false, error: { key: "formula.error.internal", pos: 1, vars: { pos: 1 } } };
  }
}

export function parseFormula(text: string): FormulaResult<FormulaNode> {
  return attempt(() => parse(text));
}

export function evaluateFormula(tree: FormulaNode, ctx: FormulaContext): FormulaResult<string> {
  return attempt(() => evaluate(tree, ctx));
}

/** Parse and evaluate in one call (the editor's check as the user types). */
export function runFormula(text: string, ctx: FormulaContext): FormulaResult<string> {
  const tree = parseFormula(text);
  return tree.ok ? evaluateFormula(tree.value, ctx) : tree;
}
