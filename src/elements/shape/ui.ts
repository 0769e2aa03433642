// The shape kinds' UI for the editor: their panel and palette icons.
import { kindUi } from "../../editor/kinds";
import { shapeModel } from "../../model/kinds/shape";
import type { ShapeElement } from "../../model/types";
import { ShapePanel } from "./Panel";

export const shapeUi = kindUi<ShapeElement>({
  types: shapeModel.types,
  Panel: ShapePanel,
  icons: {
    Rectangle: "M4 6h16v12H4z",
    RoundRectangle: "M7 6h10a3 3 0 0 1 3 3v6a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3V9a3 3 0 0 1 3-3",
    Diamond: "M12 3l9 9-9 9-9-9z",
    Ellipse: "M12 6c5 0 9 2.7 9 6s-4 6-9 6-9-2.7-9-6 4-6 9-6",
    Triangle: "M12 4l9 16H3z",
  },
});
