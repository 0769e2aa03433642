// Shapes: the outline is drawn inside the element box (inset by half the pen), optionally filled.
import { DEFAULT_TEXT_COLOR } from "../../model/constants";
import type { ShapeElement, ShapeType } from "../../model/types";
import { type ElementKind, num } from "../kind";
import { strokeAttrs } from "../line/render";

function paint(el: ShapeElement): string {
  const pen = Math.max(el.PenWidth, 0) || 0;
  const fill = el.Fill ? DEFAULT_TEXT_COLOR : "none";
  return ` fill="${fill}"${pen > 0 ? strokeAttrs(pen, el.Dash || el.DashStyle === 1) : ""}`;
}

const pts = (p: readonly [number, number][]) => p.map(([x, y]) => `${num(x)},${num(y)}`).join(" ");

export function renderShape(el: ShapeElement): string {
  const w = Math.max(el.Width, 0);
  const h = Math.max(el.Height, 0);
  const pen = Math.max(el.PenWidth, 0) || 0;
  const i = Math.min(pen / 2, w / 2, h / 2);
  const iw = w - 2 * i;
  const ih = h - 2 * i;
  const attrs = paint(el);
  if (!el.Fill && pen === 0) return "";
  switch (el.Type) {
    case "Rectangle":
      return `<rect x="${num(i)}" y="${num(i)}" width="${num(iw)}" height="${num(ih)}"${attrs}/>`;
    case "RoundRectangle": {
      const r = Math.max(0, Math.min(el.CornerRadius || 0, iw / 2, ih / 2));
      return `<rect x="${num(i)}" y="${num(i)}" width="${num(iw)}" height="${num(ih)}" rx="${num(r)}" ry="${num(r)}"${attrs}/>`;
    }
    case "Ellipse":
      return `<ellipse cx="${num(w / 2)}" cy="${num(h / 2)}" rx="${num(iw / 2)}" ry="${num(ih / 2)}"${attrs}/>`;
    case "Diamond":
      return `<polygon points="${pts([
        [w / 2, i],
        [w - i, h / 2],
        [w / 2, h - i],
        [i, h / 2],
      ])}"${attrs}/>`;
    case "Triangle":
      return `<polygon points="${pts([
        [w / 2, i],
        [w - i, h - i],
        [i, h - i],
      ])}"${attrs}/>`;
    default:
      return "";
  }
}

const shapeKind = (type: ShapeType): ElementKind<ShapeElement> => ({ type, render: renderShape });

export const shapeKinds = [
  shapeKind("Rectangle"),
  shapeKind("RoundRectangle"),
  shapeKind("Diamond"),
  shapeKind("Ellipse"),
  shapeKind("Triangle"),
] as const;
