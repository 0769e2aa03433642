// ^FR, a reversed field, prints its ink as the opposite of what is already there (XOR): white over
// ink, black over paper. The label keeps editable elements by composing the result from what our
// model draws (docs/zpl.md "^FR"):
// - a text or code wholly over paper is drawn plainly; wholly over one solid box or line, inverse
//   (`AntiMirror`: white ink on its own black box, which the box below already is);
// - a reversed solid box turns what it covers inside out: the solid boxes and lines below become the
//   boxes of the XOR (paper where both were), and a text or code wholly inside it flips between
//   plain and inverse, drawn above the new boxes.
// Anything else reversed (part over ink, over a picture, a reversed outline, ellipse or picture) is
// drawn as before and named in the list of what was not drawn exactly (`^FR`).
import { createElement } from "../model/kinds";
import { fitsText, isCode, printerDrawn } from "../model/kinds/caps";
import type { LabelElement } from "../model/types";

interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** A reversed box sharing ink with more than this many boxes is left as it is (bounds the XOR's grid). */
const MAX_HITS = 64;

/** Shares less than this (mm) are touching, not overlapping. */
const EPS = 0.01;

/** The page box of an element turned about its centre. */
function boxOf(el: LabelElement): Box {
  const turned = el.Rotate === 90 || el.Rotate === 270;
  const w = turned ? el.Height : el.Width;
  const h = turned ? el.Width : el.Height;
  const cx = el.StartX + el.Width / 2;
  const cy = el.StartY + el.Height / 2;
  return { x0: cx - w / 2, y0: cy - h / 2, x1: cx + w / 2, y1: cy + h / 2 };
}

/** The ink of a square box (solid, or its four borders) or a straight level line, as boxes; else null. */
function inkOf(el: LabelElement): Box[] | null {
  const drawn = printerDrawn(el);
  if (drawn?.form === "box") {
    const s = drawn.el;
    if (s.CornerRadius || el.Rotate % 180 !== 0) return null;
    const b = boxOf(el);
    const t = s.PenWidth;
    if (s.Fill || t * 2 >= Math.min(b.x1 - b.x0, b.y1 - b.y0)) return [b];
    return [
      { ...b, y1: b.y0 + t },
      { ...b, y0: b.y1 - t },
      { ...b, x1: b.x0 + t, y0: b.y0 + t, y1: b.y1 - t },
      { ...b, x0: b.x1 - t, y0: b.y0 + t, y1: b.y1 - t },
    ];
  }
  if (drawn?.form === "line") {
    const l = drawn.el;
    const vertical = l.StartX === l.EndX;
    const horizontal = l.StartY === l.EndY;
    if (!vertical && !horizontal) return null;
    const half = l.PenWidth / 2;
    return [
      {
        x0: Math.min(l.StartX, l.EndX) - (vertical ? half : 0),
        x1: Math.max(l.StartX, l.EndX) + (vertical ? half : 0),
        y0: Math.min(l.StartY, l.EndY) - (horizontal ? half : 0),
        y1: Math.max(l.StartY, l.EndY) + (horizontal ? half : 0),
      },
    ];
  }
  return null;
}

const overlaps = (a: Box, b: Box) =>
  Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > EPS && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > EPS;
const inside = (inner: Box, outer: Box) =>
  inner.x0 >= outer.x0 - EPS &&
  inner.y0 >= outer.y0 - EPS &&
  inner.x1 <= outer.x1 + EPS &&
  inner.y1 <= outer.y1 + EPS;
const covers = (b: Box, x: number, y: number) => x > b.x0 && x < b.x1 && y > b.y0 && y < b.y1;
const flips = (el: LabelElement) => fitsText(el) || isCode(el);

/** Boxes of the region where exactly one of `r` and the union of `below` is ink. */
function xorBoxes(r: Box, below: readonly Box[]): Box[] {
  const all = [r, ...below];
  const xs = [...new Set(all.flatMap((b) => [b.x0, b.x1]))].sort((a, b) => a - b);
  const ys = [...new Set(all.flatMap((b) => [b.y0, b.y1]))].sort((a, b) => a - b);
  const out: Box[] = [];
  for (let j = 0; j + 1 < ys.length; j++) {
    const cy = (ys[j] + ys[j + 1]) / 2;
    // the left edge of the run of ink cells this row is in, if any
    let from: number | null = null;
    for (let i = 0; i + 1 < xs.length; i++) {
      const cx = (xs[i] + xs[i + 1]) / 2;
      const ink = below.some((b) => covers(b, cx, cy)) !== covers(r, cx, cy);
      if (ink && from === null) from = xs[i];
      else if (!ink && from !== null) {
        out.push({ x0: from, y0: ys[j], x1: xs[i], y1: ys[j + 1] });
        from = null;
      }
    }
    if (from !== null) out.push({ x0: from, y0: ys[j], x1: xs[xs.length - 1], y1: ys[j + 1] });
  }
  return out.filter((b) => b.x1 - b.x0 > EPS && b.y1 - b.y0 > EPS);
}

/** A reversed solid box (or straight line, a box one border thick) over what is already drawn. */
function reverseBox(out: LabelElement[], el: LabelElement, r: Box): boolean {
  // what is below and shares ink with the box: replaced by the XOR's boxes (a frame's borders too)
  const hit = out.flatMap((e, i) => {
    const inks = inkOf(e);
    return inks?.some((b) => overlaps(b, r)) ? [{ i, inks }] : [];
  });
  if (hit.reduce((n, h) => n + h.inks.length, 0) > MAX_HITS) return false;
  const turned = out.flatMap((e, i) => (flips(e) && inside(boxOf(e), r) ? [i] : []));
  const boxes = xorBoxes(
    r,
    hit.flatMap((h) => h.inks),
  ).map((b, k): LabelElement => {
    const base = createElement("Rectangle", [], {
      x: b.x0,
      y: b.y0,
      width: b.x1 - b.x0,
      height: b.y1 - b.y0,
    });
    return {
      ...base,
      Id: k === 0 ? el.Id : base.Id,
      Name: k === 0 ? el.Name : `${el.Name} ${k + 1}`,
      Fill: true,
      PenWidth: 0,
      CornerRadius: 0,
    } as LabelElement;
  });
  // the new boxes go where the first thing they change was, below the texts and codes they turn
  const at = Math.min(out.length, ...hit.map((h) => h.i), ...turned);
  const gone = new Set(hit.map((h) => h.i));
  const flipped = new Set(turned);
  const kept = out.map((e, i) => (flipped.has(i) ? { ...e, AntiMirror: !e.AntiMirror } : e));
  const next = [
    ...kept.slice(0, at).filter((_, i) => !gone.has(i)),
    ...boxes,
    ...kept.slice(at).filter((_, i) => !gone.has(i + at)),
  ];
  out.splice(0, out.length, ...next);
  return true;
}

/** The label's elements with its reversed fields composed; `note` names those drawn as before. */
export function reverseFields(
  els: readonly LabelElement[],
  reversed: ReadonlySet<string>,
  note: (command: string) => void,
): LabelElement[] {
  const out: LabelElement[] = [];
  for (const el of els) {
    if (!reversed.has(el.Id)) {
      out.push(el);
      continue;
    }
    const ink = inkOf(el);
    if (ink?.length === 1 && reverseBox(out, el, ink[0])) continue;
    if (!flips(el)) {
      note("^FR");
      out.push(el);
      continue;
    }
    const b = boxOf(el);
    // the ink below its box: known boxes (a shape's or line's), or anything else (then not exact)
    const below = out.flatMap((e): (Box | null)[] => {
      const inks = inkOf(e);
      if (inks) return inks.filter((i) => overlaps(i, b));
      return overlaps(boxOf(e), b) ? [null] : [];
    });
    const known = below.filter((i): i is Box => i !== null);
    if (below.length === 0) out.push({ ...el, AntiMirror: false });
    else if (known.length === below.length && known.some((i) => inside(b, i)))
      out.push({ ...el, AntiMirror: true });
    else {
      note("^FR");
      out.push(el);
    }
  }
  return out;
}
