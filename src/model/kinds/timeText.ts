// TimeText: a text showing the system clock or a fixed date/time. In the file it is a Text with
// IsTimeText (spec: exported record), so it reads and writes as a text plus its time fields.
import { DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT } from "../constants";
import { type Codec, num, oneOf, str } from "../file/codecs";
import { c, f } from "../file/fields";
import { readFields } from "../file/readParts";
import { fields, tag } from "../file/writeParts";
import { nextElementName } from "../ids";
import type { TimeTextElement } from "../types";
import { type KindModel, NO_CAPS } from "./kind";
import { createText, normalizeText, readText, TEXT_SHARED, textResize, writeText } from "./text";

/** Which parts of a TimeText show: "date,time". */
const dateParts: Codec<readonly ("date" | "time")[]> = {
  write: (v) => v.join(","),
  read: (raw, fb) => {
    if (raw === undefined) return fb;
    const out: ("date" | "time")[] = [];
    for (const p of raw.split(",")) {
      const s = p.trim().toLowerCase();
      if ((s === "date" || s === "time") && !out.includes(s)) out.push(s);
    }
    return out;
  },
};

export const TIME_FIELDS = [
  f("TimeType", "TimeType", c(oneOf([0, 1] as const))),
  f("DateFormatChecked", "DateFormatChecked", c(dateParts)),
  f("SelectDate", "SelectDate", c(str)),
  f("SelectTime", "SelectTime", c(str)),
  f("Region", "Region", c(oneOf([0, 1, 2] as const))),
  f("DateFormat", "DateFormat", c(str)),
  f("TimeFormat", "TimeFormat", c(str)),
  f("DayOffset", "DayOffset", c(num("DayOffset"))),
  f("MinuteOffset", "MinuteOffset", c(num("MinuteOffset"))),
];

export const timeTextModel: KindModel<TimeTextElement> = {
  name: "timeText",
  types: ["TimeText"],
  palette: { items: [["TimeText", "timeText"]] },
  // a TimeText is a Text with a time flag in the file (spec: exported record)
  fileType: "Text",
  caps: { ...NO_CAPS, content: true, clock: true, fitsText: true },
  normalize: normalizeText,
  create: (_type, els, p) => ({
    ...createText(els, p),
    Type: "TimeText",
    Name: nextElementName(els, "TimeText"),
    TimeType: 0,
    DateFormatChecked: ["date", "time"],
    SelectDate: "",
    SelectTime: "",
    Region: 0,
    DateFormat: DEFAULT_DATE_FORMAT,
    TimeFormat: DEFAULT_TIME_FORMAT,
    DayOffset: 0,
    MinuteOffset: 0,
  }),
  read: (node, def, out) => {
    readText(node, def, out);
    readFields(node, TIME_FIELDS, def, out);
  },
  write: (out, p, el) =>
    writeText(out, p, el, () => {
      tag(out, p, "IsTimeText", "yes");
      fields(out, p, el, TIME_FIELDS);
      // derived, for printing software; ignored when reading
      tag(out, p, "TimeStamp", el.TimeType === 1 ? `${el.SelectDate} ${el.SelectTime}`.trim() : "");
      const parts = el.DateFormatChecked.map((part) => (part === "date" ? el.DateFormat : el.TimeFormat));
      tag(out, p, "TimeFormatString", parts.join(" "));
    }),
  ...textResize,
  shared: () => TEXT_SHARED,
};
