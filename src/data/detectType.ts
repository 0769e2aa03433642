// The data type a spreadsheet column's values call for (issue 23, item 5). A column change
// re-detects it, so a price column never keeps the "Date" type of the column chosen before (6.5 shown
// as 1900/01/05). Only what the cells plainly say is detected: every filled cell a date text → date,
// every one a time of day → time; anything else is plain text (a number column stays plain, so codes
// with leading zeros such as "000123" are never reformatted).
import type { DataSource, DataType } from "../model/types";
import { parseDateText, parseTimeText } from "./dateFormat";
import { isNumberText, numberTextOf } from "./numberFormat";

/** How many filled cells of a column are looked at (the first ones). */
export const DETECT_SAMPLE = 200;

const hasDigit = /\d/;

/** Whether every value is a date written as a date (a bare number is not one). */
function allDates(values: readonly string[]): boolean {
  return values.every((v) => !isNumberText(v) && hasDigit.test(v) && parseDateText(v) !== null);
}

function allTimes(values: readonly string[]): boolean {
  return values.every((v) => !isNumberText(v) && parseTimeText(v) !== null);
}

/** The type the filled values of a column call for: 4 date, 5 time, else 0 plain. */
export function detectDataType(values: readonly string[]): DataType {
  const filled = values.map((v) => String(v ?? "").trim()).filter((v) => v !== "");
  if (filled.length === 0) return 0;
  if (allTimes(filled)) return 5;
  if (allDates(filled)) return 4;
  return 0;
}

/** Whether a type shows every filled value as that kind of value (a number type needs numbers, …). */
export function typeSuits(type: DataType, values: readonly string[]): boolean {
  const filled = values.map((v) => String(v ?? "").trim()).filter((v) => v !== "");
  switch (type) {
    case 1:
    case 2:
    case 3:
      return filled.every((v) => numberTextOf(v) !== null);
    case 4:
      return allDates(filled);
    case 5:
      return allTimes(filled) || allDates(filled);
    default:
      return true;
  }
}

/**
 * The type after a column change: the user's own choice (`chosen`) survives when it suits the new
 * column's values; otherwise the type is detected again from them.
 */
export function typeAfterColumnChange(
  source: Pick<DataSource, "DataType">,
  values: readonly string[],
  chosen: boolean,
): DataType {
  if (chosen && typeSuits(source.DataType, values)) return source.DataType;
  return detectDataType(values);
}
