// The line kinds' UI for the editor: their panel and palette icons.
import { kindUi } from "../../editor/kinds";
import { lineModel } from "../../model/kinds/line";
import type { LineElement } from "../../model/types";
import { LinePanel } from "./Panel";

export const lineUi = kindUi<LineElement>({
  types: lineModel.types,
  Panel: LinePanel,
  icons: {
    Line: "M5 19L19 5",
    LineHorizontal: "M4 12h16",
    LineVertical: "M12 4v16",
  },
});
