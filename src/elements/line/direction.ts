// Changing a Line element's direction (spec §3 Line: LeftLine "\", RightLine "/", horizontal,
// vertical) inside the box it already spans; a flat box becomes a square of the line's length.
import type { ElementPatch } from "../../model/ops/kindUpdate";
import type { LineDirection, LineElement } from "../../model/types";

export { LINE_DIRECTIONS } from "../../model/kinds/line";

export function lineDirectionPatch(el: LineElement, dir: LineDirection): ElementPatch<LineElement> {
  const x = Math.min(el.StartX, el.EndX);
  const y = Math.min(el.StartY, el.EndY);
  let w = Math.abs(el.EndX - el.StartX);
  let h = Math.abs(el.EndY - el.StartY);
  const len = Math.max(w, h, Math.hypot(w, h) > 0 ? 0 : 1);
  switch (dir) {
    case "LineHorizontal":
      return { LineDirection: dir, StartX: x, StartY: y + h / 2, EndX: x + len, EndY: y + h / 2 };
    case "LineVertical":
      return { LineDirection: dir, StartX: x + w / 2, StartY: y, EndX: x + w / 2, EndY: y + len };
    default:
      if (w < 1e-6 || h < 1e-6) {
        w = len;
        h = len;
      }
      return dir === "LeftLine"
        ? { LineDirection: dir, StartX: x, StartY: y, EndX: x + w, EndY: y + h }
        : { LineDirection: dir, StartX: x, StartY: y + h, EndX: x + w, EndY: y };
  }
}
