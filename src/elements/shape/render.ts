// Shapes: the outline is drawn inside the element box (inset by half the pen, shapeOutline.ts),
// optionally filled.
import { DEFAULT_TEXT_COLOR } from "../../model/constants";
import { shapeOutline, shapePen } from "../../model/kinds/shapeOutline";
import type { ShapeElement, ShapeType } from "../../model/types";
import { num } from "../../render/svg";
import type { ElementKind } from "../kind";
import { strokeAttrs } from "../line/render";

function paint(el: ShapeElement): string {
  const pen = shapePen(el);
  const fill = el.Fill ? DEFAULT_TEXT_COLOR : "none";
  return ` fill="${fill}"${pen > 0 ? strokeAttrs(pen, el.Dash || el.DashStyle === 1) : ""}`;
}

export function renderShape(el: ShapeElement): string {
  if (!el.Fill && shapePen(el) === 0) return "";
  const o = shapeOutline(el);
  if (!o) return "";
  const attrs = paint(el);
  switch (o.kind) {
    case "rect": {
      const r = el.Type === "RoundRectangle" ? ` rx="${num(o.r)}" ry="${num(o.r)}"` : "";
      return `<rect x="${num(o.x)}" y="${num(o.y)}" width="${num(o.width)}" height="${num(o.height)}"${r}${attrs}/>`;
    }
    case "ellipse":
      return `<ellipse cx="${num(o.cx)}" cy="${num(o.cy)}" rx="${num(o.rx)}" ry="${num(o.ry)}"${attrs}/>`;
    case "polygon":
      return `<polygon points="${o.points.map(([x, y]) => `${num(x)},${num(y)}`).join(" ")}"${attrs}/>`;
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
