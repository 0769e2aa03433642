// Date/time text: renders the value the data engine resolved for the record (ctx.value) exactly
// like a text element; formatting the clock is the data engine's job.
import type { TimeTextElement } from "../../model/types";
import type { ElementKind } from "../kind";
import { prepareTextFonts, renderTextElement } from "../text/render";

export const timeTextKind: ElementKind<TimeTextElement> = {
  type: "TimeText",
  prepare: prepareTextFonts,
  render: (el, ctx) => renderTextElement(el, ctx.value, ctx),
};
