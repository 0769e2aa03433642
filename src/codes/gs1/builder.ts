// The GS1 builder's rows: a code's content read as a list of (AI, value) the user edits one by one,
// and written back as the element string the code stores. Reading never throws: content the builder
// cannot read (an older free-typed value) gives no rows and the reason, and is kept until replaced.
import { isCodeError } from "../types";
import { GS1_AIS } from "./ais";
import { type AiValue, parseElementString, writeElementString } from "./elementString";
import { checkAiValue, type Gs1Issue } from "./validate";

export interface Gs1Rows {
  readonly rows: readonly AiValue[];
  /** why the content could not be read as AIs (then `rows` is empty) */
  readonly unreadable?: Gs1Issue;
}

export function rowsFromContent(content: string): Gs1Rows {
  if (content === "") return { rows: [] };
  try {
    return { rows: parseElementString(content) };
  } catch (e) {
    if (!isCodeError(e)) throw e;
    return { rows: [], unreadable: { key: e.key, vars: e.vars } };
  }
}

export const contentFromRows = (rows: readonly AiValue[]): string => writeElementString(rows);

/** Each row's first broken rule (null when valid), plus "given twice" on the second of two. */
export function rowIssues(rows: readonly AiValue[]): (Gs1Issue | null)[] {
  const seen = new Set<string>();
  return rows.map(({ ai, value }) => {
    const twice = seen.has(ai);
    seen.add(ai);
    return twice ? { key: "codes.gs1.duplicate", vars: { ai } } : checkAiValue(ai, value);
  });
}

/** The AIs that can still be added (each AI once). */
export function addableAis(rows: readonly AiValue[]): string[] {
  const used = new Set(rows.map((r) => r.ai));
  return GS1_AIS.filter((s) => !used.has(s.ai)).map((s) => s.ai);
}
