// Scan to print (issue 27): which record of a label a scanned code names. The user picks a "key"
// once per label: a column of a spreadsheet the label is bound to, or one of its sequences (which
// accept their own values). The key's values are indexed once (Maps), so a lookup over 5,000 rows
// is three Map reads: the exact text first, then trimmed, then digits without leading zeros (an
// EAN-13 "0012345678905" finds the UPC-A "012345678905" and the other way round).

import { isCode } from "../model/kinds/caps";
import type { DataSource, LabelDocument } from "../model/types";
import { allSources, recordCount, type Sheets } from "./records";
import { sequenceOf } from "./sequence";
import { columnCell, columnCount, columnName } from "./spreadsheetSource";

export type ScanKey =
  | {
      readonly kind: "column";
      /** the workbook's ConnectionStr */
      readonly url: string;
      readonly sheet: number;
      readonly column: number;
      /** the first line is a header (ColumnFirstLine of the sources reading that sheet) */
      readonly header: boolean;
    }
  | {
      readonly kind: "sequence";
      readonly elementId: string;
      /** a table cell's LocaltionStart, for a sequence in a table */
      readonly cell?: readonly [number, number];
      /** the entry's index in its DataSourceList */
      readonly index: number;
    };

export interface ScanKeyOption {
  readonly key: ScanKey;
  /** stable text identity (storage, select values) */
  readonly id: string;
  /** what the key chooser shows, e.g. "products.xlsx › Products › Code" or "Text1: A-001, A-002, …" */
  readonly name: string;
}

export const scanKeyId = (key: ScanKey): string =>
  key.kind === "column"
    ? `column|${key.url}|${key.sheet}|${key.column}|${key.header ? 1 : 0}`
    : `sequence|${key.elementId}|${key.cell ? key.cell.join(",") : ""}|${key.index}`;

const fileName = (s: DataSource) => s.ExcelName || s.ConnectionStr.split("/").pop() || s.ConnectionStr;

/**
 * The keys a label offers: every column of every sheet its spreadsheet sources read (loaded
 * workbooks only), then each sequence. Bound columns come first, in document order.
 */
export function scanKeyOptions(doc: LabelDocument, sheets: Sheets): ScanKeyOption[] {
  const bound: ScanKeyOption[] = [];
  const others: ScanKeyOption[] = [];
  const seen = new Set<string>();
  const sheetsSeen = new Set<string>();
  const seqs: ScanKeyOption[] = [];
  for (const { element, cell, source, index } of allSources(doc)) {
    if (source.DataSourceType === 2) {
      const key: ScanKey = {
        kind: "sequence",
        elementId: element.Id,
        index,
        ...(cell ? { cell: [cell.LocaltionStart[0], cell.LocaltionStart[1]] as const } : {}),
      };
      const name = `${element.Name || element.Id}: ${sequenceOf(source, 0)}, ${sequenceOf(source, 1)}, …`;
      seqs.push({ key, id: scanKeyId(key), name });
      continue;
    }
    if (source.DataSourceType !== 1) continue;
    const wb = sheets.get(source.ConnectionStr);
    const [s, c] = source.SheetIndex ?? [0, 0];
    const sheet = wb?.sheets[s];
    if (!sheet) continue;
    const header = source.ColumnFirstLine === true;
    const at = (column: number): ScanKeyOption => {
      const key: ScanKey = { kind: "column", url: source.ConnectionStr, sheet: s, column, header };
      const name = `${fileName(source)} › ${sheet.sheetName} › ${columnName(sheet, column, header)}`;
      return { key, id: scanKeyId(key), name };
    };
    const mine = at(c);
    if (!seen.has(mine.id) && c >= 0 && c < columnCount(sheet)) {
      seen.add(mine.id);
      bound.push(mine);
    }
    const sheetId = `${source.ConnectionStr}|${s}|${header}`;
    if (sheetsSeen.has(sheetId)) continue;
    sheetsSeen.add(sheetId);
    for (let col = 0; col < columnCount(sheet); col++) others.push(at(col));
  }
  return [...bound, ...others.filter((o) => !seen.has(o.id)), ...seqs];
}

/**
 * The key chosen before when the label still offers it, else a sensible first guess: the column a
 * barcode or 2D code reads, else the first bound column, else the first sequence.
 */
