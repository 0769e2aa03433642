// Reads the editor's start parameters from the URL: labelAttr (URL-encoded JSON of the label
// attributes) and labelStatus (add | edit). Hostile or malformed input never throws: unknown keys,
// wrong types and out-of-range sizes are dropped or clamped, and the rest falls back to defaults.
import { clamp } from "../model/bounds";
import { TARGET_DPIS, type TargetDpi } from "../model/constants";
import { emptyDocument } from "../model/defaults";
import { LABEL_TYPES, type LabelAttrs, type LabelDocument, type LabelType } from "../model/types";

export type LabelStatus = "add" | "edit";

export interface EditorStart {
  readonly doc: LabelDocument;
  readonly status: LabelStatus;
  /** true when labelAttr was present but could not be read */
  readonly badAttr: boolean;
}

const STRING_KEYS = [
  "name",
  "background",
  "id",
  "parent_id",
  "remark",
  "file",
  "tmp_type",
  "data_type",
] as const;
const MAX_STRING = 5_000_000; // backgrounds are base64 images; anything bigger is not a label attribute

function num(v: unknown): number | undefined {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** Picks the known, well-typed label attributes out of an untrusted object. */
export function sanitizeAttrs(raw: unknown): Partial<LabelAttrs> {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
  const src = raw as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const own = (k: string) => Object.hasOwn(src, k);
  for (const k of STRING_KEYS) {
    const v = src[k];
    if (own(k) && (typeof v === "string" || typeof v === "number") && String(v).length <= MAX_STRING)
      out[k] = String(v);
  }
  const sized: [keyof LabelAttrs, Parameters<typeof clamp>[0]][] = [
    ["width", "LabelWidth"],
    ["height", "LabelHeight"],
    ["columns", "ColumnsRows"],
    ["rows", "ColumnsRows"],
    ["rowSpacing", "SpacingPadding"],
    ["columnSpacing", "SpacingPadding"],
    ["paddingTop", "SpacingPadding"],
    ["paddingBottom", "SpacingPadding"],
    ["paddingLeft", "SpacingPadding"],
    ["paddingRight", "SpacingPadding"],
  ];
  for (const [k, bound] of sized) {
    const n = own(k) ? num(src[k]) : undefined;
    if (n !== undefined) out[k] = clamp(bound, n);
  }
  for (const k of ["backgroundDisplayMode", "canvasRotate", "shapeMode"] as const) {
    const n = own(k) ? num(src[k]) : undefined;
    if (n !== undefined) out[k] = Math.trunc(n);
  }
  const dpi = own("targetDpi") ? num(src.targetDpi) : undefined;
  if ((TARGET_DPIS as readonly number[]).includes(dpi ?? 0)) out.targetDpi = dpi as TargetDpi;
  if (own("printBackground")) {
    const v = src.printBackground;
    out.printBackground = v === true || v === "true" || v === 1 || v === "1";
  }
  if (own("type") && LABEL_TYPES.includes(src.type as LabelType)) out.type = src.type;
  if (own("canvas_img") && Array.isArray(src.canvas_img)) {
    out.canvas_img = src.canvas_img.filter(
      (s): s is string => typeof s === "string" && s.length <= MAX_STRING,
    );
  }
  return out as Partial<LabelAttrs>;
}

/**
 * Builds the starting document from a query string such as `?labelAttr=%7B…%7D&labelStatus=add`.
 * `defaultName` (translated by the caller) names a label whose attributes bring no name.
 */
export function startFromQuery(search: string, defaultName?: string): EditorStart {
  const named = (attrs: Partial<LabelAttrs> = {}): Partial<LabelAttrs> =>
    attrs.name || !defaultName ? attrs : { ...attrs, name: defaultName };
  const params = new URLSearchParams(search);
  const status: LabelStatus = params.get("labelStatus") === "edit" ? "edit" : "add";
  const rawAttr = params.get("labelAttr");
  if (rawAttr === null || rawAttr === "") return { doc: emptyDocument(named()), status, badAttr: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawAttr);
  } catch {
    // labelAttr may arrive encoded twice (encodeURIComponent on an already-encoded value)
    try {
      parsed = JSON.parse(decodeURIComponent(rawAttr));
    } catch {
      return { doc: emptyDocument(named()), status, badAttr: true };
    }
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    return { doc: emptyDocument(named()), status, badAttr: true };
  return { doc: emptyDocument(named(sanitizeAttrs(parsed))), status, badAttr: false };
}
