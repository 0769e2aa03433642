// Links into the editor route (spec §2 "Editor route": labelAttr = URL-encoded JSON of the label
// attributes, labelStatus = add | edit).
import { defaultLabelAttrs } from "../model/defaults";
import type { LabelAttrs } from "../model/types";
import type { TemplateSummary } from "./api/templates";

export function editorHref(attrs: LabelAttrs, status: "add" | "edit"): string {
  return `/editLabel?labelAttr=${encodeURIComponent(JSON.stringify(attrs))}&labelStatus=${status}`;
}

/** A new label with the default attributes (100 × 80 mm, one row and column) and a localised name. */
export function newLabelHref(name: string): string {
  return editorHref(defaultLabelAttrs({ name }), "add");
}

/** A stored template in the editor (status edit): its size, file and preview, as `type`. */
function templateHref(t: TemplateSummary, type: "cloud" | "share" | "common", parentId = ""): string {
  return editorHref(
    defaultLabelAttrs({
      name: t.name,
      width: t.width || undefined,
      height: t.height || undefined,
      id: t.id,
      parent_id: parentId,
      file: t.file,
      type,
      canvas_img: t.image ? [t.image] : [],
    }),
    "edit",
  );
}

/** Opens a saved cloud template. */
export const editTemplateHref = (t: TemplateSummary) => templateHref(t, "cloud", t.classId);

/** Opens a template someone shared with the user: type share, so saving makes a copy in the user's folders. */
export const sharedTemplateHref = (t: TemplateSummary) => templateHref(t, "share");

/** What the print dialog starts from when a label opens straight into it (?print=1). */
export interface PrintStartQuery {
  /** the records chosen (src/print/choiceText.ts), "" for all */
  readonly records: string;
  readonly copies: number;
}

/** A link into the editor (`href`) that opens the print dialog with these records and copies (reprint). */
export function reprintHref(href: string, start: PrintStartQuery): string {
  const q = new URLSearchParams({ print: "1", copies: String(Math.max(1, Math.floor(start.copies) || 1)) });
  if (start.records) q.set("records", start.records);
  return `${href}&${q}`;
}

/** The records and copies of a reprint link, or null when the query carries none. */
export function printStartOf(search: string): PrintStartQuery | null {
  const q = new URLSearchParams(search);
  if (q.get("print") !== "1" || !q.has("copies")) return null;
  const copies = Number.parseInt(q.get("copies") ?? "", 10);
  return { records: q.get("records") ?? "", copies: Number.isFinite(copies) && copies >= 1 ? copies : 1 };
}
/** Opens a label of the industry library: type common, so saving makes a copy in the user's folders. */
export const commonTemplateHref = (t: TemplateSummary) => templateHref(t, "common");