export function defaultScanKey(
  options: readonly ScanKeyOption[],
  doc: LabelDocument,
  stored: string | null,
): ScanKeyOption | null {
  if (stored) {
    const hit = options.find((o) => o.id === stored);
    if (hit) return hit;
  }
  for (const { element, source } of allSources(doc)) {
    if (source.DataSourceType !== 1 || !isCode(element)) continue;
    const [s, c] = source.SheetIndex ?? [0, 0];
    const hit = options.find(
      (o) =>
        o.key.kind === "column" &&
        o.key.url === source.ConnectionStr &&
        o.key.sheet === s &&
        o.key.column === c,
    );
    if (hit) return hit;
  }
  return options[0] ?? null;
}

function sequenceSource(doc: LabelDocument, key: Extract<ScanKey, { kind: "sequence" }>): DataSource | null {
  for (const { element, cell, source, index } of allSources(doc)) {
    if (element.Id !== key.elementId || index !== key.index) continue;
    if (!!cell !== !!key.cell) continue;
    if (
      cell &&
      key.cell &&
      (cell.LocaltionStart[0] !== key.cell[0] || cell.LocaltionStart[1] !== key.cell[1])
    )
      continue;
    return source.DataSourceType === 2 ? source : null;
  }
  return null;
}

/**
 * What the key's values depend on besides the workbooks: the record count, and a sequence's own
 * settings. Equal signatures give equal `scanKeyValues`, so an edit elsewhere does not re-index.
 */
export function scanKeySignature(doc: LabelDocument, sheets: Sheets, key: ScanKey): string {
  const total = recordCount(doc, sheets);
  if (key.kind === "column") return `${scanKeyId(key)}|${total}`;
  const s = sequenceSource(doc, key);
  return `${scanKeyId(key)}|${total}|${s ? `${s.InitialValue}|${s.AddedValue}|${s.SequenceType}` : "-"}`;
}

/** The key's value of every record (record order), for the label's records; [] when the key is gone. */
export function scanKeyValues(doc: LabelDocument, sheets: Sheets, key: ScanKey): string[] {
  const total = recordCount(doc, sheets);
  const out: string[] = [];
  if (key.kind === "sequence") {
    const source = sequenceSource(doc, key);
    if (!source) return out;
    for (let i = 0; i < total; i++) out.push(sequenceOf(source, i));
    return out;
  }
  const sheet = sheets.get(key.url)?.sheets[key.sheet];
  if (!sheet || key.column < 0 || key.column >= columnCount(sheet)) return out;
  const reader = { ColumnFirstLine: key.header } as DataSource;
  const ref = { sheet, col: key.column };
  for (let i = 0; i < total; i++) out.push(columnCell(reader, ref, i));
  return out;
}

export type ScanMatchHow = "exact" | "trimmed" | "zeros";

export interface ScanMatch {
  /** 0-based record */
  readonly record: number;
  /** the key's value of that record, as the sheet holds it */
  readonly value: string;
  readonly how: ScanMatchHow;
}

export interface ScanIndex {
  readonly size: number;
  lookup(code: string): ScanMatch | null;
}

/** Digits without their leading zeros ("0" stays), or null for anything that is not all digits. */
export function digitsKey(text: string): string | null {
  const t = text.trim();
  return /^\d+$/.test(t) ? t.replace(/^0+(?=\d)/, "") : null;
}

/** Indexes the values once; the first record wins when several hold the same value. */
export function buildScanIndex(values: readonly string[]): ScanIndex {
  const exact = new Map<string, number>();
  const trimmed = new Map<string, number>();
  const digits = new Map<string, number>();
  const first = (m: Map<string, number>, k: string | null, i: number) => {
    if (k !== null && k !== "" && !m.has(k)) m.set(k, i);
  };
  values.forEach((v, i) => {
    first(exact, v, i);
    first(trimmed, v.trim(), i);
    first(digits, digitsKey(v), i);
  });
  const hit = (record: number | undefined, how: ScanMatchHow): ScanMatch | null =>
    record === undefined ? null : { record, value: values[record], how };
  return {
    size: values.length,
    lookup(code) {
      if (code === "") return null;
      const t = code.trim();
      const d = digitsKey(code);
      return (
        hit(exact.get(code), "exact") ??
        (t ? hit(trimmed.get(t), "trimmed") : null) ??
        (d !== null ? hit(digits.get(d), "zeros") : null)
      );
    },
  };
}
