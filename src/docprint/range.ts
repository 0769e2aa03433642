// Document page range (application.md §5 "Document page range format such as 1-3,5, with an error for
// wrong input"): comma-separated page numbers and inclusive spans, 1-based. Empty text means every
// page. Anything else (letters, 0, a page past the end, a span running backwards) is refused whole.

export type RangeResult = { readonly ok: true; readonly pages: readonly number[] } | { readonly ok: false };

/** Pages named by `text` (in the order first named, without repeats) for a document of `pageCount` pages. */
export function parsePageRange(text: string, pageCount: number): RangeResult {
  const all = () => Array.from({ length: Math.max(0, pageCount) }, (_, i) => i + 1);
  const s = String(text ?? "").replace(/\s+/g, "");
  if (s === "") return pageCount > 0 ? { ok: true, pages: all() } : { ok: false };
  const seen = new Set<number>();
  const pages: number[] = [];
  for (const part of s.split(",")) {
    const m = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(part);
    if (!m) return { ok: false };
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a < 1 || b < a || b > pageCount) return { ok: false };
    for (let p = a; p <= b; p++)
      if (!seen.has(p)) {
        seen.add(p);
        pages.push(p);
      }
  }
  return { ok: true, pages };
}
