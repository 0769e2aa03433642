// The label creation / settings dialog (spec §2, §4, §5). Create mode starts from defaults and on
// confirm emits `navigate` to /editLabel with labelAttr and labelStatus add; set mode loads the
// label's attributes (converted to the current unit) and emits `set`. Changing the unit converts
// sizes, spacings and paddings by 25.4 to 3 decimals; clearing a numeric field resets its default.
import { assign, emit, enqueueActions, setup } from "xstate";
import { targetDpiOf } from "../src/codes/xdim";
import { TIP } from "../src/i18n/tips";
import { BOUNDS, type Bound, validate, validateLabelName } from "../src/model/bounds";
import {
  DEFAULT_LABEL_HEIGHT_MM,
  DEFAULT_LABEL_WIDTH_MM,
  type MeasureUnit,
  TARGET_DPIS,
  type TargetDpi,
} from "../src/model/constants";
import { defaultLabelAttrs } from "../src/model/defaults";
import { findPreset } from "../src/model/presets";
import type { LabelAttrs, SheetLayout } from "../src/model/types";
import { fromMm, measureUnitOf, round, toMm } from "../src/model/units";

export const LENGTH_FIELDS = [
  "width",
  "height",
  "columnSpacing",
  "rowSpacing",
  "paddingTop",
  "paddingBottom",
  "paddingLeft",
  "paddingRight",
] as const;
export const COUNT_FIELDS = ["columns", "rows"] as const;
export type NumField = (typeof LENGTH_FIELDS)[number] | (typeof COUNT_FIELDS)[number];
export const NUM_FIELDS: readonly NumField[] = [
  ...LENGTH_FIELDS.slice(0, 2),
  ...COUNT_FIELDS,
  ...LENGTH_FIELDS.slice(2),
];
export const IMAGE_EXTENSIONS = ["jpeg", "jpg", "png"] as const;

export interface FieldError {
  readonly field: NumField | "name" | "background";
  readonly key: string;
  readonly vars?: Readonly<Record<string, string | number>>;
}

export interface LabelSettingsContext {
  readonly mode: "create" | "set";
  readonly unit: MeasureUnit;
  readonly name: string;
  /** numbers in the display unit; NaN while the input is not a number */
  readonly values: Readonly<Record<NumField, number>>;
  readonly background: string;
  readonly printBackground: boolean;
  /** the resolution the label's codes are drawn for (ours, docs/barcodes.md) */
  readonly targetDpi: TargetDpi;
  readonly error: FieldError | null;
  /** the attributes the dialog started from (set mode keeps the fields it does not edit) */
  readonly base: LabelAttrs;
}

export type LabelSettingsEvent =
  | { type: "field.name"; value: string }
  | { type: "field.change"; field: NumField; value: string | number }
  | { type: "unit.change"; unit: MeasureUnit }
  | { type: "preset.apply"; id: string }
  /** a product of the label stock catalogue (src/model/stock) */
  | { type: "layout.apply"; layout: SheetLayout }
  | { type: "targetDpi.change"; value: number | string }
  | { type: "background.upload"; fileName: string; sizeKB: number; base64: string; limitKB: number }
  | { type: "background.remove" }
  | { type: "confirm" }
  | { type: "cancel" };

export type LabelSettingsEmitted =
  | { type: "navigate"; to: string; labelAttr: LabelAttrs }
  | { type: "set"; attrs: LabelAttrs }
  | {
      type: "message";
      key: string;
      level: "error" | "success";
      vars?: Readonly<Record<string, string | number>>;
    }
  | { type: "close" };

export interface LabelSettingsInput {
  readonly mode: "create" | "set";
  readonly unit?: MeasureUnit;
  /** set mode: the label's attributes (mm) */
  readonly attrs?: LabelAttrs;
  /** create mode: the default name in the user's language */
  readonly defaultName?: string;
  /** create mode: the user's own defaults (more settings: size; print settings: resolution) */
  readonly defaults?: Partial<Pick<LabelAttrs, "width" | "height" | "targetDpi">>;
}

