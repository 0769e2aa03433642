// The geometry of the portable SVG's shape elements (rect, line, circle, ellipse, polygon, polyline,
// path), read from their attributes, and traced onto a path sink: Canvas 2D's Path2D is one as it
// is; the PDF painter's sink writes path operators.

import { num } from "./style";
import type { SvgNode } from "./tree";

export type Shape =
  | {
      readonly kind: "rect";
      readonly x: number;
      readonly y: number;
      readonly width: number;
      readonly height: number;
      readonly rx: number;
      readonly ry: number;
    }
  | {
      readonly kind: "line";
      readonly x1: number;
      readonly y1: number;
      readonly x2: number;
      readonly y2: number;
    }
  | {
      readonly kind: "ellipse";
      readonly cx: number;
      readonly cy: number;
      readonly rx: number;
      readonly ry: number;
    }
  | { readonly kind: "poly"; readonly points: readonly number[]; readonly closed: boolean }
  /** path data as written (each painter has its own reader for it) */
  | { readonly kind: "path"; readonly d: string };

/** The outline of a shape element; null when it has none (zero size, bad points, not a shape). */
export function shapeOf(node: SvgNode): Shape | null {
  const a = node.attrs;
  switch (node.name) {
    case "rect": {
      const width = num(a.width);
      const height = num(a.height);
      if (!(width > 0 && height > 0)) return null;
      let rx = num(a.rx, Number.NaN);
      let ry = num(a.ry, Number.NaN);
      if (Number.isNaN(rx)) rx = Number.isNaN(ry) ? 0 : ry;
      if (Number.isNaN(ry)) ry = rx;
      const r = { rx: Math.min(rx, width / 2), ry: Math.min(ry, height / 2) };
      return { kind: "rect", x: num(a.x), y: num(a.y), width, height, ...r };
    }
    case "line":
      return { kind: "line", x1: num(a.x1), y1: num(a.y1), x2: num(a.x2), y2: num(a.y2) };
    case "ellipse":
    case "circle": {
      const rx = num(a.rx ?? a.r);
      const ry = num(a.ry ?? a.r);
      return rx > 0 && ry > 0 ? { kind: "ellipse", cx: num(a.cx), cy: num(a.cy), rx, ry } : null;
    }
    case "polygon":
    case "polyline": {
      const points = (a.points ?? "")
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      if (points.length < 4 || points.some((x) => !Number.isFinite(x))) return null;
      return { kind: "poly", points, closed: node.name === "polygon" };
    }
    case "path":
      return a.d ? { kind: "path", d: a.d } : null;
    default:
      return null;
  }
}

/** What a shape is traced onto: the subset of Path2D's methods the shapes need. */
export interface PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): void;
  closePath(): void;
  rect(x: number, y: number, w: number, h: number): void;
}

/** Bézier handle length of a quarter ellipse, as a share of its radius. */
const K = 0.5523;

function roundedRect(s: PathSink, x: number, y: number, w: number, h: number, rx: number, ry: number): void {
  const [a, b] = [rx * K, ry * K];
  const r = x + w;
  const btm = y + h;
  s.moveTo(x + rx, y);
  s.lineTo(r - rx, y);
  s.bezierCurveTo(r - rx + a, y, r, y + ry - b, r, y + ry);
  s.lineTo(r, btm - ry);
  s.bezierCurveTo(r, btm - ry + b, r - rx + a, btm, r - rx, btm);
  s.lineTo(x + rx, btm);
  s.bezierCurveTo(x + rx - a, btm, x, btm - ry + b, x, btm - ry);
  s.lineTo(x, y + ry);
  s.bezierCurveTo(x, y + ry - b, x + rx - a, y, x + rx, y);
  s.closePath();
}

/** An ellipse as four Bézier quarters, from its rightmost point, clockwise on screen (y down). */
export function traceEllipse(s: PathSink, cx: number, cy: number, rx: number, ry: number): void {
  const [a, b] = [rx * K, ry * K];
  s.moveTo(cx + rx, cy);
  s.bezierCurveTo(cx + rx, cy + b, cx + a, cy + ry, cx, cy + ry);
  s.bezierCurveTo(cx - a, cy + ry, cx - rx, cy + b, cx - rx, cy);
  s.bezierCurveTo(cx - rx, cy - b, cx - a, cy - ry, cx, cy - ry);
  s.bezierCurveTo(cx + a, cy - ry, cx + rx, cy - b, cx + rx, cy);
  s.closePath();
}

/** Traces every shape but a path (whose data each painter reads itself). */
export function traceShape(shape: Exclude<Shape, { kind: "path" }>, s: PathSink): void {
  switch (shape.kind) {
    case "rect":
      if (shape.rx > 0 && shape.ry > 0)
        roundedRect(s, shape.x, shape.y, shape.width, shape.height, shape.rx, shape.ry);
      else s.rect(shape.x, shape.y, shape.width, shape.height);
      return;
    case "line":
      s.moveTo(shape.x1, shape.y1);
      s.lineTo(shape.x2, shape.y2);
      return;
    case "ellipse":
      traceEllipse(s, shape.cx, shape.cy, shape.rx, shape.ry);
      return;
    case "poly": {
      const v = shape.points;
      s.moveTo(v[0], v[1]);
      for (let i = 2; i + 1 < v.length; i += 2) s.lineTo(v[i], v[i + 1]);
      if (shape.closed) s.closePath();
    }
  }
}
