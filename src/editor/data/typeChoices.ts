// Which spreadsheet entries had their data type chosen by the user in this session (the Data type
// field). A column change keeps such a choice when it suits the new column; any other type is
// detected again from the new column's values (bindColumn, src/data/detectType.ts).
import type { SourceTarget } from "../../data";

const chosen = new Set<string>();

const keyOf = (target: SourceTarget, index: number) =>
  `${target.elementId}|${target.cell ? target.cell.join(",") : ""}|${index}`;

export function markTypeChosen(target: SourceTarget, index: number): void {
  chosen.add(keyOf(target, index));
}

export function isTypeChosen(target: SourceTarget, index: number): boolean {
  return chosen.has(keyOf(target, index));
}
