// ZPL's drawing commands (^GB box, ^GC circle, ^GE ellipse, ^GD diagonal) → shapes and lines of
// the format; a variant we cannot draw is noted instead (a white box, ^GB …,W).
import type { FormatElements } from "./elements";
import { type Field, num } from "./field";

export const SHAPE_COMMANDS = new Set(["GB", "GC", "GE", "GD"]);

export function drawShape(
  name: string,
  p: readonly string[],
  field: Field,
  f: FormatElements,
  note: (command: string) => void,
): void {
  const t = Math.max(1, num(p[name === "GC" ? 1 : 2], 1));
  if (name === "GC") {
    const d = Math.max(3, num(p[0], 3));
    f.shape("Ellipse", field, { w: d, h: d, t });
    return;
  }
  const w = Math.max(t, num(p[0], t));
  const h = Math.max(t, num(p[1], t));
  if (name === "GE") {
    f.shape("Ellipse", field, { w, h, t });
    return;
  }
  if (name === "GD") {
    // ^GDw,h,t,c,o: R leans right (bottom left to top right), L the other way
    f.diagonal(field, { w, h, t }, (p[4] || "R").trim().toUpperCase() !== "L");
    return;
  }
  // ^GBw,h,t,c,r
  if ((p[3] || "B").trim().toUpperCase() === "W") {
    note("^GB W");
    return;
  }
  const r = Math.max(0, Math.min(8, num(p[4], 0)));
  if (r === 0 && (w === t) !== (h === t)) {
    // a box one border thick is a line along the middle of its stroke
    f.straightLine(h === t, field, h === t ? w : h, t);
    return;
  }
  f.shape(r > 0 ? "RoundRectangle" : "Rectangle", field, { w, h, t, radius: (r / 8) * (Math.min(w, h) / 2) });
}
