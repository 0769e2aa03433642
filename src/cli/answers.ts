// `--set name=value` (repeatable): the answers to the label's prompts. Every answer is checked against
// its prompt's rules, and every formula against the records to print, before anything is written or
// sent: a bad or missing answer, or a formula that fails, refuses the whole job with the rule or the
// formula's message (docs/cli.md).
import {
  checkPrompts,
  formulaFailure,
  promptsOf,
  recordCount,
  type Sheets,
  withPromptAnswers,
} from "../data";
import type { RecordRange } from "../export/layout";
import type { LabelDocument } from "../model/types";
import type { Args } from "./args";
import { CliError } from "./errors";
import { readLabel } from "./io";
import { sheetsFor } from "./render";
import { rangeOf } from "./renderExport";

/** The `--set` values by name; `name=value` (the value may be empty or hold `=`). */
export function parseSets(sets: readonly string[] = []): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of sets) {
    const eq = s.indexOf("=");
    const name = eq > 0 ? s.slice(0, eq).trim() : "";
    if (!name) throw new CliError("cli.error.setFormat", { arg: s });
    out.set(name, s.slice(eq + 1));
  }
  return out;
}

function* indices(range: RecordRange): Generator<number> {
  for (let i = range.from; i <= range.to; i++) yield i;
}

/** The label as printed with the answers of `--set`; refuses (CliError) a bad answer or a failing formula. */
export function answeredLabel(
  doc: LabelDocument,
  sets: readonly string[] | undefined,
  sheets: Sheets,
  range: RecordRange,
): LabelDocument {
  const r = checkPrompts(promptsOf(doc), parseSets(sets));
  if (!r.ok) {
    const { check } = r.problems[0];
    throw new CliError("cli.error.prompt", { reasonKey: check.key, ...check.vars, rule: check.rule });
  }
  const answered = withPromptAnswers(doc, r.values);
  const bad = formulaFailure(answered, sheets, indices(range));
  if (bad)
    throw new CliError("print.prompts.formula", {
      element: bad.element,
      record: bad.record + 1,
      formula: bad.formula,
      reasonKey: bad.error.key,
      ...bad.error.vars,
    });
  return answered;
}

/** The label of a job, its spreadsheets and its records (`--records`), answered and checked. */
export async function readJob(args: Args) {
  const raw = await readLabel(args.file as string);
  const sheets = await sheetsFor(raw, args.sheet);
  const range = rangeOf(args.record, Math.max(1, recordCount(raw, sheets)));
  return { doc: answeredLabel(raw, args.set, sheets, range), sheets, range };
}
