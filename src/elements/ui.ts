// Every element kind's UI, listed once (the model side is src/model/kinds/index.ts; the renderers,
// which the PDF worker and the command line load without React, are listed in registry.ts). The
// route hands this list to the editor (src/app/router/EditorRoute.tsx); the editor imports no panel.
import type { ElementsUi } from "../editor/kinds";
import { barcodeUi } from "./barcode/ui";
import { MultiPanel } from "./common/MultiPanel";
import { imageUi } from "./image/ui";
import { lineUi } from "./line/ui";
import { qrcodeUi } from "./qrcode/ui";
import { shapeUi } from "./shape/ui";
import { tableUi } from "./table/ui";
import { textUi } from "./text/ui";
import { timeTextUi } from "./timeText/ui";

export const ELEMENTS_UI: ElementsUi = {
  kinds: [textUi, timeTextUi, barcodeUi, qrcodeUi, imageUi, tableUi, lineUi, shapeUi],
  MultiPanel,
};
