// The check the PDF and PNG comparisons share: every wrapped line of the first three texts has its ink
// in the same place on the canvas (Chromium) as in the other output, within kerning.
import { expect } from "vitest";
import type { LabelElement } from "../../src/model/types";
import type { FontRegistry } from "../../src/render/fonts";
import { layoutText, textElementSpec } from "../../src/render/text";
import { type InkMap, inkBox, PX_PER_MM } from "./chromium";

export function expectSameLines(
  canvas: InkMap,
  other: InkMap,
  els: readonly LabelElement[],
  fonts: FontRegistry,
  what: string,
): void {
  const tol = 0.4 * PX_PER_MM; // kerning (Chromium only) stays within a word
  let lines = 0;
  for (const e of els.slice(0, 3)) {
    const layout = layoutText(textElementSpec(e as never, (e as { Data: string }).Data, e.Width), fonts);
    for (const line of layout.lines) {
      const top = (e.StartY + line.axis - 0.75 * layout.size) * PX_PER_MM;
      const bottom = (e.StartY + line.axis + 0.1 * layout.size) * PX_PER_MM;
      const x0 = (e.StartX - 3) * PX_PER_MM;
      const x1 = (e.StartX + e.Width + 3) * PX_PER_MM;
      const a = inkBox(canvas, x0, top, x1, bottom);
      const b = inkBox(other, x0, top, x1, bottom);
      expect(b.n, `the ${what} line has ink`).toBeGreaterThan(20);
      expect(Math.abs(a.minX - b.minX)).toBeLessThanOrEqual(tol);
      expect(Math.abs(a.maxX - b.maxX)).toBeLessThanOrEqual(tol);
      expect(b.n / a.n).toBeGreaterThan(0.8);
      expect(b.n / a.n).toBeLessThan(1.25);
      lines++;
    }
  }
  expect(lines).toBeGreaterThan(8);
}
