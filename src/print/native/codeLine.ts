// A linear code split in two for "send as: automatic": its bars go as the printer's own command with
// the printer's human-readable line off (marks.ts `ownLine`), and its line — our text in our font,
// with the EAN/UPC guard bars' ends below the other bars — is drawn by the render path in the
// picture (the element's copy with `printPart: "line"`). Where each part inks, for the split's rule
// that a picture part over a command's ink sends that command to the picture too (page.ts).
import { codeFrame, numPosition } from "../../codes/frame";
import { effectiveFontSize, textBandMm } from "../../codes/layout";
import { elementBox } from "../../model/geometry";
import type { BarcodeElement } from "../../model/types";

type Box = { x: number; y: number; width: number; height: number };

/** The bars' band and the line's band of an upright linear code element, label mm. */
export function codeBands(el: BarcodeElement): { bars: Box; line: Box } {
  const b = elementBox(el);
  const f = codeFrame(el, { target: "print" });
  const position = numPosition(el.BarcodeNumPosition);
  // the text band as the code layout reserves it (codes/layout.ts)
  const band = Math.min(
    b.height,
    textBandMm(position, effectiveFontSize(Number(el.BarCodeType), f.fontSize), f.height),
  );
  // the two bands meet without overlapping (the same sums on both sides)
  const bars = { x: b.x, y: position === 2 ? b.y + band : b.y, width: b.width, height: b.height - band };
  const line = { x: b.x, y: position === 2 ? b.y : bars.y + bars.height, width: b.width, height: band };
  return { bars, line };
}

/** The copy of the element the picture draws: its human-readable line alone. */
export const linePart = (el: BarcodeElement): BarcodeElement => ({ ...el, printPart: "line" });
