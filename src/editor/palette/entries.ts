// The palette entries of spec §2 that add an element kind, in order. Shape opens a sub-list of the five
// shape kinds. The icon entry (after shape) is no kind of its own: Palette.tsx draws it there
// (icons/PaletteIconEntry.tsx), and the chosen icon is placed as an Image element.
import type { ElementType, ShapeType } from "../../model/types";

export interface PaletteItem {
  readonly kind: "item";
  readonly type: ElementType;
  readonly labelKey: string;
}
export interface PaletteGroup {
  readonly kind: "group";
  readonly id: "shape";
  readonly labelKey: string;
  readonly items: readonly PaletteItem[];
}
export type PaletteEntry = PaletteItem | PaletteGroup;

const item = (type: ElementType, key: string): PaletteItem => ({
  kind: "item",
  type,
  labelKey: `editor.palette.${key}`,
});

export const SHAPE_ITEMS: readonly PaletteItem[] = (
  [
    ["Rectangle", "rectangle"],
    ["RoundRectangle", "roundRectangle"],
    ["Diamond", "diamond"],
    ["Ellipse", "ellipse"],
    ["Triangle", "triangle"],
  ] as const satisfies readonly (readonly [ShapeType, string])[]
).map(([t, k]) => item(t, k));

export const PALETTE: readonly PaletteEntry[] = [
  item("Text", "text"),
  item("TimeText", "timeText"),
  item("Barcode", "barcode"),
  item("QRcode", "qrcode"),
  item("Image", "image"),
  { kind: "group", id: "shape", labelKey: "editor.palette.shape", items: SHAPE_ITEMS },
  item("Line", "line"),
  item("LineHorizontal", "lineHorizontal"),
  item("LineVertical", "lineVertical"),
  item("Table", "table"),
];

/** Every element type the palette can add. */
export const PALETTE_TYPES: readonly ElementType[] = PALETTE.flatMap((e) =>
  e.kind === "item" ? [e.type] : e.items.map((i) => i.type),
);
