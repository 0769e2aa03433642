// Plane geometry of elements in label millimetres: boxes, rotation about the box centre, moves.
// Rotation (0/90/180/270) turns an element about the centre of its StartX/StartY/Width/Height box,
// so a 90° element occupies a box of Height × Width with the same centre.
import { PX_PER_MM } from "./constants";
import { isLine } from "./kinds/caps";
import { outlineDistance, shapeOutline, shapePen } from "./kinds/shapeOutline";
import { isMirrorCopy, type LabelElement, SHAPE_TYPES, type ShapeElement } from "./types";

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Editor "units" (canvas px at zoom 1) → mm. */
export function unitsToMm(units: number): number {
  return units / PX_PER_MM;
}

/** The element's own (unrotated) box. Lines use the box spanned by their end points. */
export function localBox(el: LabelElement): Box {
  if (isLine(el)) {
    const x = Math.min(el.StartX, el.EndX);
    const y = Math.min(el.StartY, el.EndY);
    return { x, y, width: Math.abs(el.EndX - el.StartX), height: Math.abs(el.EndY - el.StartY) };
  }
  return { x: el.StartX, y: el.StartY, width: el.Width, height: el.Height };
}

/** The axis-aligned box the element covers on the canvas, rotation included. */
export function elementBox(el: LabelElement): Box {
  const b = localBox(el);
  if (el.Rotate === 90 || el.Rotate === 270) {
    const cx = b.x + b.width / 2;
    const cy = b.y + b.height / 2;
    return { x: cx - b.height / 2, y: cy - b.width / 2, width: b.height, height: b.width };
  }
  return b;
}

export function unionBox(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const b of boxes) {
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.width);
    y1 = Math.max(y1, b.y + b.height);
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** A box from two corner points in any order (a selection frame). */
export function boxFromPoints(a: Point, b: Point): Box {
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(b.x - a.x),
    height: Math.abs(b.y - a.y),
  };
}

export function containsBox(outer: Box, inner: Box): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

export function intersects(a: Box, b: Box): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

export function containsPoint(b: Box, p: Point, pad = 0): boolean {
  return p.x >= b.x - pad && p.x <= b.x + b.width + pad && p.y >= b.y - pad && p.y <= b.y + b.height + pad;
}

/** The element moved by (dx, dy) mm; lines move both end points. */
export function translateElement<T extends LabelElement>(el: T, dx: number, dy: number): T {
  if (dx === 0 && dy === 0) return el;
  if (isLine(el)) {
    return { ...el, StartX: el.StartX + dx, StartY: el.StartY + dy, EndX: el.EndX + dx, EndY: el.EndY + dy };
  }
  return { ...el, StartX: el.StartX + dx, StartY: el.StartY + dy };
}

/** Rotates a vector by a multiple of 90° (clockwise on screen, y down). */
export function rotateVector(v: Point, deg: number): Point {
  switch (((deg % 360) + 360) % 360) {
    case 90:
      return { x: -v.y, y: v.x };
    case 180:
      return { x: -v.x, y: -v.y };
    case 270:
      return { x: v.y, y: -v.x };
    default:
      return v;
  }
}

/** An SVG matrix [a b c d e f]. */
export type Matrix = readonly [number, number, number, number, number, number];

/**
 * The matrix placing an element's local frame (origin at its unrotated box's top-left corner) on the
 * label: rotated about the box centre, mirrored horizontally; null when it is a plain translation.
 */
export function elementMatrix(el: LabelElement): Matrix | null {
  const rot = (((Number(el.Rotate) || 0) % 360) + 360) % 360;
  const mirror = el.MirrorImage === true;
  if (rot === 0 && !mirror) return null;
  const b = localBox(el);
  const t = (rot * Math.PI) / 180;
  const cos = Math.round(Math.cos(t) * 1e6) / 1e6;
  const sin = Math.round(Math.sin(t) * 1e6) / 1e6;
  const sx = mirror ? -1 : 1;
  const a = cos * sx;
  const bb = sin * sx;
  const c = -sin;
  const d = cos;
  const cx = b.x + b.width / 2;
  const cy = b.y + b.height / 2;
  return [
    a,
    bb,
    c,
    d,
    cx - (a * b.width) / 2 - (c * b.height) / 2,
    cy - (bb * b.width) / 2 - (d * b.height) / 2,
  ];
}

/** A label point in the element's local frame (the inverse of `elementMatrix`), mm. */
export function toLocalPoint(el: LabelElement, p: Point): Point {
  const m = elementMatrix(el);
  if (m === null) {
    const b = localBox(el);
    return { x: p.x - b.x, y: p.y - b.y };
  }
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c || 1;
  const x = p.x - e;
  const y = p.y - f;
  return { x: (d * x - c * y) / det, y: (-b * x + a * y) / det };
}

/** Ids of elements whose canvas box lies fully inside the frame (mirror copies excluded). */
export function elementsInFrame(elements: readonly LabelElement[], frame: Box): string[] {
  const ids: string[] = [];
  for (const el of elements) if (!isMirrorCopy(el) && containsBox(frame, elementBox(el))) ids.push(el.Id);
  return ids;
}

/** A shape without fill: only its outline is drawn, so only its outline is hit. */
export function isHollowShape(el: LabelElement): el is ShapeElement {
  return (SHAPE_TYPES as readonly string[]).includes(el.Type) && (el as ShapeElement).Fill !== true;
}

/**
 * Is the point on the element (hit padding in mm)? Its box, except for an unfilled shape: its
 * stroke only (the pen's width about the outline, plus the padding), so its empty inside lets the
 * pointer through to what lies below.
 */
export function elementHit(el: LabelElement, p: Point, pad = 0): boolean {
  if (!containsPoint(elementBox(el), p, pad)) return false;
  if (!isHollowShape(el)) return true;
  const o = shapeOutline(el);
  return o === null || outlineDistance(o, toLocalPoint(el, p)) <= shapePen(el) / 2 + pad;
}

/** The topmost selectable element under a point (hit padding in mm), or null. */
export function hitTest(elements: readonly LabelElement[], p: Point, pad = 0): LabelElement | null {
  for (let i = elements.length - 1; i >= 0; i--) {
    const el = elements[i];
    if (isMirrorCopy(el)) continue;
    if (elementHit(el, p, pad)) return el;
  }
  return null;
}
