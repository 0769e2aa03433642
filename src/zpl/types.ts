// What the ZPL interpreter answers and takes: the labels of a file, what it did not draw, options.
import type { LabelDocument } from "../model/types";
import type { BlockLines } from "./blockLines";
import type { CodeField } from "./codes";
import type { Anchor } from "./place";

/** What `finish` needs to size a code exactly: its ZPL sizes in dots. */
export interface CodeSizing extends CodeField {
  readonly dpi: number;
}

export interface ZplLabel {
  readonly doc: LabelDocument;
  /** element id → where ZPL put it */
  readonly anchors: ReadonlyMap<string, Anchor>;
  /** code element id → its ZPL sizes */
  readonly codes: ReadonlyMap<string, CodeSizing>;
  /** text element id → its width over its face's (^A's width ≠ height) */
  readonly stretches: ReadonlyMap<string, number>;
  /** ^FB text id → its line count and hanging indent */
  readonly blocks: ReadonlyMap<string, BlockLines>;
  /** ids of the reversed fields (^FR) */
  readonly reversed: ReadonlySet<string>;
  /** ^SF field id → its data on each printed copy */
  readonly masked: ReadonlyMap<string, readonly string[]>;
  /** how many the printer would print (^PQ) */
  readonly copies: number;
}

export interface ZplUnknown {
  /** as written, e.g. "^MU", "~JR", or a variant we do not draw ("^GB W") */
  readonly command: string;
  readonly count: number;
}

export interface ZplParse {
  readonly labels: readonly ZplLabel[];
  readonly unknown: readonly ZplUnknown[];
  readonly dpi: number;
  /** the fonts the file downloaded (~DY, ~DU): family → TrueType file */
  readonly fonts: ReadonlyMap<string, Uint8Array>;
}

export interface ZplOptions {
  /** dots per inch of the printer the file was made for (default 203) */
  readonly dpi?: number;
  /** the labels' name (a file's base name); several labels are numbered */
  readonly name?: string;
}
