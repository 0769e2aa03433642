// ^FB's line count and hanging indent, as a printer prints them: the block's 2nd and later lines
// start `indent` dots in (and wrap that much narrower), and a text that needs more lines than the
// block allows prints each further line over its last one. Our text wraps within one box, so such a
// block becomes a few texts of the same style: runs of lines that follow one another in one box,
// and each overprinted line a text of its own at the last line's place. A block that fits and has
// no indent (or one line) stays one text. Unturned texts only: a turned block stays one text.

import { newElementId } from "../model/ids";
import { hasEditableText } from "../model/kinds/caps";
import { boundTo } from "../model/kinds/parts";
import type { LabelElement, TextElement } from "../model/types";
import type { FontRegistry } from "../render";
import { layoutText, textElementSpec } from "../render/text";

/** ^FB's rules for one text, in mm */
export interface BlockLines {
  /** most lines the block prints (ZPL's default 1) */
  readonly lines: number;
  /** the 2nd and later lines' indent */
  readonly indent: number;
  /** from one line's baseline to the next: the font's height plus the block's spacing */
  readonly pitch: number;
}

/** A text of the block, and where it goes from the field's origin (mm, unturned). */
export interface BlockPiece {
  readonly el: TextElement;
  readonly dx: number;
  readonly dy: number;
}

const isSpace = (c: string) => /\s/.test(c);
/** most texts one block becomes */
const MAX_PIECES = 100;

/** [start, end) code point ranges of `chars` from `from` on, one per line laid out `width` wide. */
function lineRanges(
  el: TextElement,
  chars: readonly string[],
  from: number,
  width: number,
  fonts: FontRegistry,
) {
  const text = chars.slice(from).join("");
  const box = { ...el, BoxWidth: width, Width: width };
  const lines = layoutText(textElementSpec(box, text, width), fonts).lines;
  const out: [number, number][] = [];
  let p = from;
  for (const line of lines) {
    // a line's glyphs are its characters but the spaces where it breaks: count the others
    let left = line.glyphs.reduce((n, g) => n + Array.from(g.ch).filter((c) => !isSpace(c)).length, 0);
    while (p < chars.length && isSpace(chars[p])) p++;
    const start = p;
    while (left > 0 && p < chars.length) {
      if (!isSpace(chars[p])) left--;
      p++;
    }
    if (p > start) out.push([start, p]);
  }
  return out;
}

export function blockPieces(el: LabelElement, block: BlockLines, fonts: FontRegistry): BlockPiece[] {
  const whole = [{ el: el as TextElement, dx: 0, dy: 0 }];
  // a counting or bound text keeps its one box (its value changes from record to record)
  if (!hasEditableText(el) || el.Rotate !== 0 || el.DataSourceList[el.dataSourceIndex]?.DataSourceType !== 0)
    return whole;
  const chars = Array.from(el.Data);
  const first = lineRanges(el, chars, 0, el.BoxWidth, fonts);
  const indent = Math.min(block.indent, el.BoxWidth * 0.9);
  const ranges =
    indent > 0 && first.length > 1
      ? [first[0], ...lineRanges(el, chars, first[0][1], el.BoxWidth - indent, fonts)]
      : first;
  const max = Math.max(1, block.lines);
  if (ranges.length <= max && (indent === 0 || ranges.length <= 1)) return whole;
  // each line's row (the further ones all on the last) and indent; runs of rows one after another
  // at one indent stay one text
  const runs: { start: number; end: number; row: number; rows: number; dx: number }[] = [];
  ranges.forEach(([start, end], i) => {
    const row = Math.min(i, max - 1);
    const dx = i > 0 ? indent : 0;
    const last = runs[runs.length - 1];
    if (last && last.dx === dx && last.row + last.rows === row) {
      last.end = end;
      last.rows++;
    } else runs.push({ start, end, row, rows: 1, dx });
  });
  // a text of hundreds of lines over one another stays one text (bounds the label's elements)
  if (runs.length > MAX_PIECES) return whole;
  return runs.map((r, k) => {
    const text = chars.slice(r.start, r.end).join("");
    const width = el.BoxWidth - r.dx;
    return {
      el: {
        ...el,
        ...boundTo(text),
        ...(k > 0 ? { Id: newElementId(), Name: `${el.Name} ${k + 1}` } : {}),
        BoxWidth: width,
        Width: width,
      },
      dx: r.dx,
      dy: r.row * block.pitch,
    };
  });
}
