// Dot snapping (docs/barcodes.md): at print resolution a module is a whole number of printer dots,
// and the symbol's edges fall on dot boundaries of the label's raster.
import { dotsToMm } from "../model/units";

/** Millimetres per printer dot. */
export function dotMm(dpi: number): number {
  return dotsToMm(1, dpi);
}

/**
 * Module size for `count` modules in `span` mm. Without a dpi: span / count. With one: the largest whole
 * number of dots (at least 1) whose modules still fit, so every bar prints the same number of dots.
 */
export function moduleSize(span: number, count: number, dpi?: number): number {
  const ideal = span / count;
  if (!dpi) return ideal;
  const d = dotMm(dpi);
  return Math.max(1, Math.floor(ideal / d + 1e-9)) * d;
}

/**
 * Where the symbol starts along one local axis: centred in the span and, when printing, moved by less
 * than one dot so that `origin + sign × start` (its position on the label) is a whole number of dots.
 */
export function alignedStart(
  span: number,
  used: number,
  dpi: number | undefined,
  origin = 0,
  sign: 1 | -1 = 1,
): number {
  const centred = (span - used) / 2;
  if (!dpi) return centred;
  const d = dotMm(dpi);
  const abs = origin + sign * centred;
  const snapped = Math.round(abs / d) * d;
  return centred + sign * (snapped - abs);
}

/** A local axis of an element on the label: absolute = origin + sign × local (rotation about the centre). */
export interface AxisMap {
  readonly origin: number;
  readonly sign: 1 | -1;
}

/**
 * How the element's local x and y axes lie on the label for Rotate 0/90/180/270, with MirrorImage
 * (a flip of local x about the box centre, applied before the rotation, as src/render does).
 */
export function localAxes(
  x: number,
  y: number,
  w: number,
  h: number,
  rotate: number,
  mirror = false,
): { x: AxisMap; y: AxisMap } {
  const axes = rotatedAxes(x, y, w, h, rotate);
  if (!mirror) return axes;
  const ax = axes.x;
  return { x: { origin: ax.origin + ax.sign * w, sign: ax.sign === 1 ? -1 : 1 }, y: axes.y };
}

function rotatedAxes(x: number, y: number, w: number, h: number, rotate: number): { x: AxisMap; y: AxisMap } {
  const cx = x + w / 2;
  const cy = y + h / 2;
  switch (rotate) {
    case 90: // local x runs down the label, local y runs left
      return { x: { origin: cy - w / 2, sign: 1 }, y: { origin: cx + h / 2, sign: -1 } };
    case 180:
      return { x: { origin: cx + w / 2, sign: -1 }, y: { origin: cy + h / 2, sign: -1 } };
    case 270:
      return { x: { origin: cy + w / 2, sign: -1 }, y: { origin: cx - h / 2, sign: 1 } };
    default:
      return { x: { origin: x, sign: 1 }, y: { origin: y, sign: 1 } };
  }
}
