// Which extra panel each element kind shows below the common fields: every kind has one (the Record
// makes a new kind without a panel fail typecheck); a multi-selection shows MultiPanel.
import type { ComponentType } from "react";
import { BarcodePanel } from "../../elements/barcode/Panel";
import { ImagePanel } from "../../elements/image/Panel";
import { LinePanel } from "../../elements/line/Panel";
import { QrPanel } from "../../elements/qrcode/Panel";
import { ShapePanel } from "../../elements/shape/Panel";
import { TablePanel } from "../../elements/table/Panel";
import { TextElementPanel } from "../../elements/text/Panel";
import { TimeTextPanel } from "../../elements/timeText/Panel";
import type { ElementType, LabelElement } from "../../model/types";

export { MultiPanel } from "../../elements/common/MultiPanel";

export type KindPanel = ComponentType<{ readonly el: LabelElement }>;

export const KIND_PANELS: Readonly<Record<ElementType, KindPanel>> = {
  Text: TextElementPanel,
  TimeText: TimeTextPanel,
  Barcode: BarcodePanel,
  QRcode: QrPanel,
  Image: ImagePanel,
  Table: TablePanel,
  Line: LinePanel,
  LineHorizontal: LinePanel,
  LineVertical: LinePanel,
  Rectangle: ShapePanel,
  RoundRectangle: ShapePanel,
  Diamond: ShapePanel,
  Ellipse: ShapePanel,
  Triangle: ShapePanel,
};