/** The default of a field in a unit (spec §4: 100 mm / 3.937 in, 80 mm / 3.15 in, 1, 0). */
export function fieldDefault(field: NumField, unit: MeasureUnit): number {
  if (field === "width") return fromMm(DEFAULT_LABEL_WIDTH_MM, unit);
  if (field === "height") return fromMm(DEFAULT_LABEL_HEIGHT_MM, unit);
  if (field === "columns" || field === "rows") return 1;
  return 0;
}

export function fieldBound(field: NumField, unit: MeasureUnit): Bound {
  if (field === "width") return unit === "inch" ? BOUNDS.LabelWidthInch : BOUNDS.LabelWidth;
  if (field === "height") return unit === "inch" ? BOUNDS.LabelHeightInch : BOUNDS.LabelHeight;
  if (field === "columns" || field === "rows") return BOUNDS.ColumnsRows;
  return BOUNDS.SpacingPadding;
}

const isLength = (f: NumField) => (LENGTH_FIELDS as readonly string[]).includes(f);

function toNumber(v: string | number): number {
  if (typeof v === "number") return v;
  const t = v.trim();
  return t === "" ? Number.NaN : Number(t);
}

/** The dialog's fields set to a sheet layout (a preset, a stock product), in the dialog's unit. */
function withLayout(context: LabelSettingsContext, layout: SheetLayout) {
  const values = { ...context.values };
  for (const f of NUM_FIELDS) values[f] = isLength(f) ? fromMm(layout[f], context.unit) : layout[f];
  return { values, error: null };
}

function valuesFrom(attrs: LabelAttrs, unit: MeasureUnit): Record<NumField, number> {
  const out = {} as Record<NumField, number>;
  for (const f of NUM_FIELDS) out[f] = isLength(f) ? fromMm(attrs[f], unit) : attrs[f];
  return out;
}

/** First problem with the dialog's fields, in screen order, or null. */
export function validateSettings(
  c: Pick<LabelSettingsContext, "name" | "values" | "unit">,
): FieldError | null {
  const name = validateLabelName(c.name);
  if (!name.ok) return { field: "name", key: name.key };
  for (const f of NUM_FIELDS) {
    const b = fieldBound(f, c.unit);
    const v = validate(b, c.values[f]);
    if (!v.ok) {
      const key =
        v.reason === "notNumber"
          ? "editor.labelSettings.notNumber"
          : v.reason === "notInteger"
            ? "editor.labelSettings.notInteger"
            : "editor.labelSettings.outOfRange";
      return { field: f, key, vars: { field: `editor.labelSettings.${f}`, min: b.min, max: b.max } };
    }
  }
  return null;
}

/** The label attributes (mm) the dialog describes. */
export function settingsToAttrs(c: LabelSettingsContext): LabelAttrs {
  const patch: Record<string, number> = {};
  for (const f of NUM_FIELDS) patch[f] = isLength(f) ? toMm(c.values[f], c.unit) : Math.round(c.values[f]);
  return {
    ...c.base,
    ...patch,
    name: c.name.trim(),
    targetDpi: c.targetDpi,
    background: c.background,
    printBackground: c.printBackground,
  };
}

/** Backgrounds are stored as base64 without the data: prefix (spec §5). */
export function stripDataPrefix(s: string): string {
  return String(s).replace(/^data:[^,]*,/, "");
}

export function editLabelUrl(attrs: LabelAttrs): string {
  return `/editLabel?labelAttr=${encodeURIComponent(JSON.stringify(attrs))}&labelStatus=add`;
}

