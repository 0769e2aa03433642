// The document as printed with the answers to its prompts (issue 38; docs/data-sources.md "Prompts"):
// the print dialog and scan-to-print both print through here. Refused (PrintRefused, said where the
// user printed) when a formula fails for a chosen record, before any label is sent.
import { formulaFailure, type Sheets, withPromptAnswers } from "../../data/index";
import type { LabelDocument } from "../../model/types";
import type { RecordChoice } from "../../print/plan";
import { PrintRefused } from "./printFailure";

export function answeredDoc(
  doc: LabelDocument,
  answers: ReadonlyMap<string, string> | undefined,
  choices: readonly RecordChoice[],
  sheets: Sheets,
): LabelDocument {
  const d = answers ? withPromptAnswers(doc, answers) : doc;
  const bad = formulaFailure(
    d,
    sheets,
    choices.map((c) => c.record),
  );
  if (bad)
    throw new PrintRefused("print.prompts.formula", {
      element: bad.element,
      record: bad.record + 1,
      reasonKey: bad.error.key,
      ...bad.error.vars,
    });
  return d;
}
