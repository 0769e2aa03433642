// The palette entries of spec §2 that add an element kind, in order: each kind's own entries (its
// `palette` in src/model/kinds), in the order the kinds are registered. Shape opens a sub-list of the
// five shape kinds. The icon entry (after shape) is no kind of its own: Palette.tsx draws it there
// (icons/PaletteIconEntry.tsx), and the chosen icon is placed as an Image element.
import { KIND_MODELS } from "../../model/kinds";
import type { ElementType } from "../../model/types";

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

export const PALETTE: readonly PaletteEntry[] = KIND_MODELS.flatMap(({ palette }): PaletteEntry[] => {
  const items = palette.items.map(([type, key]) => item(type, key));
  return palette.group
    ? [{ kind: "group", id: palette.group, labelKey: `editor.palette.${palette.group}`, items }]
    : items;
});

/** The shape sub-list. */
export const SHAPE_ITEMS: readonly PaletteItem[] = PALETTE.flatMap((e) =>
  e.kind === "group" ? e.items : [],
);

/** Every element type the palette can add. */
export const PALETTE_TYPES: readonly ElementType[] = PALETTE.flatMap((e) =>
  e.kind === "item" ? [e.type] : e.items.map((i) => i.type),
);
