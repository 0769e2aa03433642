// Small line icons for the palette entries (24 × 24, currentColor).
import type { ElementType } from "../../model/types";

const PATHS: Readonly<Record<ElementType | "shape", string>> = {
  Text: "M5 5h14M12 5v14M9 19h6",
  TimeText: "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 7v5l3 3",
  Barcode: "M4 5v14M7 5v14M9 5v14M12 5v14M15 5v14M17 5v14M20 5v14",
  QRcode: "M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2",
  Image: "M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9h.01",
  Table: "M4 5h16v14H4zM4 12h16M12 5v14",
  Line: "M5 19L19 5",
  LineHorizontal: "M4 12h16",
  LineVertical: "M12 4v16",
  Rectangle: "M4 6h16v12H4z",
  RoundRectangle: "M7 6h10a3 3 0 0 1 3 3v6a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3V9a3 3 0 0 1 3-3",
  Diamond: "M12 3l9 9-9 9-9-9z",
  Ellipse: "M12 6c5 0 9 2.7 9 6s-4 6-9 6-9-2.7-9-6 4-6 9-6",
  Triangle: "M12 4l9 16H3z",
  shape: "M3 10h8v8H3zM17 3l4 7h-8zM17 13a4 4 0 1 1 0 8a4 4 0 1 1 0-8",
};

export function PaletteIcon({ type }: { readonly type: ElementType | "shape" }) {
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
      <path d={PATHS[type]} strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}
