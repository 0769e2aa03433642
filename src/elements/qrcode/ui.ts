// The 2D code (QRcode) kind's UI for the editor: its panel and palette icon.
import { kindUi } from "../../editor/kinds";
import { qrcodeModel } from "../../model/kinds/qrcode";
import type { QRCodeElement } from "../../model/types";
import { QrPanel } from "./Panel";

export const qrcodeUi = kindUi<QRCodeElement>({
  types: qrcodeModel.types,
  Panel: QrPanel,
  icons: {
    QRcode: "M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2",
  },
});
