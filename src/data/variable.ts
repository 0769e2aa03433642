// Variable templates (application.md §6, member-only features: "Variable templates"): a label whose
// content changes from one printed label to the next, that is, whose elements or table cells take a
// spreadsheet column, a sequence or a server-kept counter. Fixed text, references to another element,
// formulas (their columns come from a spreadsheet entry) and prompts (one answer a job) alone do not. In
// the member build variant (INKLESS_MEMBER_VARIABLE=1) they are for members: the editor's gate and
// badge, and the server's check of a saved file, all ask this one question.
import type { DataSourceType, LabelDocument } from "../model/types";
import { allSources } from "./records";

/** getMemberUser's member_only name of the feature. */
export const VARIABLE_FEATURE = "variable";

/** The message of the membership prompt (and of the server's 402). */
export const VARIABLE_MEMBERS_ONLY = "editor.member.variable";

/** The data source types that make a label variable: spreadsheet column (1), sequence (2), counter (6). */
export function isVariableSource(type: DataSourceType | number): boolean {
  return type === 1 || type === 2 || type === 6;
}

/** Does any element or table cell of `doc` take a spreadsheet column, a sequence or a counter? */
export function isVariableLabel(doc: LabelDocument): boolean {
  for (const { source } of allSources(doc)) if (isVariableSource(source.DataSourceType)) return true;
  return false;
}
