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

/** Words a date text may hold: English month and weekday names (or their first three letters or
 * more, "Sept"), the morning/afternoon markers and the ISO/zone letters. */
const DATE_WORD =
  /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?|am|pm|t|z|utc|gmt)$/i;
const MONTH_WORD = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;

/**
 * Whether a text is plainly written as a date, for detection only: the spec's date check
 * (parseDateText, which falls back on the browser's lenient Date.parse) also takes codes such as
 * "SKU-1001" (year 1001) or "Item 12", which must stay plain. Every word must be a date word, and
 * the text holds a day, a month and a year: three numbers, or a month name and a number.
 */
export function looksLikeDate(text: string): boolean {
  const s = text.trim();
  if (isNumberText(s) || parseDateText(s) === null) return false;
  const words = s.match(/\p{L}+/gu) ?? [];
  if (!words.every((w) => DATE_WORD.test(w))) return false;
  const numbers = s.match(/\d+/g)?.length ?? 0;
  return numbers >= 3 || (numbers >= 1 && words.some((w) => MONTH_WORD.test(w)));
}

/** Whether every value is a date written as a date (a bare number or a code is not one). */
function allDates(values: readonly string[]): boolean {
  return values.every(looksLikeDate);
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
