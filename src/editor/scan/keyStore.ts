// The scan key chosen for a label, kept per label in this browser. Not in the label file: the
// .tprt format (shared with printers and the spec's other clients) has no field for it, and a key
// column is a choice of this workstation's scanning setup rather than part of the design.
import type { LabelAttrs } from "../../model/types";
import { readPref, writePref } from "../prefs";

/** A saved label by its id; an unsaved one by its name. */
export const scanKeyStorageKey = (attrs: Pick<LabelAttrs, "id" | "name">) =>
  `inkless.scanKey:${attrs.id ? `id:${attrs.id}` : `new:${attrs.name}`}`;

/** The choice made for this label; after its first save, the one made while it was new. */
export const readScanKey = (attrs: Pick<LabelAttrs, "id" | "name">) =>
  readPref(scanKeyStorageKey(attrs)) ??
  (attrs.id ? readPref(scanKeyStorageKey({ id: "", name: attrs.name })) : null);

export const writeScanKey = (attrs: Pick<LabelAttrs, "id" | "name">, id: string) =>
  writePref(scanKeyStorageKey(attrs), id);
