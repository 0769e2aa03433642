// Prompts: values asked at print time (issue 38). A prompt has a name (what formulas call it), the
// question shown, a type and rules; checkPrompt says whether an answer is acceptable and, when it is
// not, which rule it broke, as a translated message key. The print dialog checks as the user types,
// the CLI checks its --set values, both with this one function.
import type { PromptType } from "../model/types";
import { parseDateText } from "./dateFormat";

export type { PromptType } from "../model/types";

export interface PromptDef {
  readonly name: string;
  /** the question shown to the operator */
  readonly text: string;
  readonly type: PromptType;
  readonly required?: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  /** a regular expression the whole answer must match (text prompts) */
  readonly pattern?: string;
  /** inclusive bounds: numbers for integer and decimal, dates (yyyy-MM-dd) for date */
  readonly min?: string;
  readonly max?: string;
  /** when not empty, the answer must be one of these */
  readonly choices?: readonly string[];
  readonly default?: string;
}

/** The rule an answer broke. */
export type PromptRule = "required" | "type" | "length" | "pattern" | "range" | "choices" | "unknown";

export type PromptCheck =
  | { readonly ok: true; readonly value: string }
  | {
      readonly ok: false;
      readonly rule: PromptRule;
      readonly key: string;
      readonly vars: Readonly<Record<string, string | number>>;
    };

/** Answers longer than this are refused before any pattern runs (a pattern's cost grows with the text). */
export const PROMPT_MAX_LENGTH = 1000;
/** Longest pattern accepted. */
export const PROMPT_PATTERN_MAX = 200;

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

const fail = (rule: PromptRule, key: string, vars: Record<string, string | number> = {}): PromptCheck => ({
  ok: false,
  rule,
  key,
  vars,
});

function answerValue(type: PromptType, s: string): number | null {
  if (type === "integer") return INTEGER.test(s) ? Number(s) : null;
  if (type === "decimal") return DECIMAL.test(s) ? Number(s) : null;
  if (type === "date") return parseDateText(s.replace(/-/g, "/"))?.getTime() ?? null;
  return 0;
}

/** Checks one answer (the default when `raw` is undefined); the value is the answer trimmed. */
export function checkPrompt(def: PromptDef, raw: string | undefined): PromptCheck {
  const value = (raw ?? def.default ?? "").trim();
  const name = def.name;
  if (value === "")
    return def.required ? fail("required", "prompt.error.required", { name }) : { ok: true, value };
  if (value.length > PROMPT_MAX_LENGTH)
    return fail("length", "prompt.error.maxLength", { name, limit: PROMPT_MAX_LENGTH });
  const n = answerValue(def.type, value);
  if (n === null) return fail("type", `prompt.error.${def.type}`, { name });
  const len = [...value].length;
  if (def.minLength !== undefined && len < def.minLength)
    return fail("length", "prompt.error.minLength", { name, limit: def.minLength });
  if (def.maxLength !== undefined && len > def.maxLength)
    return fail("length", "prompt.error.maxLength", { name, limit: def.maxLength });
  if (def.pattern) {
    let re: RegExp | null = null;
    try {
      if (def.pattern.length <= PROMPT_PATTERN_MAX) re = new RegExp(`^(?:${def.pattern})$`, "u");
    } catch {
      re = null;
    }
    if (!re) return fail("pattern", "prompt.error.badPattern", { name });
    if (!re.test(value)) return fail("pattern", "prompt.error.pattern", { name, pattern: def.pattern });
  }
  if (def.type !== "text") {
    const lo = def.min ? answerValue(def.type, def.min.trim()) : null;
    const hi = def.max ? answerValue(def.type, def.max.trim()) : null;
    if ((lo !== null && n < lo) || (hi !== null && n > hi))
      return fail("range", "prompt.error.range", { name, min: def.min ?? "", max: def.max ?? "" });
  }
  if (def.choices && def.choices.length > 0 && !def.choices.includes(value))
    return fail("choices", "prompt.error.choices", { name, choices: def.choices.join(", ") });
  return { ok: true, value };
}

export interface PromptProblem {
  readonly name: string;
  readonly check: Extract<PromptCheck, { ok: false }>;
}

/**
 * Checks every prompt's answer: the values by name (for createResolver's `prompts`), or every
 * problem. A name answered that no prompt asks is a problem too (a typo in `--set` must not pass).
 */
export function checkPrompts(
  defs: readonly PromptDef[],
  answers: ReadonlyMap<string, string>,
):
  | { readonly ok: true; readonly values: ReadonlyMap<string, string> }
  | { readonly ok: false; readonly problems: readonly PromptProblem[] } {
  const values = new Map<string, string>();
  const problems: PromptProblem[] = [];
  for (const def of defs) {
    const r = checkPrompt(def, answers.get(def.name));
    if (r.ok) values.set(def.name, r.value);
    else problems.push({ name: def.name, check: r });
  }
  for (const name of answers.keys())
    if (!defs.some((d) => d.name === name))
      problems.push({
        name,
        check: { ok: false, rule: "unknown", key: "prompt.error.unknown", vars: { name } },
      });
  return problems.length ? { ok: false, problems } : { ok: true, values };
}
