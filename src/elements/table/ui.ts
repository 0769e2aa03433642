// The Table kind's UI for the editor: its panel, palette icon and canvas overlay (the picked cells).
import { kindUi } from "../../editor/kinds";
import { tableModel } from "../../model/kinds/table";
import type { TableElement } from "../../model/types";
import { CanvasCellOverlay } from "./CanvasCellOverlay";
import { TablePanel } from "./Panel";

export const tableUi = kindUi<TableElement>({
  types: tableModel.types,
  Panel: TablePanel,
  icons: {
    Table: "M4 5h16v14H4zM4 12h16M12 5v14",
  },
  CanvasOverlay: CanvasCellOverlay,
});
