// Page planning: which record goes into which cell of which page. A page is the label sheet
// (rows × columns cells); the records chosen in the record-selection dialog, each repeated by its
// own copies, fill the cells in order. The dialog's copies count prints every page that many times.
// Everything here is lazy so a 100,000-record job never builds a 100,000-entry array.

export interface RecordChoice {
  /** 0-based record index */
  readonly record: number;
  /** labels of this record (≥ 1) */
  readonly copies: number;
}

/** Caps of one print job (docs/security.md): copies of the job or of one record, records chosen, and
 * labels printed in all (records × their copies × job copies). The print assistant refuses more. */
export const JOB_LIMITS = { maxCopies: 1000, maxRecords: 100_000, maxLabels: 100_000 } as const;
/** The print dialog asks for confirmation before printing more labels than this. */
export const CONFIRM_LABELS = 100;

/** Rows are chosen by default with 1 copy each (the record-selection dialog's initial state). */
export function* allRecords(count: number): Generator<RecordChoice> {
  const n = Math.max(0, Math.floor(Number(count) || 0));
  for (let i = 0; i < n; i++) yield { record: i, copies: 1 };
}

/** Copies typed per row: digits only, empty or 0 → 1 (spec §5). */
export function rowCopies(text: string): number {
  const digits = String(text ?? "").replace(/\D+/g, "");
  const n = digits ? Number.parseInt(digits.slice(0, 6), 10) : 0;
  return n >= 1 ? n : 1;
}

/** The dialog's copies field: an integer ≥ 1; empty or anything else gives 1 (on blur). */
export function jobCopies(value: unknown): number {
  const n = typeof value === "number" ? value : Number.parseInt(String(value ?? "").trim(), 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(Math.floor(n), 99999) : 1;
}

export function cellsPerPage(columns: unknown, rows: unknown): number {
  const c = Math.max(1, Math.min(20, Math.round(Number(columns) || 1)));
  const r = Math.max(1, Math.min(20, Math.round(Number(rows) || 1)));
  return c * r;
}

/** Total labels of a choice list. */
export function labelCount(choices: Iterable<RecordChoice>): number {
  let n = 0;
  for (const c of choices) n += Math.max(1, Math.floor(c.copies) || 1);
  return n;
}

/** Pages for a number of labels: labels ÷ (rows × columns), rounded up. */
export const pageCount = (labels: number, perPage: number) =>
  labels <= 0 ? 0 : Math.ceil(labels / Math.max(1, perPage));

/**
 * What a queue job's printed pages held: `printed` pages each printed `copies` times, then
 * `copiesDone` copies of the next page (a fault stopped it part-way). `labels` is one copy's
 * labels and `perPage` the labels a page holds (a sheet's cells), so N-up pages count every label.
 */
export function printedOf(
  job: { readonly labels: number; readonly perPage: number; readonly copies: number },
  end: { readonly printed: number; readonly copiesDone?: number },
): { labels: number; pages: number } {
  const onPages = Math.min(end.printed * job.perPage, job.labels);
  const nextPage = Math.max(0, Math.min(job.perPage, job.labels - onPages));
  const copiesDone = nextPage ? Math.min(end.copiesDone ?? 0, job.copies) : 0;
  return {
    labels: onPages * job.copies + nextPage * copiesDone,
    pages: end.printed * job.copies + copiesDone,
  };
}

/** The pages in order, each the record index of every filled cell (the last page may be short). */
export function* planPages(choices: Iterable<RecordChoice>, perPage: number): Generator<number[]> {
  const size = Math.max(1, Math.floor(perPage) || 1);
  let page: number[] = [];
  for (const c of choices) {
    const copies = Math.max(1, Math.floor(c.copies) || 1);
    for (let k = 0; k < copies; k++) {
      page.push(c.record);
      if (page.length === size) {
        yield page;
        page = [];
      }
    }
  }
  if (page.length) yield page;
}

/** The records of page `page` (1-based) without walking the pages before it more than needed. */
export function recordsOfPage(choices: Iterable<RecordChoice>, perPage: number, page: number): number[] {
  let i = 1;
  for (const p of planPages(choices, perPage)) {
    if (i === page) return p;
    i++;
  }
  return [];
}

export const RANGE_CHUNK = 1000;

/**
 * The copies range text of the dialog: chosen record numbers (1-based) as runs, "1-3,5,8-10".
 * Built in chunks of 1,000 records so a large selection never makes one giant intermediate list;
 * `onChunk` lets a caller yield to the UI between chunks.
 */
export function rangeText(records: readonly number[], onChunk?: (done: number) => void): string {
  const sorted = [...new Set(records.filter((r) => Number.isInteger(r) && r >= 0))].sort((a, b) => a - b);
  const parts: string[] = [];
  let start = -1;
  let prev = -2;
  const flush = () => {
    if (start < 0) return;
    parts.push(start === prev ? String(start + 1) : `${start + 1}-${prev + 1}`);
  };
  for (let i = 0; i < sorted.length; i += RANGE_CHUNK) {
    for (const r of sorted.slice(i, i + RANGE_CHUNK)) {
      if (r !== prev + 1) {
        flush();
        start = r;
      }
      prev = r;
    }
    onChunk?.(Math.min(sorted.length, i + RANGE_CHUNK));
  }
  flush();
  return parts.join(",");
}
