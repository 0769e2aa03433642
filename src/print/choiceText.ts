// The records chosen for a print as short text, kept with its print record so a reprint chooses
// the same ones: 1-based runs of consecutive records with the same copies, "1-3" (copies 1) or
// "4-6*2" (2 labels each), joined by commas: "1-3,5*4". Text that does not read back is refused.
import type { RecordChoice } from "./plan";

/** The choices as text (in their order; a run only joins records that follow each other). */
export function choicesText(choices: Iterable<RecordChoice>): string {
  const parts: string[] = [];
  let start = -1;
  let prev = -2;
  let copies = 0;
  const flush = () => {
    if (start < 0) return;
    const run = start === prev ? String(start + 1) : `${start + 1}-${prev + 1}`;
    parts.push(copies > 1 ? `${run}*${copies}` : run);
  };
  for (const c of choices) {
    const n = Math.max(1, Math.floor(c.copies) || 1);
    if (c.record !== prev + 1 || n !== copies) {
      flush();
      start = c.record;
      copies = n;
    }
    prev = c.record;
  }
  flush();
  return parts.join(",");
}

const RUN = /^(\d{1,7})(?:-(\d{1,7}))?(?:\*(\d{1,6}))?$/;

/**
 * The choices of `text` for a label of `count` records, or null when the text is not such a list or
 * names a record the label does not have (its data changed since): the caller starts from all.
 */
export function parseChoicesText(text: string, count: number, max = 100_000): RecordChoice[] | null {
  const out: RecordChoice[] = [];
  for (const part of String(text ?? "").split(",")) {
    const m = RUN.exec(part.trim());
    if (!m) return null;
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    const copies = m[3] === undefined ? 1 : Number(m[3]);
    if (from < 1 || to < from || to > count || copies < 1) return null;
    if (out.length + (to - from + 1) > max) return null;
    for (let r = from; r <= to; r++) out.push({ record: r - 1, copies });
  }
  return out.length ? out : null;
}
