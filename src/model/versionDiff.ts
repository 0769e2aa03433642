// What changed between two versions of a label (issue 40, the versions dialog's compare): the label
// fields that differ (size, name, layout…) and the elements added, removed and changed, matched by
// their Id, each change naming the properties that differ. Pure: the dialog parses both label files
// and shows this beside their previews.
import type { LabelAttrs, LabelDocument, LabelElement } from "./types";

/** The label fields compared: what a user sets. Where the file is stored, its id and folder, and the
 * cover pictures say nothing about the label's content. */
export const COMPARED_FIELDS = [
  "name",
  "width",
  "height",
  "columns",
  "rows",
  "columnSpacing",
  "rowSpacing",
  "paddingTop",
  "paddingBottom",
  "paddingLeft",
  "paddingRight",
  "canvasRotate",
  "shapeMode",
  "background",
  "printBackground",
  "backgroundDisplayMode",
  "targetDpi",
  "remark",
] as const satisfies readonly (keyof LabelAttrs)[];

export type ComparedField = (typeof COMPARED_FIELDS)[number];

export interface FieldChange {
  readonly field: ComparedField;
  readonly from: LabelAttrs[ComparedField];
  readonly to: LabelAttrs[ComparedField];
}

export interface ElementRef {
  readonly id: string;
  readonly type: LabelElement["Type"];
  readonly name: string;
}

export interface ElementChange extends ElementRef {
  /** the element's properties whose values differ, in the newer version's order */
  readonly props: readonly string[];
}

export interface VersionDiff {
  readonly fields: readonly FieldChange[];
  readonly added: readonly ElementRef[];
  readonly removed: readonly ElementRef[];
  readonly changed: readonly ElementChange[];
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
const ref = (e: LabelElement): ElementRef => ({ id: e.Id, type: e.Type, name: e.Name });

/** What changed from `older` to `newer`. */
export function versionDiff(older: LabelDocument, newer: LabelDocument): VersionDiff {
  const fields = COMPARED_FIELDS.filter((f) => !same(older.attrs[f], newer.attrs[f])).map(
    (field) => ({ field, from: older.attrs[field], to: newer.attrs[field] }) as FieldChange,
  );
  const before = new Map(older.elements.map((e) => [e.Id, e]));
  const after = new Set(newer.elements.map((e) => e.Id));
  const added: ElementRef[] = [];
  const changed: ElementChange[] = [];
  for (const e of newer.elements) {
    const was = before.get(e.Id);
    if (!was) {
      added.push(ref(e));
      continue;
    }
    const a = was as unknown as Record<string, unknown>;
    const b = e as unknown as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    const props = keys.filter((k) => !same(a[k], b[k]));
    if (props.length) changed.push({ ...ref(e), props });
  }
  const removed = older.elements.filter((e) => !after.has(e.Id)).map(ref);
  return { fields, added, removed, changed };
}

/** True when the two versions hold the same label. */
export const isSameLabel = (d: VersionDiff) =>
  !d.fields.length && !d.added.length && !d.removed.length && !d.changed.length;
