// The Image kind's UI for the editor: its panel and palette icon.
import { kindUi } from "../../editor/kinds";
import { imageModel } from "../../model/kinds/image";
import type { ImageElement } from "../../model/types";
import { ImagePanel } from "./Panel";

export const imageUi = kindUi<ImageElement>({
  types: imageModel.types,
  Panel: ImagePanel,
  icons: {
    Image: "M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9h.01",
  },
});