export const labelSettingsMachine = setup({
  types: {
    context: {} as LabelSettingsContext,
    events: {} as LabelSettingsEvent,
    input: {} as LabelSettingsInput,
    emitted: {} as LabelSettingsEmitted,
  },
  actions: {
    /** create mode forgets the background chosen for a previous label (session labelBgImgInfo) */
    clearStoredBackground: () => {},
  },
  guards: {
    isCreate: ({ context }) => context.mode === "create",
    valid: ({ context }) => validateSettings(context) === null,
  },
}).createMachine({
  id: "labelSettings",
  context: ({ input }) => {
    const unit = measureUnitOf(input?.unit);
    const mode = input?.mode === "set" ? "set" : "create";
    const base =
      mode === "set" && input.attrs
        ? input.attrs
        : defaultLabelAttrs({
            ...input?.defaults,
            name: input?.defaultName ?? defaultLabelAttrs().name,
            type: "add",
          });
    return {
      mode,
      unit,
      name: base.name,
      values: valuesFrom(base, unit),
      background: mode === "create" ? "" : base.background,
      printBackground: mode === "create" ? false : base.printBackground,
      targetDpi: targetDpiOf(base),
      error: null,
      base,
    };
  },
  initial: "init",
  states: {
    init: {
      always: [
        { guard: "isCreate", target: "editing", actions: "clearStoredBackground" },
        { target: "editing" },
      ],
    },
    editing: {
      on: {
        "field.name": { actions: assign({ name: ({ event }) => String(event.value), error: null }) },
        "field.change": {
          actions: assign({
            values: ({ context, event }) => {
              if (!NUM_FIELDS.includes(event.field)) return context.values;
              const n = toNumber(event.value);
              const cleared = typeof event.value === "string" && event.value.trim() === "";
              return {
                ...context.values,
                [event.field]: cleared ? fieldDefault(event.field, context.unit) : n,
              };
            },
            error: null,
          }),
        },
        "unit.change": {
          actions: assign(({ context, event }) => {
            const unit = measureUnitOf(event.unit);
            if (unit === context.unit) return {};
            const values = { ...context.values };
            for (const f of LENGTH_FIELDS) {
              const v = values[f];
              if (Number.isFinite(v)) values[f] = unit === "inch" ? round(v / 25.4, 3) : round(v * 25.4, 3);
            }
            return { unit, values, error: null };
          }),
        },
        "preset.apply": {
          actions: assign(({ context, event }) => {
            const preset = findPreset(String(event.id));
            return preset ? withLayout(context, preset.layout) : {};
          }),
        },
        "layout.apply": {
          actions: assign(({ context, event }) => withLayout(context, event.layout)),
        },
        "targetDpi.change": {
          actions: assign({
            targetDpi: ({ context, event }) =>
              (TARGET_DPIS as readonly number[]).includes(Number(event.value))
                ? (Number(event.value) as TargetDpi)
                : context.targetDpi,
          }),
        },
        "background.upload": {
          actions: enqueueActions(({ event, enqueue }) => {
            const ext = String(event.fileName).toLowerCase().split(".").pop() ?? "";
            if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) {
              enqueue.assign({ error: { field: "background", key: TIP.imageTypeRefused } });
              enqueue.emit({ type: "message", key: TIP.imageTypeRefused, level: "error" });
              return;
            }
            if (Number.isFinite(event.limitKB) && event.sizeKB > event.limitKB) {
              enqueue.assign({
                error: { field: "background", key: TIP.imageTooLarge, vars: { size: event.limitKB } },
              });
              enqueue.emit({
                type: "message",
                key: TIP.imageTooLarge,
                level: "error",
                vars: { size: event.limitKB },
              });
              enqueue.emit({ type: "message", key: TIP.chooseSmallerImage, level: "error" });
              return;
            }
            // spec §5: a background is stored and printBackground is set true
            enqueue.assign({ background: stripDataPrefix(event.base64), printBackground: true, error: null });
          }),
        },
        "background.remove": { actions: assign({ background: "", printBackground: false }) },
        confirm: [
          {
            guard: "valid",
            target: "done",
            actions: enqueueActions(({ context, enqueue }) => {
              const attrs = settingsToAttrs(context);
              if (context.mode === "create")
                enqueue.emit({ type: "navigate", to: editLabelUrl(attrs), labelAttr: attrs });
              else enqueue.emit({ type: "set", attrs });
            }),
          },
          {
            actions: enqueueActions(({ context, enqueue }) => {
              const error = validateSettings(context);
              enqueue.assign({ error });
              if (error) enqueue.emit({ type: "message", key: error.key, level: "error", vars: error.vars });
            }),
          },
        ],
        cancel: { target: "cancelled", actions: emit({ type: "close" }) },
      },
    },
    done: { type: "final" },
    cancelled: { type: "final" },
  },
});
