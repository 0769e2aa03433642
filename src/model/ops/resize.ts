// Resizing one element by dragging a handle, with the per-type rules of spec §4 and minimum sizes
// of §5. Pure and idempotent: the canvas passes the element as it was at pointer-down and the total
// pointer delta (mm), so repeated moves never accumulate rounding.
import { clamp } from "../bounds";
import { MIN_ELEMENT_SIZE, MIN_LINE_LENGTH, TABLE_MIN_CELL, TEXT_HEIGHT_FACTOR } from "../constants";
import { isLine, localBox, type Point, rotateVector, unitsToMm } from "../geometry";
import {
  isMirrorCopy,
  type LabelDocument,
  type LabelElement,
  type LineElement,
  type TableElement,
  type TextElement,
  type TimeTextElement,
} from "../types";
import { ptToMm } from "../units";
import { commit, refuse } from "./commit";
import { MSG } from "./messages";
import { replaceElements } from "./targets";
import type { OpResult } from "./types";

/** Box handles by compass point, plus the two end points of a line. */
export type Handle = "nw" | "n" | "ne" | "e" | "se" | "s" | "sw" | "w" | "start" | "end";
export const BOX_HANDLES: readonly Handle[] = ["nw", "n", "ne", "e", "se", "s", "sw", "w"];
const CORNERS: readonly Handle[] = ["nw", "ne", "se", "sw"];

/** The handles an element shows (spec §4 "Handles by type"). */
export function resizeHandles(el: LabelElement): readonly Handle[] {
  if (el.Lock || isMirrorCopy(el)) return [];
  switch (el.Type) {
    case "QRcode":
      return ["se"];
    case "Barcode":
    case "Image":
      return el.ISParticipating ? ["se"] : BOX_HANDLES;
    case "Table":
      return ["e", "s"];
    case "Text":
    case "TimeText":
      // text sizes itself from its content unless auto-line is on; corners scale the font
      return el.TextAutoLine ? [...CORNERS, "e", "w"] : [];
    case "Line":
    case "LineHorizontal":
    case "LineVertical":
      return ["start", "end"];
    default:
      return BOX_HANDLES;
  }
}

const MIN = unitsToMm(MIN_ELEMENT_SIZE);
const MIN_LINE = unitsToMm(MIN_LINE_LENGTH);

function minSize(el: LabelElement): { w: number; h: number } {
  if (el.Type === "Table") {
    const cell = unitsToMm(TABLE_MIN_CELL);
    return { w: el.Column * (cell + el.PenWidth), h: el.Row * (cell + el.PenWidth) };
  }
  if (el.Type === "Text" || el.Type === "TimeText")
    return { w: MIN, h: ptToMm(el.FontSize) * TEXT_HEIGHT_FACTOR };
  return { w: MIN, h: MIN };
}

function edges(h: Handle): { l: boolean; r: boolean; t: boolean; b: boolean } {
  return { l: h.includes("w"), r: h.includes("e"), t: h.startsWith("n"), b: h.startsWith("s") };
}

/** Places a resized box so the point opposite the handle stays fixed on the canvas (rotation aware). */
function anchorBox(el: LabelElement, h: Handle, w2: number, h2: number): { x: number; y: number } {
  const b = localBox(el);
  const e = edges(h);
  const c = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  const a = {
    x: e.r ? -b.width / 2 : e.l ? b.width / 2 : 0,
    y: e.b ? -b.height / 2 : e.t ? b.height / 2 : 0,
  };
  const ra = rotateVector(a, el.Rotate);
  const anchor = { x: c.x + ra.x, y: c.y + ra.y };
  const a2 = rotateVector(
    { x: e.r ? -w2 / 2 : e.l ? w2 / 2 : 0, y: e.b ? -h2 / 2 : e.t ? h2 / 2 : 0 },
    el.Rotate,
  );
  return { x: anchor.x - a2.x - w2 / 2, y: anchor.y - a2.y - h2 / 2 };
}

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

function scaleTable(el: TableElement, w2: number, h2: number): TableElement {
  const sx = w2 / el.Width;
  const sy = h2 / el.Height;
  const r3 = (n: number) => Math.round(n * 1000) / 1000;
  const CellWidth = el.CellWidth.map((w) => r3(w * sx));
  const CellHeight = el.CellHeight.map((h) => r3(h * sy));
  return {
    ...el,
    CellWidth,
    CellHeight,
    Width: CellWidth.reduce((a, b) => a + b, 0),
    Height: CellHeight.reduce((a, b) => a + b, 0),
  };
}

/** Computes the resized element, or null when the element has no such handle. */
export function resizedElement(el: LabelElement, handle: Handle, delta: Point): LabelElement | null {
  if (!resizeHandles(el).includes(handle)) return null;
  if (isLine(el)) return resizeLine(el, handle, rotateVector(delta, -el.Rotate));
  const d = rotateVector(delta, -el.Rotate);
  const e = edges(handle);
  const min = minSize(el);
  let w2 = el.Width + (e.r ? d.x : e.l ? -d.x : 0);
  let h2 = el.Height + (e.b ? d.y : e.t ? -d.y : 0);
  const proportional =
    el.Type === "QRcode" ||
    ((el.Type === "Barcode" || el.Type === "Image") && el.ISParticipating) ||
    ((el.Type === "Text" || el.Type === "TimeText") && CORNERS.includes(handle));
  if (proportional && el.Width > 0 && el.Height > 0) {
    let s = Math.max(w2 / el.Width, h2 / el.Height);
    s = Math.max(s, min.w / el.Width, min.h / el.Height);
    if (el.Type === "Text" || el.Type === "TimeText") return scaleText(el, s, handle);
    w2 = el.Width * s;
    h2 = el.Height * s;
  } else {
    w2 = Math.max(w2, min.w);
    h2 = Math.max(h2, min.h);
  }
  const pos = anchorBox(el, handle, w2, h2);
  if (el.Type === "Table") return { ...scaleTable(el, w2, h2), StartX: pos.x, StartY: pos.y };
  const next = { ...el, StartX: pos.x, StartY: pos.y, Width: w2, Height: h2 } as LabelElement;
  if ((el.Type === "Text" || el.Type === "TimeText") && next.Type === el.Type) {
    return { ...next, BoxWidth: clamp("BoxWidth", w2) } as LabelElement;
  }
  return next;
}

/** Corner handles of text scale the font size (1..100 pt, 1 decimal) and the box with it. */
function scaleText(el: TextElement | TimeTextElement, s: number, handle: Handle): LabelElement {
  const FontSize = clamp("FontSize", el.FontSize * s);
  const k = FontSize / el.FontSize;
  const w2 = el.Width * k;
  const h2 = el.Height * k;
  const pos = anchorBox(el, handle, w2, h2);
  return {
    ...el,
    FontSize,
    Width: w2,
    Height: h2,
    BoxWidth: clamp("BoxWidth", el.BoxWidth * k),
    StartX: pos.x,
    StartY: pos.y,
  };
}

/** Resizes one element by dragging `handle` by `delta` mm (relative to the element in `doc`). */
export function resizeElement(doc: LabelDocument, id: string, handle: Handle, delta: Point): OpResult {
  const el = doc.elements.find((e) => e.Id === id);
  if (!el) return refuse(MSG.notFound);
  if (el.Lock) return refuse(MSG.locked);
  const next = resizedElement(el, handle, delta);
  if (!next) return refuse(MSG.noResize);
  return commit(doc, replaceElements(doc, new Map([[id, next]])), { kind: "edit" });
}
