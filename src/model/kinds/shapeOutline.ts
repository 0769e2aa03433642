// A shape's outline in its local frame (mm, origin at its box's top-left corner): the path its pen
// strokes, inset by half the pen so the stroke stays inside the box. The renderer draws it
// (src/elements/shape/render.ts) and the canvas hit-tests unfilled shapes against it (geometry.ts).
import type { ShapeElement } from "../types";

type Pt = readonly [number, number];

export type ShapeOutline =
  | {
      readonly kind: "rect";
      readonly x: number;
      readonly y: number;
      readonly width: number;
      readonly height: number;
      /** corner radius, 0 for square corners */
      readonly r: number;
    }
  | {
      readonly kind: "ellipse";
      readonly cx: number;
      readonly cy: number;
      readonly rx: number;
      readonly ry: number;
    }
  | { readonly kind: "polygon"; readonly points: readonly Pt[] };

/** The pen width drawn (a negative or missing one draws none). */
export const shapePen = (el: ShapeElement): number => Math.max(Number(el.PenWidth) || 0, 0);

export function shapeOutline(el: ShapeElement): ShapeOutline | null {
  const w = Math.max(el.Width, 0);
  const h = Math.max(el.Height, 0);
  const i = Math.min(shapePen(el) / 2, w / 2, h / 2);
  const iw = w - 2 * i;
  const ih = h - 2 * i;
  switch (el.Type) {
    case "Rectangle":
      return { kind: "rect", x: i, y: i, width: iw, height: ih, r: 0 };
    case "RoundRectangle":
      return {
        kind: "rect",
        x: i,
        y: i,
        width: iw,
        height: ih,
        r: Math.max(0, Math.min(el.CornerRadius || 0, iw / 2, ih / 2)),
      };
    case "Ellipse":
      return { kind: "ellipse", cx: w / 2, cy: h / 2, rx: iw / 2, ry: ih / 2 };
    case "Diamond":
      return {
        kind: "polygon",
        points: [
          [w / 2, i],
          [w - i, h / 2],
          [w / 2, h - i],
          [i, h / 2],
        ],
      };
    case "Triangle":
      return {
        kind: "polygon",
        points: [
          [w / 2, i],
          [w - i, h - i],
          [i, h - i],
        ],
      };
    default:
      return null;
  }
}

function segmentDistance(px: number, py: number, [ax, ay]: Pt, [bx, by]: Pt): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function polygonDistance(px: number, py: number, points: readonly Pt[]): number {
  let d = Infinity;
  for (let k = 0; k < points.length; k++) {
    d = Math.min(d, segmentDistance(px, py, points[k], points[(k + 1) % points.length]));
  }
  return d;
}

/** An ellipse as a polygon fine enough for hit-testing (a 50 mm radius strays < 0.05 mm). */
const ELLIPSE_STEPS = 72;

/** The distance (mm) from a local point to the outline, inside or out. */
export function outlineDistance(o: ShapeOutline, p: { readonly x: number; readonly y: number }): number {
  switch (o.kind) {
    case "rect": {
      // the rounded box's signed distance, made unsigned: |distance to the stroke's centre line|
      const hw = o.width / 2;
      const hh = o.height / 2;
      const qx = Math.abs(p.x - (o.x + hw)) - (hw - o.r);
      const qy = Math.abs(p.y - (o.y + hh)) - (hh - o.r);
      const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
      return Math.abs(outside + Math.min(Math.max(qx, qy), 0) - o.r);
    }
    case "ellipse": {
      const pts: Pt[] = [];
      for (let k = 0; k < ELLIPSE_STEPS; k++) {
        const t = (2 * Math.PI * k) / ELLIPSE_STEPS;
        pts.push([o.cx + o.rx * Math.cos(t), o.cy + o.ry * Math.sin(t)]);
      }
      return polygonDistance(p.x, p.y, pts);
    }
    case "polygon":
      return polygonDistance(p.x, p.y, o.points);
  }
}
