// CSV through papaparse (loaded lazily). Text is UTF-8 (a byte-order mark is dropped); bytes that are
// not valid UTF-8 are read as GB18030, which is what Excel on a Chinese system writes. The delimiter is
// detected (comma, semicolon, tab, pipe). Cells stay exactly as written; nothing is converted.
import type { SpreadsheetLimits } from "./limits";
import { type Built, SheetBuilder } from "./sheetBuilder";
import type { SpreadsheetError } from "./types";

export function decodeText(bytes: Uint8Array): string {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    try {
      return new TextDecoder("gb18030").decode(body);
    } catch {
      return new TextDecoder("utf-8").decode(body);
    }
  }
}

/** Whether bytes look like text at all (no NUL byte in the first 8 KiB). */
export function looksLikeText(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 8192);
  for (let i = 0; i < n; i++) if (bytes[i] === 0) return false;
  return true;
}

const DELIMITERS = [",", ";", "\t", "|"] as const;
type PapaModule = typeof import("papaparse");

/**
 * The delimiter that splits the first lines (blank lines ignored) into the same number (> 1) of
 * fields most often; comma when none does. Papa's own guess is thrown off by trailing blank lines.
 */
export function guessDelimiter(Papa: PapaModule, text: string): string {
  const sample = text.slice(0, 64 * 1024);
  let best: string = ",";
  let bestScore = 0;
  for (const d of DELIMITERS) {
    const rows = Papa.parse<string[]>(sample, { delimiter: d, preview: 20, skipEmptyLines: true }).data;
    const counts = new Map<number, number>();
    for (const r of rows) if (r.length > 1) counts.set(r.length, (counts.get(r.length) ?? 0) + 1);
    const score = Math.max(0, ...counts.values());
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

export async function parseCsv(
  bytes: Uint8Array,
  sheetName: string,
  limits: SpreadsheetLimits,
): Promise<{ ok: true; sheets: Built[] } | { ok: false; error: SpreadsheetError }> {
  const Papa = (await import("papaparse")).default;
  const text = decodeText(bytes);
  const builder = new SheetBuilder(limits);
  const sheet = builder.begin(sheetName);
  let error: SpreadsheetError | null = null;
  Papa.parse<string[]>(text, {
    header: false,
    dynamicTyping: false,
    skipEmptyLines: false,
    delimiter: guessDelimiter(Papa, text),
    step: (res, parser) => {
      if (error) return;
      const row = Array.isArray(res.data)
        ? res.data.map((c) => (typeof c === "string" ? c : String(c ?? "")))
        : [];
      error = sheet.row(row);
      if (error) parser.abort();
    },
  });
  if (error) return { ok: false, error };
  return { ok: true, sheets: builder.finish() };
}
