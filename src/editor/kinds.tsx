// What the editor needs from each element kind's UI, and how it receives them. The editor imports no
// kind's panel: src/elements/ui.ts lists the kinds once and the route hands that list to EditorPage,
// which provides it here to the attribute panel and the palette (elements → editor, never back).
import { type ComponentType, createContext, type ReactNode, useContext } from "react";
import type { ElementType, LabelAttrs, LabelDocument, LabelElement } from "../model/types";

/** Where a kind's canvas overlay draws: the canvas host (HTML) and a group in the label's frame (mm). */
export interface CanvasLayers {
  /** the canvas viewport element (position: relative); HTML overlays are portalled here */
  readonly host: HTMLElement;
  /** a group above the label in the zoomed world (label mm), pointer-transparent */
  readonly world: SVGGElement;
}

/** One kind's UI: its attribute panel (typed by its elements), palette icons and canvas overlay. */
export interface KindUi<E extends LabelElement = LabelElement> {
  /** The element types of the kind (its model kind's `types`). */
  readonly types: readonly E["Type"][];
  /** The kind's fields below the common ones, for one selected element of the kind. */
  readonly Panel: ComponentType<{ readonly el: E }>;
  /** Each type's palette icon: a path in a 24 × 24 box, drawn as a 1.6 px line in currentColor. */
  readonly icons: Readonly<Record<E["Type"], string>>;
  /**
   * What the kind draws on the canvas over its one selected element (the table's picked cells, the
   * text's inline editor). The canvas mounts it while that element is the only one selected.
   */
  readonly CanvasOverlay?: ComponentType<{ readonly el: E; readonly layers: CanvasLayers }>;
  /**
   * What the print dialog should say about this element before it prints (a barcode whose quiet
   * zone the label's edge cuts), for its first record's `value`; null when nothing.
   */
  readonly printNote?: (
    el: E,
    attrs: LabelAttrs,
    value: string | undefined,
    t: (key: string, vars?: Record<string, unknown>) => string,
  ) => string | null;
}

/** Everything the editor shows per kind: the kinds, and the panel of a multi-selection. */
export interface ElementsUi {
  readonly kinds: readonly KindUi[];
  /**
   * The code kinds' rule the editor store injects into its ops: a code whose symbol changes size
   * keeps its X-dimension (src/elements/barcode/xdim.ts; the encoders live with the kinds' UI).
   */
  readonly keepCodeX: (before: LabelDocument, after: LabelDocument, id: string) => LabelDocument;
  readonly MultiPanel: ComponentType<{ readonly ids: readonly string[]; readonly children?: ReactNode }>;
}

/**
 * A kind's UI for the list. The list is looked up by an element's own type, so a kind's panel only
 * ever receives elements of its kind: this is the one place that widens its element type.
 */
export function kindUi<E extends LabelElement>(ui: KindUi<E>): KindUi {
  return ui as unknown as KindUi;
}

const ElementsUiContext = createContext<ElementsUi | null>(null);
export const ElementsUiProvider = ElementsUiContext.Provider;

/** The kinds' UI where the editor provides it, else null (a dialog shown outside the editor). */
export function useElementsUiIfAny(): ElementsUi | null {
  return useContext(ElementsUiContext);
}

export function useElementsUi(): ElementsUi {
  const ui = useContext(ElementsUiContext);
  if (!ui) throw new Error("useElementsUi outside EditorPage");
  return ui;
}

/** The UI of an element type's kind, if the list has one. */
export function kindUiOf(ui: ElementsUi, type: ElementType): KindUi | undefined {
  return ui.kinds.find((k) => k.types.includes(type));
}

/** The panel of one selected element's kind. */
export function KindPanel({ el }: { readonly el: LabelElement }) {
  const Panel = kindUiOf(useElementsUi(), el.Type)?.Panel;
  return Panel ? <Panel el={el} /> : null;
}
