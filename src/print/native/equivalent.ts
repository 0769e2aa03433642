// "Send as: automatic" (the default): an element goes as the printer's own command only when that
// command prints the same dots as our picture; the others go in the page's picture (page.ts
// splitPage `exact`). What counts as the same:
// - a square-cornered box or a straight line: the printer fills the same whole-dot rectangles;
// - a linear code with no human-readable line: the same bars (narrow bar in whole dots, wide = 3 ×
//   narrow as our encoders); the printer's line would be in its font, not ours, so a code with a
//   line goes as its bars alone and its line is drawn in the picture (codeLine.ts);
// - an upright QR code or DataMatrix: the same size and place, modules in whole dots; the printer's
//   encoder may pick another mask or encodation, so some modules differ, but it reads the same
//   (tests decode both) — the one tolerance we accept for codes;
// - a text the printer draws in the label's own font (fontText.ts: within a dot of ours).
// Not the same: rounded corners (ZPL rounds in eighths), ellipses (the printer's curve), PDF417 (the
// printer chooses the row count), a turned QR code (TSPL's reference point is our reading of the
// manual, never checked on a printer).
import type { NativeMark } from "./marks";

/** The printer draws the mark as our picture does (within the tolerance above). */
export function sameAsPicture(mark: NativeMark): boolean {
  switch (mark.kind) {
    case "box":
      return mark.r === 0;
    case "ellipse":
      return false;
    case "linear":
      return mark.text === 0;
    case "matrix":
      return mark.turn === 0 && (mark.symbology === "qr" || mark.symbology.endsWith("datamatrix"));
  }
}
