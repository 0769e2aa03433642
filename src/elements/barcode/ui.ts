// The Barcode kind's UI for the editor: its panel, palette icon and the print dialog's note.
import { kindUi } from "../../editor/kinds";
import { barcodeModel } from "../../model/kinds/barcode";
import type { BarcodeElement } from "../../model/types";
import { BarcodePanel } from "./Panel";
import { quietCutText } from "./QuietZoneNote";
import { quietZoneCut } from "./quietZone";

export const barcodeUi = kindUi<BarcodeElement>({
  types: barcodeModel.types,
  Panel: BarcodePanel,
  icons: {
    Barcode: "M4 5v14M7 5v14M9 5v14M12 5v14M15 5v14M17 5v14M20 5v14",
  },
  printNote: (el, attrs, value, t) => {
    const cut = quietZoneCut(el, attrs, value);
    return cut ? quietCutText(cut, t) : null;
  },
});
