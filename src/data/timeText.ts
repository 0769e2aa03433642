// The text a TimeText element shows (label-editor.md §3, §4): the clock (TimeType 0) or the chosen
// SelectDate/SelectTime (TimeType 1), plus DayOffset days and MinuteOffset minutes, as the date part
// and/or the time part (DateFormatChecked, date first, joined by a space).
import { DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT } from "../model/constants";
import type { TimeTextElement } from "../model/types";
import { formatDate, parseDateText, type Region } from "./dateFormat";

export type TimeTextFields = Pick<
  TimeTextElement,
  | "TimeType"
  | "DateFormatChecked"
  | "SelectDate"
  | "SelectTime"
  | "Region"
  | "DateFormat"
  | "TimeFormat"
  | "DayOffset"
  | "MinuteOffset"
>;

const TIME = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?$/;

/** The base moment: now, or the fixed date and time (a missing part falls back to now's). */
export function timeTextBase(el: TimeTextFields, now: Date): Date {
  if (el.TimeType !== 1) return new Date(now.getTime());
  const day = (el.SelectDate && parseDateText(el.SelectDate)) || now;
  const t = TIME.exec((el.SelectTime ?? "").trim());
  const h = t ? Math.min(23, Number(t[1])) : now.getHours();
  const m = t ? Math.min(59, Number(t[2])) : now.getMinutes();
  const s = t ? Math.min(59, Number(t[3] ?? 0)) : now.getSeconds();
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), h, m, s);
}

function whole(n: unknown): number {
  const v = Math.trunc(Number(n));
  return Number.isFinite(v) ? v : 0;
}

export function timeTextValue(el: TimeTextFields, now: Date = new Date()): string {
  const d = timeTextBase(el, now);
  // Days move the calendar date (so a DST change keeps the wall time); minutes are exact minutes.
  d.setDate(d.getDate() + whole(el.DayOffset));
  d.setTime(d.getTime() + whole(el.MinuteOffset) * 60_000);
  const region = (el.Region === 1 || el.Region === 2 ? el.Region : 0) as Region;
  const parts: string[] = [];
  const checked = el.DateFormatChecked ?? [];
  if (checked.includes("date")) parts.push(formatDate(d, el.DateFormat || DEFAULT_DATE_FORMAT, region));
  if (checked.includes("time")) parts.push(formatDate(d, el.TimeFormat || DEFAULT_TIME_FORMAT, region));
  return parts.join(" ");
}
