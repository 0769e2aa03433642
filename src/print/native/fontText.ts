// Changing text as the printer's own text (issue 36): a text whose value changes per label is laid
// out by our text engine (src/render/text), and when the printer would draw exactly that — one face
// of the label's font for every character, no synthetic bold or italic, no decoration, spacing,
// stretch, turn, mirror or inverse, no shaping or right-to-left run — each line goes as a text field
// in a TrueType font sent to the printer once per job: the label's font cut down to the characters
// the job prints (the PDF writer's subsetter, with a cmap and a name table). Otherwise: the picture.
import { trueTypeOf } from "../../export/pdf/trueType";
import { hasEditableText } from "../../model/kinds/caps";
import type { LabelDocument, LabelElement } from "../../model/types";
import { mmToDots } from "../../model/units";
import type { Face, FontRegistry } from "../../render/fonts";
import { layoutText, textElementSpec } from "../../render/text";
import { needsShaping } from "../../render/text/shaper";
import { changesInJob } from "./page";

/** A run of one face on one line, in dots: (x, y) the left end of its baseline, `size` the em (TSPL: whole points). */
export interface TypesetLine {
  readonly face: Face;
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly text: string;
}

/** The far end of a run may land this many dots off ours (the em is whole dots on a printer). */
const MAX_DRIFT_DOTS = 3;
/** Below this em the printer's rasteriser and ours part too much. */
const MIN_EM_DOTS = 8;

/**
 * A text element showing `value` (its record's) as printer text at `dpi`, its cell's top left at
 * (`ox`, `oy`) mm, its em a whole number of `step` dots: a field per run of one face (a character the label's font lacks is drawn from
 * the fallback face our layout took it from); null when the printer could not draw it as we do.
 */
export function typesetText(
  el: LabelElement,
  value: string,
  fonts: FontRegistry,
  dpi: number,
  ox = 0,
  oy = 0,
  step = 1,
): TypesetLine[] | null {
  if (!hasEditableText(el)) return null;
  if (el.Rotate !== 0 || el.MirrorImage || el.AntiMirror || el.TextArrange === 1) return null;
  if (el.Italic || el.UnderLine || el.DeleteLine) return null;
  const layout = layoutText(textElementSpec(el, value, el.Width), fonts);
  if (layout.syntheticBold || layout.italic || layout.vertical || layout.decorations.length) return null;
  // dots per mm
  const k = mmToDots(1, dpi);
  const exact = layout.size * k;
  // the em in whole `step`s of dots: ZPL's ^A@ takes dots, TSPL's TEXT points (step dpi / 72)
  const size = Math.round(exact / step) * step;
  if (size < MIN_EM_DOTS) return null;
  // the printer's run is `size / exact` as long as ours: in a centred or end-aligned text its
  // middle or end stays where ours is
  const align = el.TextAlign === 2 ? 1 : el.TextAlign === 1 ? 0 : 0.5;
  const out: TypesetLine[] = [];
  for (const line of layout.lines) {
    if (!line.natural || line.scale !== 1) return null;
    const glyphs = line.glyphs;
    for (let i = 0; i < glyphs.length; ) {
      const face = glyphs[i].face;
      if (!face.real || !face.data) return null;
      let j = i;
      let text = "";
      for (; j < glyphs.length && glyphs[j].face === face; j++) {
        const g = glyphs[j];
        // one UTF-16 unit: no cluster of marks, nothing past the BMP (the font's cmap is format 4)
        if (g.shaped || g.ch.length !== 1 || g.cp >= 0xffff) return null;
        text += g.ch;
      }
      // right-to-left or joined scripts: the printer would set them unshaped, in logical order
      if (needsShaping(text)) return null;
      const end = j < glyphs.length ? glyphs[j].x : line.start + line.length;
      const drift = (end - glyphs[i].x) * k * (1 - size / exact);
      if (Math.abs(drift) > MAX_DRIFT_DOTS) return null;
      if (text.trim() !== "")
        out.push({
          face,
          x: Math.round((ox + el.StartX + glyphs[i].x) * k + drift * align),
          y: Math.round((oy + el.StartY + line.axis) * k),
          size,
          text,
        });
      i = j;
    }
  }
  return out;
}

/** A font file the job sends to the printer, and the name the text fields call it by. */
export interface JobFont {
  readonly face: Face;
  /** INK1, INK2…: the file is `<name>.TTF` */
  readonly name: string;
  readonly file: Uint8Array;
}

/** The job's changing texts that go as printer text, and the fonts they need. */
export interface TypesetPlan {
  /** ids of the text elements that are printer text on every label of the job */
  readonly elements: ReadonlySet<string>;
  readonly fonts: readonly JobFont[];
  /** the font's name of a face */
  readonly nameOf: (face: Face) => string;
}

/**
 * Which changing texts of the job go as printer text — those every record can — and each face's
 * font cut to the characters of all of them (sent once, before the first label).
 */
export function planTypeset(
  doc: LabelDocument,
  records: readonly number[],
  valuesOf: (record: number) => ReadonlyMap<string, string>,
  fonts: FontRegistry,
  dpi: number,
  step = 1,
): TypesetPlan {
  const chars = new Map<Face, Set<number>>();
  const elements = new Set<string>();
  const values = records.map(valuesOf);
  for (const el of doc.elements) {
    if (!hasEditableText(el) || !changesInJob(el)) continue;
    const used = new Map<Face, Set<number>>();
    let ok = true;
    for (const v of values) {
      const runs = typesetText(el, v.get(el.Id) ?? el.Data, fonts, dpi, 0, 0, step);
      if (!runs) {
        ok = false;
        break;
      }
      for (const run of runs) {
        const set = used.get(run.face) ?? new Set<number>();
        for (const c of run.text) set.add(c.codePointAt(0) as number);
        used.set(run.face, set);
      }
    }
    if (!ok) continue;
    elements.add(el.Id);
    for (const [face, set] of used) {
      const all = chars.get(face) ?? new Set<number>();
      for (const cp of set) all.add(cp);
      chars.set(face, all);
    }
  }
  const out: JobFont[] = [];
  for (const [face, set] of chars) {
    const name = `INK${out.length + 1}`;
    out.push({ face, name, file: fontFile(face, set, name) });
  }
  const names = new Map(out.map((f) => [f.face, f.name]));
  return { elements, fonts: out, nameOf: (face) => names.get(face) ?? "" };
}

/** The face's TrueType file cut to `chars` (those it has), named `<family> <name>`, for a printer. */
export function fontFile(face: Face, chars: Iterable<number>, name: string): Uint8Array {
  const font = trueTypeOf(face.data as ArrayBuffer);
  const map = new Map<number, number>();
  for (const cp of [...chars].sort((a, b) => a - b)) {
    const g = font.glyphId(cp);
    if (g) map.set(cp, g);
  }
  const used = [0, ...new Set(map.values())];
  return font.subset(used, { chars: map, name: `${face.family} ${name}` }).file;
}
