// Lines: free (Line), horizontal and vertical. Handles are the two end points; a line never gets
// shorter than the minimum length (spec §4, §5).
import { MIN_LINE_LENGTH, NEW_LINE } from "../constants";
import { bool, num, oneOfStr } from "../file/codecs";
import { c, DASH_STYLE, f, PEN_WIDTH } from "../file/fields";
import { readFields } from "../file/readParts";
import { fields } from "../file/writeParts";
import type { Point } from "../geometry";
import type { LineDirection, LineElement } from "../types";
import { pxToMm } from "../units";
import { type Handle, type KindModel, NO_CAPS } from "./kind";
import { baseElement, MIN_BOX, pen, px } from "./parts";

export const LINE_DIRECTIONS: readonly LineDirection[] = [
  "LeftLine",
  "RightLine",
  "LineHorizontal",
  "LineVertical",
];

export const LINE_FIELDS = [
  f("EndX", "EndX", c(num("ElementPosition"))),
  f("EndY", "EndY", c(num("ElementPosition"))),
  f("LineDirection", "LineDirection", c(oneOfStr(LINE_DIRECTIONS))),
  f("PenWidth", "PenWidth", c(num(PEN_WIDTH))),
  f("Dash", "Dash", c(bool)),
  f("DashStyle", "DashStyle", c(DASH_STYLE)),
];

const MIN_LINE = pxToMm(MIN_LINE_LENGTH);

function resizeLine(el: LineElement, h: Handle, d: Point): LineElement {
  let dx = d.x;
  let dy = d.y;
  if (el.LineDirection === "LineHorizontal") dy = 0;
  if (el.LineDirection === "LineVertical") dx = 0;
  const moving =
    h === "start" ? { x: el.StartX + dx, y: el.StartY + dy } : { x: el.EndX + dx, y: el.EndY + dy };
  const fixed = h === "start" ? { x: el.EndX, y: el.EndY } : { x: el.StartX, y: el.StartY };
  let vx = moving.x - fixed.x;
  let vy = moving.y - fixed.y;
  const len = Math.hypot(vx, vy);
  if (len < MIN_LINE) {
    // keep the direction the user dragged to (or the old one when it collapsed) at the minimum length
    const ox = h === "start" ? el.StartX - el.EndX : el.EndX - el.StartX;
    const oy = h === "start" ? el.StartY - el.EndY : el.EndY - el.StartY;
    const [ux, uy] =
      len > 1e-9 ? [vx / len, vy / len] : [ox / (Math.hypot(ox, oy) || 1), oy / (Math.hypot(ox, oy) || 1)];
    vx = ux * MIN_LINE;
    vy = uy * MIN_LINE;
  }
  const p = { x: fixed.x + vx, y: fixed.y + vy };
  const next = h === "start" ? { ...el, StartX: p.x, StartY: p.y } : { ...el, EndX: p.x, EndY: p.y };
  return { ...next, Width: Math.abs(next.EndX - next.StartX), Height: Math.abs(next.EndY - next.StartY) };
}

export const lineModel: KindModel<LineElement> = {
  name: "line",
  types: ["Line", "LineVertical", "LineHorizontal"],
  palette: {
    items: [
      ["Line", "line"],
      ["LineHorizontal", "lineHorizontal"],
      ["LineVertical", "lineVertical"],
    ],
  },
  caps: {
    ...NO_CAPS,
    endPoints: true,
    printerForms: { Line: "line", LineHorizontal: "line", LineVertical: "line" },
  },
  create: (type, els, p) => {
    const len = px(NEW_LINE.length, p.multiple);
    const vertical = type === "LineVertical";
    const w = vertical ? 0 : len;
    const h = vertical ? len : 0;
    return {
      ...baseElement(type, els, p, w, h),
      Type: type,
      EndX: p.x + (p.width ?? w),
      EndY: p.y + (p.height ?? h),
      LineDirection: type === "Line" ? "LeftLine" : type,
      PenWidth: pen(NEW_LINE.penWidth),
      Dash: false,
      DashStyle: 0,
    };
  },
  read: (node, def, out) => readFields(node, LINE_FIELDS, def, out),
  write: (out, p, el) => fields(out, p, el, LINE_FIELDS),
  handles: () => ["start", "end"],
  minSize: () => ({ w: MIN_BOX, h: MIN_BOX }),
  proportional: () => false,
  resize: resizeLine,
  shared: () => ["PenWidth", "Dash"],
};
