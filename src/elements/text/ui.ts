// The Text kind's UI for the editor: its panel and palette icon.
import { kindUi } from "../../editor/kinds";
import { textModel } from "../../model/kinds/text";
import type { TextElement } from "../../model/types";
import { TextElementPanel } from "./Panel";

export const textUi = kindUi<TextElement>({
  types: textModel.types,
  Panel: TextElementPanel,
  icons: {
    Text: "M5 5h14M12 5v14M9 19h6",
  },
});
