// The Barcode kind's UI for the editor: its panel and palette icon.
import { kindUi } from "../../editor/kinds";
import { barcodeModel } from "../../model/kinds/barcode";
import type { BarcodeElement } from "../../model/types";
import { BarcodePanel } from "./Panel";

export const barcodeUi = kindUi<BarcodeElement>({
  types: barcodeModel.types,
  Panel: BarcodePanel,
  icons: {
    Barcode: "M4 5v14M7 5v14M9 5v14M12 5v14M15 5v14M17 5v14M20 5v14",
  },
});
