// Every element kind's UI, by the kind's name (the kinds are registered once, in
// src/model/kinds/index.ts: a registered kind without its UI here fails typecheck; the renderers,
// which the PDF worker and the command line load without React, are in registry.ts). The route
// hands this list to the editor (src/app/router/EditorRoute.tsx); the editor imports no panel.
import type { ElementsUi, KindUi } from "../editor/kinds";
import { KIND_MODELS, type KindName } from "../model/kinds";
import { barcodeUi } from "./barcode/ui";
import { keepCodeX } from "./barcode/xdim";
import { MultiPanel } from "./common/MultiPanel";
import { imageUi } from "./image/ui";
import { lineUi } from "./line/ui";
import { qrcodeUi } from "./qrcode/ui";
import { shapeUi } from "./shape/ui";
import { tableUi } from "./table/ui";
import { textUi } from "./text/ui";
import { timeTextUi } from "./timeText/ui";

const BY_KIND: { readonly [K in KindName]: KindUi } = {
  text: textUi,
  timeText: timeTextUi,
  barcode: barcodeUi,
  qrcode: qrcodeUi,
  image: imageUi,
  shape: shapeUi,
  line: lineUi,
  table: tableUi,
};

export const ELEMENTS_UI: ElementsUi = {
  kinds: KIND_MODELS.map((k) => BY_KIND[k.name]),
  MultiPanel,
  keepCodeX,
};
