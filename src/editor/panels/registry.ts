// Which extra panel each element kind shows below the common fields. Each kind gets its own panel
// file; kinds without one yet (their full panels come with issue 5) show the common fields only.
import type { ComponentType } from "react";
import type { ElementType, LabelElement } from "../../model/types";
import { BarcodePanel } from "../../elements/barcode/Panel";
import { QrPanel } from "../../elements/qrcode/Panel";
import { TextPanel } from "./TextPanel";

export type KindPanel = ComponentType<{ readonly el: LabelElement }>;

export const KIND_PANELS: Partial<Record<ElementType, KindPanel>> = {
  Text: TextPanel,
  Barcode: BarcodePanel,
  QRcode: QrPanel,
};
