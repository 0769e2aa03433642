// A label holding one image per format the editor takes (tests/fixtures/images: 48 × 32 px, four
// quadrants: black, red / white, black), plus the PNG once more in BLACKWHITE display mode.
import { readFileSync } from "node:fs";
import { emptyDocument } from "../../../src/model/defaults";
import { createElement } from "../../../src/model/kinds";
import type { LabelDocument, LabelElement } from "../../../src/model/types";

export interface ImageCase {
  readonly file: string;
  readonly mime: string;
  /** the red quadrant is black (a 1-bit image, or BLACKWHITE) */
  readonly redIsBlack?: boolean;
  readonly blackWhite?: boolean;
}

export const IMAGE_CASES: readonly ImageCase[] = [
  { file: "quads.png", mime: "image/png" },
  { file: "quads-interlaced.png", mime: "image/png" },
  { file: "quads.jpg", mime: "image/jpeg" },
  { file: "quads-grey.jpg", mime: "image/jpeg", redIsBlack: true },
  { file: "quads.gif", mime: "image/gif" },
  { file: "quads.webp", mime: "image/webp" },
  { file: "quads-4bit.bmp", mime: "image/bmp" },
  { file: "quads-24bit.bmp", mime: "image/bmp" },
  { file: "quads-1bit.bmp", mime: "image/bmp", redIsBlack: true },
  { file: "quads.png", mime: "image/png", redIsBlack: true, blackWhite: true },
];

/** Each image is 12 × 8 mm, five a row, 2 mm apart: image i's top-left corner in mm. */
export const imageAt = (i: number) => ({ x: 2 + (i % 5) * 14, y: 2 + Math.floor(i / 5) * 10 });

export function imageLabel(): LabelDocument {
  const elements = IMAGE_CASES.map((c, i) => {
    const at = imageAt(i);
    const src = `data:${c.mime};base64,${readFileSync(`tests/fixtures/images/${c.file}`).toString("base64")}`;
    return {
      ...createElement("Image", [], { x: 0, y: 0 }),
      Id: `img${i}`,
      Name: `Image${i}`,
      StartX: at.x,
      StartY: at.y,
      Width: 12,
      Height: 8,
      imageSrc: src,
      imageDisplayMode: c.blackWhite ? "BLACKWHITE" : "COLORFUL",
    } as LabelElement;
  });
  return { attrs: { ...emptyDocument().attrs, name: "Images", width: 72, height: 22 }, elements };
}
