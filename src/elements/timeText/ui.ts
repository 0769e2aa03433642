// The TimeText kind's UI for the editor: its panel and palette icon.
import { kindUi } from "../../editor/kinds";
import { timeTextModel } from "../../model/kinds/timeText";
import type { TimeTextElement } from "../../model/types";
import { TimeTextPanel } from "./Panel";

export const timeTextUi = kindUi<TimeTextElement>({
  types: timeTextModel.types,
  Panel: TimeTextPanel,
  icons: {
    TimeText: "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 7v5l3 3",
  },
});
