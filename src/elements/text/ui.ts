// The Text kind's UI for the editor: its panel, palette icon and canvas overlay (the inline editor).
import { kindUi } from "../../editor/kinds";
import { textModel } from "../../model/kinds/text";
import type { TextElement } from "../../model/types";
import { InlineTextEditor } from "./InlineTextEditor";
import { TextElementPanel } from "./Panel";

export const textUi = kindUi<TextElement>({
  types: textModel.types,
  Panel: TextElementPanel,
  icons: {
    Text: "M5 5h14M12 5v14M9 19h6",
  },
  CanvasOverlay: InlineTextEditor,
});
