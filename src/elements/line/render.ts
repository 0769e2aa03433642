// Lines: from the start point to the end point, PenWidth thick, dashed 5,2 (scaled by the pen).
import { DASH_ARRAY, DEFAULT_TEXT_COLOR } from "../../model/constants";
import { localBox } from "../../model/geometry";
import type { LineElement } from "../../model/types";
import { num } from "../../render/svg";
import type { ElementKind } from "../kind";

/** stroke-dasharray for a dashed outline: the 5,2 pattern in multiples of the pen width. */
export function dashArray(pen: number): string {
  return DASH_ARRAY.map((d) => num(d * pen)).join(" ");
}

export function strokeAttrs(pen: number, dashed: boolean): string {
  const w = Math.max(pen, 0);
  return ` stroke="${DEFAULT_TEXT_COLOR}" stroke-width="${num(w)}"${dashed && w > 0 ? ` stroke-dasharray="${dashArray(w)}"` : ""}`;
}

export function renderLine(el: LineElement): string {
  const b = localBox(el);
  const x1 = el.StartX - b.x;
  const y1 = el.StartY - b.y;
  const x2 = el.EndX - b.x;
  const y2 = el.EndY - b.y;
  if (!(el.PenWidth > 0)) return "";
  const dashed = el.Dash || el.DashStyle === 1;
  return `<line x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}"${strokeAttrs(el.PenWidth, dashed)}/>`;
}

const lineKind = (type: LineElement["Type"]): ElementKind<LineElement> => ({ type, render: renderLine });

export const lineKinds = [lineKind("Line"), lineKind("LineHorizontal"), lineKind("LineVertical")] as const;
