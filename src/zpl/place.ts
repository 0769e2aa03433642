// Where an element goes from where ZPL put its field: ^FO is the top left of what is drawn (rotation
// included), ^FT the start of the text's baseline or the code's bottom left, both in the field's
// own turned frame (a text turned R reads down from ^FT, its letters to the right of it). Our
// elements turn about their centre, so StartX/StartY are those of the unrotated box around the
// same centre.
import { fitsText, isLine } from "../model/kinds/caps";
import type { LabelElement } from "../model/types";
import { ptToMm } from "../model/units";

/** A field's origin in mm, and whether it is ^FT's (baseline, bottom). */
export interface Anchor {
  readonly x: number;
  readonly y: number;
  readonly typeset: boolean;
  /** ^FO / ^FT x,y,1 (an upright text): the origin is the line's right end */
  readonly right?: boolean;
}

/** share of the text's line above its baseline (an estimate until the text's layout is known) */
export const ASCENT = 0.8;

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
  if (a.right) return placed(el, { ...a, x: a.x - el.Width, right: false }, code, baseline);
  const turned = el.Rotate === 90 || el.Rotate === 270;
  const vw = turned ? el.Height : el.Width;
  const vh = turned ? el.Width : el.Height;
  if (!a.typeset) return { ...el, StartX: a.x + vw / 2 - el.Width / 2, StartY: a.y + vh / 2 - el.Height / 2 };
  // ^FT names a point of the field in its own (unturned) frame: a text's baseline start, a code's
  // bottom left. That point, turned with the field about the box's centre, lands on the origin.
  let py = el.Height;
  if (fitsText(el)) py = baseline ?? ptToMm(el.FontSize) * ASCENT;
  else if (code?.kind === "barcode") py = (code.height * 25.4) / code.dpi;
  const [dx, dy] = turn(-el.Width / 2, py - el.Height / 2, el.Rotate);
  return { ...el, StartX: a.x - dx - el.Width / 2, StartY: a.y - dy - el.Height / 2 };
}

/** (x, y) turned `deg` clockwise on the page (y down). */
export function turn(x: number, y: number, deg: number): [number, number] {
  switch (deg) {
    case 90:
      return [-y, x];
    case 180:
      return [-x, -y];
    case 270:
      return [y, -x];
    default:
      return [x, y];
  }
}
