// Where an element goes from where ZPL put its field: ^FO is the top left of what is drawn (rotation
// included), ^FT the text's baseline or the code's bottom. Our elements turn about their centre,
// so StartX/StartY are those of the unrotated box around the same centre.
import { fitsText, isLine } from "../model/kinds/caps";
import type { LabelElement } from "../model/types";
import { ptToMm } from "../model/units";

/** A field's origin in mm, and whether it is ^FT's (baseline, bottom). */
export interface Anchor {
  readonly x: number;
  readonly y: number;
  readonly typeset: boolean;
}

/** share of the text's line above its baseline */
const ASCENT = 0.8;

/**
 * Puts the element where ZPL drew it: StartX/StartY of the unrotated box, rotated about its centre.
 * `baseline`: a text's first baseline below its top (mm, from its layout), else an estimate.
 */
export function placed(
  el: LabelElement,
  a: Anchor,
  code: { kind: string; height: number; dpi: number } | undefined,
  baseline?: number,
): LabelElement {
  if (isLine(el)) {
    const w = Math.abs(el.EndX - el.StartX);
    const h = Math.abs(el.EndY - el.StartY);
    const right = el.LineDirection === "RightLine";
    // a straight line's field is the top left of its stroke; the line runs along the stroke's middle
    // (ZPL's diagonals, ^GD, are never flat: at least a dot each way)
    const x = a.x + (w === 0 ? el.PenWidth / 2 : 0);
    const y = a.y + (h === 0 ? el.PenWidth / 2 : 0);
    return { ...el, StartX: x, StartY: right ? y + h : y, EndX: x + w, EndY: right ? y : y + h };
  }
  const turned = el.Rotate === 90 || el.Rotate === 270;
  const vw = turned ? el.Height : el.Width;
  const vh = turned ? el.Width : el.Height;
  let top = a.y;
  if (a.typeset) {
    if (fitsText(el)) top = a.y - (baseline ?? ptToMm(el.FontSize) * ASCENT);
    else if (code) top = a.y - (code.kind === "barcode" ? (code.height * 25.4) / code.dpi : vh);
    else top = a.y - vh;
  }
  return { ...el, StartX: a.x + vw / 2 - el.Width / 2, StartY: top + vh / 2 - el.Height / 2 };
}
