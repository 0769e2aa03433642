// Rotated elements reach the printer as the canvas draws them (issue 23 item 7): the TSPL job of a
// label with a code turned 90° and a text turned 270° puts the ink inside each element's turned
// box (elementBox, what the canvas selects and snaps to), and the turned code still scans.
import { describe, expect, it } from "vitest";
import { elementBox, unionBox } from "../../src/model/geometry";
import type { LabelDocument } from "../../src/model/types";
import { printJob } from "../../src/print/job";
import { decode } from "../codes/support/zxing";
import { decodeTspl, inkBox, toRgba } from "./support/decodeJob";
import { printLabel } from "./support/label";

const DPI = 203;
const dots = (mm: number) => Math.round((mm / 25.4) * DPI);

function rotatedLabel(): LabelDocument {
  const base = printLabel();
  const [text, code] = base.elements;
  return {
    attrs: { ...base.attrs, width: 60, height: 60 },
    elements: [
      { ...text, StartX: 30, StartY: 25, Width: 30, Height: 8, Rotate: 270 },
      { ...code, StartX: -5, StartY: 22, Width: 45, Height: 15, Rotate: 90 },
    ],
  };
}

describe("rotation on the printer", () => {
  it("prints each turned element inside its turned box, and the turned Code 128 scans", async () => {
    const doc = rotatedLabel();
    const parts: Uint8Array[] = [];
    for await (const c of printJob(doc, {
      language: "TSPL",
      workers: 0,
      dpi: DPI,
      choices: [{ record: 0, copies: 1 }],
    }))
      parts.push(c);
    const [page] = decodeTspl(Buffer.concat(parts)).pages;
    for (const el of doc.elements) {
      const b = elementBox(el);
      // ink inside the turned box, and it runs along the turned direction
      const inside = inkBox(
        page,
        dots(b.x) - 2,
        dots(b.y) - 2,
        dots(b.x + b.width) + 2,
        dots(b.y + b.height) + 2,
      );
      expect(inside, el.Type).not.toBeNull();
      const ink = inside as NonNullable<typeof inside>;
      expect(ink.maxX - ink.minX, `${el.Type} ink is turned (tall)`).toBeLessThan(ink.maxY - ink.minY);
    }
    // and no ink outside them
    const all = inkBox(page) as NonNullable<ReturnType<typeof inkBox>>;
    const u = unionBox(doc.elements.map(elementBox)) as NonNullable<ReturnType<typeof unionBox>>;
    expect(all.minX).toBeGreaterThanOrEqual(dots(u.x) - 2);
    expect(all.minY).toBeGreaterThanOrEqual(dots(u.y) - 2);
    expect(all.maxX).toBeLessThanOrEqual(dots(u.x + u.width) + 2);
    expect(all.maxY).toBeLessThanOrEqual(dots(u.y + u.height) + 2);
    // the code (90°: 15 × 45 mm on the label) is tall; zxing reads it turned
    const [r] = await decode(toRgba(page), { formats: ["Code128"], tryRotate: true });
    expect(r?.text).toBe("INK-1001");
  }, 60000);
});
