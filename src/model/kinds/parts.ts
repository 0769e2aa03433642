// Parts the kinds share: the base element every factory starts from, a new element's content, default sizes given in canvas units, and a box kind's default handles and minimum size.
import {
  CODE_TEXT_SIZE,
  DEFAULT_FONT_FAMILY,
  MIN_ELEMENT_SIZE,
  MIN_PEN_WIDTH,
  PX_PER_MM,
} from "../constants";
import { fixedSource } from "../defaults";
import { newElementId, nextElementName } from "../ids";
import type { BaseElement, DataBound, ElementType, LabelElement } from "../types";
import { pxToMm } from "../units";
import { BOX_HANDLES, type KindModel, type Placement } from "./kind";

export function baseElement(
  type: ElementType,
  elements: readonly LabelElement[],
  p: Placement,
  w: number,
  h: number,
): BaseElement {
  return {
    Id: newElementId(),
    Type: type,
    Name: nextElementName(elements, type),
    Lock: false,
    StartX: p.x,
    StartY: p.y,
    Width: p.width ?? w,
    Height: p.height ?? h,
    Rotate: 0,
    MirrorImage: false,
    CopyMirrorImage: false,
    AntiMirror: false,
  };
}

/** The content of a new data-bound element: `data`, held by its one fixed-text source. */
export const boundTo = (data: string): DataBound => ({
  Data: data,
  DataSourceList: fixedSource(data),
  dataSourceIndex: 0,
});

/** A new code's content and human-readable line (start-aligned, the code text size, not yet edited). */
export const codeContent = (data: string) => ({
  ...boundTo(data),
  TextAlign: 0 as const,
  FontFamily: DEFAULT_FONT_FAMILY,
  FontSize: CODE_TEXT_SIZE,
  isEdit: false,
});

/** Canvas units at a zoom multiple → mm. */
export const px = (units: number, multiple = 1) => units / PX_PER_MM / multiple;
/** Default pens are given in canvas units; never thinner than the 0.3 mm a thermal printer can hold. */
export const pen = (units: number) => Math.max(MIN_PEN_WIDTH, Math.round(px(units) * 100) / 100);

/** The smallest box side a resize leaves (spec §5), mm. */
export const MIN_BOX = pxToMm(MIN_ELEMENT_SIZE);

/** A kind with the box defaults: all eight handles, the minimum box, never proportional. */
export function boxKind<E extends LabelElement>(
  k: Omit<KindModel<E>, "handles" | "minSize" | "proportional"> & Partial<KindModel<E>>,
): KindModel<E> {
  return {
    handles: () => BOX_HANDLES,
    minSize: () => ({ w: MIN_BOX, h: MIN_BOX }),
    proportional: () => false,
    ...k,
  };
}
