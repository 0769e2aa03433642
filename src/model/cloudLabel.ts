// A label's cloud identity and the save answers, without the network (spec editor §4 "Save paths",
// §7): what the save-flow machine decides with. The requests are in src/app/api/cloudSave.ts.
import type { LabelDocument, LabelType } from "./types";

/** The cloud identity of the label being edited (label attributes that are not in the file). */
export interface CloudLabel {
  readonly status: "add" | "edit";
  readonly id: string;
  readonly parent_id: string;
  readonly type: LabelType | string;
  readonly file: string;
  readonly remark: string;
  /** the template's name in the library (labelAttr): a renamed template keeps it over its file's */
  readonly name?: string;
}

/** The template record the server answers (fields read per spec §7). */
export interface SavedTemplate {
  readonly id: string;
  readonly parent_id: string;
  readonly name: string;
  readonly file_web: string;
  readonly width: number;
  readonly height: number;
  readonly image: string;
}

/** The add/edit/cover payload (also what the cover dialog sends back). */
export interface TemplatePayload {
  readonly name: string;
  readonly parent_id: string;
  readonly width: number;
  readonly height: number;
  readonly url: string;
  readonly image: string;
  readonly platform: number;
  readonly remark: string;
  readonly id?: string;
}

export type SaveOutcome =
  | { readonly kind: "saved"; readonly template: SavedTemplate; readonly added: boolean }
  | { readonly kind: "member"; readonly message: string }
  | { readonly kind: "exists"; readonly payload: TemplatePayload }
  /** the template changed since it was opened; `current` is what the server holds now */
  | { readonly kind: "conflict"; readonly payload: TemplatePayload; readonly current: SavedTemplate }
  | { readonly kind: "failed"; readonly error: unknown };

export const COPY_TYPES: ReadonlySet<string> = new Set(["common", "share", "printRecord"]);

/** Edit updates the existing label, except copies (common, share, printRecord) which add. */
export function savesAsNew(label: Pick<CloudLabel, "status" | "type" | "id">): boolean {
  return label.status !== "edit" || !label.id || COPY_TYPES.has(String(label.type));
}

/** The label attributes after a save, for the replaced route (labelStatus edit). */
export function labelAttrAfterSave(
  doc: LabelDocument,
  t: SavedTemplate,
  type: string,
): Record<string, unknown> {
  const { background: _bg, canvas_img: _ci, ...rest } = doc.attrs;
  return {
    ...rest,
    id: t.id,
    parent_id: t.parent_id,
    name: t.name || doc.attrs.name,
    file: t.file_web,
    type: COPY_TYPES.has(type) ? "" : type,
  };
}
