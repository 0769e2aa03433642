// Quiet zones against the label's edge (issue 34): a linear code needs blank space before and after
// its bars (Code 128: 10 modules, EAN-13: 11 and 7, …: `code.quiet`). Inside the element the bars
// may fill the box; the space then has to come from the label around it. This measures, with the
// same layout the renderer draws (codeFrame + layoutInFrame, at the label's target resolution), how
// much of the label is left beyond each end of the bars, and reports the first end where the label's
// edge cuts into the quiet zone. Inverse printing (AntiMirror) keeps the zones inside the box. Other
// elements over the zone are not checked: only the label's edge.
import { encodeCode, type LinearCode } from "../../codes";
import { codeFrame, layoutInFrame } from "../../codes/frame";
import { codeRequest, finite } from "../../model/kinds/codeRequest";
import type { BarcodeElement, LabelAttrs } from "../../model/types";

export interface QuietCut {
  /** which end of the code (start: before the first bar in reading order) */
  readonly end: "start" | "end";
  /** the quiet zone the symbology needs there, mm */
  readonly needMm: number;
  /** what the label leaves there, mm (0 when the bars reach the edge or beyond) */
  readonly haveMm: number;
}

/** Below this a shortfall is rounding, not a cut zone. */
const SLACK_MM = 0.05;

export function quietZoneCut(
  el: BarcodeElement,
  attrs: Pick<LabelAttrs, "width" | "height" | "targetDpi">,
  value: string = typeof el.Data === "string" ? el.Data : "",
): QuietCut | null {
  if (el.AntiMirror === true || !(attrs.width > 0) || !(attrs.height > 0)) return null;
  const f = codeFrame(el, { target: "export", doc: { attrs: attrs as LabelAttrs } });
  if (f.width === 0 || f.height === 0 || !f.axes) return null;
  let code: LinearCode;
  try {
    code = encodeCode(codeRequest(el, value)) as LinearCode;
  } catch {
    return null; // the panel already says why the code cannot be drawn
  }
  if (!Array.isArray(code.bars) || !code.quiet) return null;
  const layout = layoutInFrame(el, code, f, false);
  const m = layout.module;
  const along = f.axes.x;
  const rotate = (((Math.round(finite(el.Rotate, 0) / 90) * 90) % 360) + 360) % 360;
  const extent = rotate === 90 || rotate === 270 ? attrs.height : attrs.width;
  // label coordinate (along the code's axis) of the first and the last bar's outer edge
  const first = along.origin + along.sign * layout.ox;
  const last = along.origin + along.sign * (layout.ox + code.width * m);
  const room = (at: number, facing: 1 | -1) => Math.max(0, facing === 1 ? extent - at : at);
  const ends: QuietCut[] = [
    { end: "start", needMm: code.quiet[0] * m, haveMm: room(first, along.sign === 1 ? -1 : 1) },
    { end: "end", needMm: code.quiet[1] * m, haveMm: room(last, along.sign === 1 ? 1 : -1) },
  ];
  return ends.find((e) => e.haveMm + SLACK_MM < e.needMm) ?? null;
}
