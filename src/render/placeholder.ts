// A clearly marked stand-in for a kind whose renderer is not registered: dashed outline + type name.
import type { ElementKind } from "../elements/kind";
import { escapeXml, num } from "../elements/kind";
import type { ElementType, LabelElement } from "../model/types";

export function placeholderKind(type: ElementType): ElementKind<LabelElement> {
  return {
    type,
    render(el) {
      const w = Math.max(el.Width, 0);
      const h = Math.max(el.Height, 0);
      const size = Math.max(0.5, Math.min(h * 0.4, w / Math.max(type.length * 0.6, 1), 4));
      return (
        `<rect x="0" y="0" width="${num(w)}" height="${num(h)}" fill="none" stroke="#000000" stroke-width="0.2" stroke-dasharray="1 0.6"/>` +
        `<text font-family="'Noto Sans SC'" font-size="${num(size)}" fill="#000000"><tspan x="${num(w / 2 - (type.length * size * 0.55) / 2)}" y="${num(h / 2 + size * 0.35)}">${escapeXml(type)}</tspan></text>`
      );
    },
  };
}
