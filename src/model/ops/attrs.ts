// Label attribute changes (settings dialog "set", rename): clamped by the bounds of spec §5.
import { clamp, validateLabelName } from "../bounds";
import { TARGET_DPIS } from "../constants";
import type { LabelAttrs, LabelDocument } from "../types";
import { commit, refuse } from "./commit";
import { safePatch } from "./safe";
import type { OpResult } from "./types";

const NUMERIC: Partial<Record<keyof LabelAttrs, Parameters<typeof clamp>[0]>> = {
  width: "LabelWidth",
  height: "LabelHeight",
  columns: "ColumnsRows",
  rows: "ColumnsRows",
  rowSpacing: "SpacingPadding",
  columnSpacing: "SpacingPadding",
  paddingTop: "SpacingPadding",
  paddingBottom: "SpacingPadding",
  paddingLeft: "SpacingPadding",
  paddingRight: "SpacingPadding",
};

export function updateLabelAttrs(doc: LabelDocument, patch: Partial<LabelAttrs>): OpResult {
  const clean: Record<string, unknown> = {};
  const cur = doc.attrs as unknown as Record<string, unknown>;
  for (const [k, v] of Object.entries(safePatch(patch))) {
    // ours: one of the target resolutions (also on a document from before the field)
    if (k === "targetDpi") {
      if ((TARGET_DPIS as readonly unknown[]).includes(v)) clean[k] = v;
      continue;
    }
    if (!Object.hasOwn(cur, k)) continue;
    const bound = NUMERIC[k as keyof LabelAttrs];
    if (bound) clean[k] = clamp(bound, v, cur[k] as number);
    else if (typeof cur[k] === typeof v || (Array.isArray(cur[k]) && Array.isArray(v))) clean[k] = v;
  }
  if (typeof clean.name === "string") {
    const check = validateLabelName(clean.name);
    if (!check.ok) return refuse(check.key);
  }
  const changed = Object.keys(clean).some((k) => cur[k] !== clean[k]);
  if (!changed) return commit(doc, doc, { kind: "edit" });
  return commit(doc, { ...doc, attrs: { ...doc.attrs, ...clean } }, { kind: "edit" });
}
