// Links into the editor route (spec §2 "Editor route": labelAttr = URL-encoded JSON of the label
// attributes, labelStatus = add | edit).
import { defaultLabelAttrs } from "../model/defaults";
import type { LabelAttrs } from "../model/types";
import type { SharedTemplate } from "./api/sharing";
import type { TemplateSummary } from "./api/templates";

export function editorHref(attrs: LabelAttrs, status: "add" | "edit"): string {
  return `/editLabel?labelAttr=${encodeURIComponent(JSON.stringify(attrs))}&labelStatus=${status}`;
}

/** A new label with the default attributes (100 × 80 mm, one row and column) and a localised name. */
export function newLabelHref(name: string): string {
  return editorHref(defaultLabelAttrs({ name }), "add");
}

/** Opens a saved cloud template. */
export function editTemplateHref(t: TemplateSummary): string {
  return editorHref(
    defaultLabelAttrs({
      name: t.name,
      width: t.width || undefined,
      height: t.height || undefined,
      id: t.id,
      parent_id: t.classId,
      file: t.file,
      type: "cloud",
      canvas_img: t.image ? [t.image] : [],
    }),
    "edit",
  );
}

/** Opens a template someone shared with the user: type share, so saving makes a copy in the user's folders. */
export function sharedTemplateHref(t: SharedTemplate): string {
  return editorHref(
    defaultLabelAttrs({
      name: t.name,
      width: t.width || undefined,
      height: t.height || undefined,
      id: t.id,
      file: t.file,
      type: "share",
      canvas_img: t.image ? [t.image] : [],
    }),
    "edit",
  );
}
