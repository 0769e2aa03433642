// Formats one spreadsheet cell for display by the source's DataType (label-editor.md §3):
// 0 plain, 1 number, 2 currency, 3 percent, 4 date, 5 time. A value that fails the type's check is
// shown as it is, so a stray header or note never turns into an empty label.
import { DEFAULT_CURRENCY_SYMBOL, DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT } from "../model/constants";
import type { DataSource } from "../model/types";
import {
  EXCEL_MAX_SERIAL,
  excelSerialToDate,
  formatDate,
  parseDateText,
  parseTimeText,
  type Region,
} from "./dateFormat";
import { formatCurrency, formatNumber, formatPercent, isNumberText } from "./numberFormat";

export type CellStyle = Pick<
  DataSource,
  "DataType" | "DataPrecision" | "RemoveZero" | "CurrencySymbol" | "DateFormat" | "TimeFormat"
>;

/** A cell's text as a date: a plain number in Excel's date range is a serial, else the date check. */
export function cellDate(text: string, kind: "date" | "time"): Date | null {
  const t = text.trim();
  if (isNumberText(t)) {
    const n = Number(t);
    return n >= 0 && n <= EXCEL_MAX_SERIAL ? excelSerialToDate(n) : null;
  }
  return parseDateText(t) ?? (kind === "time" ? parseTimeText(t) : null);
}

function precisionOf(p: number): number {
  return Number.isFinite(p) && p >= 0 ? Math.min(10, Math.trunc(p)) : -1;
}

export function formatCell(text: string, style: CellStyle, region: Region = 1): string {
  switch (style.DataType) {
    case 1:
      return formatNumber(text, precisionOf(style.DataPrecision), style.RemoveZero);
    case 2:
      return formatCurrency(
        text,
        precisionOf(style.DataPrecision),
        style.CurrencySymbol || DEFAULT_CURRENCY_SYMBOL,
      );
    case 3:
      return formatPercent(text, precisionOf(style.DataPrecision), style.RemoveZero);
    case 4: {
      const d = cellDate(text, "date");
      return d ? formatDate(d, style.DateFormat || DEFAULT_DATE_FORMAT, region) : text;
    }
    case 5: {
      const d = cellDate(text, "time");
      return d ? formatDate(d, style.TimeFormat || DEFAULT_TIME_FORMAT, region) : text;
    }
    default:
      return text;
  }
}
