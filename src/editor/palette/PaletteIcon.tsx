// Small line icons for the palette entries (24 × 24, currentColor): each kind's own comes with its UI
// (src/editor/kinds.tsx), the shape group's is here.
import type { ElementType } from "../../model/types";
import { kindUiOf, useElementsUi } from "../kinds";

/** The shape entry's own icon (the group of the five shape kinds). */
const SHAPE_GROUP = "M3 10h8v8H3zM17 3l4 7h-8zM17 13a4 4 0 1 1 0 8a4 4 0 1 1 0-8";

export function PaletteIcon({ type }: { readonly type: ElementType | "shape" }) {
  const ui = useElementsUi();
  const d = type === "shape" ? SHAPE_GROUP : kindUiOf(ui, type)?.icons[type];
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden="true"
    >
      <path d={d} strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}
