// The one error type of the formula language: a translation key, the 1-based column where the problem
// is, and the message's placeholders. Parsing and evaluation never throw anything else to callers.

export interface FormulaErrorInfo {
  /** a `formula.error.*` key of the locale files */
  readonly key: string;
  /** 1-based character column in the formula text */
  readonly pos: number;
  readonly vars: Readonly<Record<string, string | number>>;
}

export class FormulaError extends Error {
  readonly info: FormulaErrorInfo;
  constructor(key: string, index: number, vars: Record<string, string | number> = {}) {
    super(key);
    this.info = { key, pos: index + 1, vars: { ...vars, pos: index + 1 } };
  }
}

/** Limits that keep a hostile formula cheap (docs/data-sources.md "Formulas"). */
export const FORMULA_LIMITS = {
  /** characters of formula text */
  length: 2000,
  /** nested parentheses, calls and operators */
  depth: 100,
  /** characters of any text a formula builds */
  text: 10_000,
} as const;
