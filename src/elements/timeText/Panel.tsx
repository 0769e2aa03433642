// Attribute panel of a TimeText element (spec §3 TimeText): system clock (TimeType 0, the pickers are
// disabled) or a fixed date/time, date and/or time parts, region, date and time patterns, offsets,
// then the text style.
import { useTranslation } from "react-i18next";
import { DATE_FORMATS, TIME_FORMATS } from "../../data/timeFormats";
import { BoundField, Check, Choice } from "../../editor/panels/fields/controls";
import { useElementUpdate } from "../../editor/panels/fields/useElementUpdate";
import type { ElementPatch } from "../../model/ops/kindUpdate";
import type { TimeTextElement } from "../../model/types";
import { TextStyleFields } from "../common/TextStyleFields";
import { fixedNow, toggledParts } from "./parts";

export function TimeTextPanel({ el: tt }: { readonly el: TimeTextElement }) {
  const { t } = useTranslation();
  const update = useElementUpdate();
  const set = (p: ElementPatch<TimeTextElement>) => update.element(tt, p);
  const fixed = tt.TimeType === 1;
  const has = (part: "date" | "time") => tt.DateFormatChecked.includes(part);
  return (
    <>
      <fieldset className="ink-panel-group">
        <legend>{t("elements.time.title")}</legend>
        <Choice
          label={t("elements.time.type")}
          value={tt.TimeType}
          options={([0, 1] as const).map((v) => ({ value: v, label: t(`elements.time.type${v}`) }))}
          testId="panel-time-type"
          onChange={(v) => set(v === 1 ? { TimeType: 1, ...fixedNow(tt, new Date()) } : { TimeType: 0 })}
        />
        <div className="ink-field-row">
          <Check
            label={t("elements.time.date")}
            checked={has("date")}
            testId="panel-time-date-on"
            onChange={(v) => set({ DateFormatChecked: toggledParts(tt.DateFormatChecked, "date", v) })}
          />
          <Check
            label={t("elements.time.time")}
            checked={has("time")}
            testId="panel-time-time-on"
            onChange={(v) => set({ DateFormatChecked: toggledParts(tt.DateFormatChecked, "time", v) })}
          />
        </div>
        <div className="ink-field-row">
          <label className="ink-field">
            <span>{t("elements.time.selectDate")}</span>
            <input
              type="date"
              value={tt.SelectDate}
              disabled={!fixed}
              data-testid="panel-time-select-date"
              onChange={(e) => e.target.value && set({ SelectDate: e.target.value })}
            />
          </label>
          <label className="ink-field">
            <span>{t("elements.time.selectTime")}</span>
            <input
              type="time"
              step={1}
              value={tt.SelectTime}
              disabled={!fixed}
              data-testid="panel-time-select-time"
              onChange={(e) => e.target.value && set({ SelectTime: e.target.value })}
            />
          </label>
        </div>
        <Choice
          label={t("elements.time.region")}
          value={tt.Region}
          options={([0, 1, 2] as const).map((v) => ({ value: v, label: t(`elements.time.region${v}`) }))}
          testId="panel-time-region"
          onChange={(v) => set({ Region: v })}
        />
        <Choice
          label={t("elements.time.dateFormat")}
          value={tt.DateFormat}
          options={DATE_FORMATS.map((f) => ({ value: f, label: f }))}
          disabled={!has("date")}
          testId="panel-time-date-format"
          onChange={(v) => set({ DateFormat: v })}
        />
        <Choice
          label={t("elements.time.timeFormat")}
          value={tt.TimeFormat}
          options={TIME_FORMATS.map((f) => ({ value: f, label: f }))}
          disabled={!has("time")}
          testId="panel-time-time-format"
          onChange={(v) => set({ TimeFormat: v })}
        />
        <div className="ink-field-row">
          <BoundField
            label={t("elements.time.dayOffset")}
            bound="DayOffset"
            value={tt.DayOffset}
            testId="panel-time-day-offset"
            onCommit={(v) => set({ DayOffset: v })}
          />
          <BoundField
            label={t("elements.time.minuteOffset")}
            bound="MinuteOffset"
            value={tt.MinuteOffset}
            testId="panel-time-minute-offset"
            onCommit={(v) => set({ MinuteOffset: v })}
          />
        </div>
      </fieldset>
      <fieldset className="ink-panel-group">
        <legend>{t("elements.text.style")}</legend>
        <TextStyleFields value={tt} onPatch={set} />
        <Check
          label={t("elements.text.antiMirror")}
          checked={tt.AntiMirror}
          testId="panel-anti-mirror"
          onChange={(v) => set({ AntiMirror: v })}
        />
      </fieldset>
    </>
  );
}
