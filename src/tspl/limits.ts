// What a TSPL job may ask of the reader before it is refused with a translated error (docs/zpl.md
// "TSPL read back"). Each bound is checked before the work it bounds.
import { ZPL_MAX_BYTES, ZPL_MAX_LABELS, ZplError } from "../zpl/limits";

/** the job itself: as a ZPL file's (its bitmaps and files are bytes, not hex) */
export const TSPL_MAX_BYTES = ZPL_MAX_BYTES;
/** PRINTs read from one job: as many labels as a ZPL file may hold */
export const TSPL_MAX_LABELS = ZPL_MAX_LABELS;
/** program runs (a downloaded .BAS called by its name) in one job; a program that calls itself stops here */
export const TSPL_MAX_RUNS = 1000;
/** distinct command names listed as not drawn (binary junk would make one per line) */
export const TSPL_MAX_LISTED = 50;

/** A TSPL job that cannot be read: thrown as the ZPL reader's error (a message key and its variables). */
export const tsplError = (
  key: "tspl.error.tooLarge" | "tspl.error.tooManyLabels" | "tspl.error.programLoop",
  vars: Record<string, number>,
) => new ZplError(key, vars);
