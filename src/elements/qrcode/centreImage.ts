// The QR centre image in the portable SVG: an <image> over the light centre square the encoder leaves
// (src/codes/matrix/centreHole.ts), placed in the layout's module grid so it follows dot snapping.
import type { CodeLayout } from "../../codes/layout";
import type { MatrixCode } from "../../codes/types";
import { num } from "../../render/svg";

/** The image fitted (aspect kept) into the code's centre square, or "" when the code has none. */
export function centreImageSvg(code: MatrixCode, layout: CodeLayout, href: string | null): string {
  if (!href || !code.hole) return "";
  const { x, y, size } = code.hole;
  const left = layout.ox + x * layout.sx;
  const top = layout.oy + y * layout.sy;
  return `<image x="${num(left)}" y="${num(top)}" width="${num(size * layout.sx)}" height="${num(size * layout.sy)}" preserveAspectRatio="xMidYMid meet" href="${href}"/>`;
}
