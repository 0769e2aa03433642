// Label presets of the create/settings dialog (ours, not in the spec): common roll sizes of thermal
// printers and sheet layouts sold for office printers. Sizes in mm; sheets fill their paper exactly
// (paddings + columns × width + gaps = paper width, and the same down).
import type { SheetLayout } from "./types";

export interface LabelPreset {
  readonly id: string;
  /** the paper of a sheet layout; absent for a single label (a roll) */
  readonly paper?: "A4" | "Letter";
  /** sizes named in inches by their makers */
  readonly inch?: boolean;
  readonly layout: SheetLayout;
}

const single = (id: string, width: number, height: number, inch = false): LabelPreset => ({
  id,
  ...(inch ? { inch } : {}),
  layout: {
    width,
    height,
    columns: 1,
    rows: 1,
    columnSpacing: 0,
    rowSpacing: 0,
    paddingTop: 0,
    paddingBottom: 0,
    paddingLeft: 0,
    paddingRight: 0,
  },
});

export const LABEL_PRESETS: readonly LabelPreset[] = [
  single("40x30", 40, 30),
  single("50x30", 50, 30),
  single("60x40", 60, 40),
  single("100x50", 100, 50),
  single("100x150", 100, 150),
  single("2.25x1.25in", 57.15, 31.75, true),
  single("4x6in", 101.6, 152.4, true),
  {
    // 24 a sheet, no gaps: 3 × 70 = 210, 8 × 37 + 0.5 + 0.5 = 297
    id: "a4-3x8-70x37",
    paper: "A4",
    layout: {
      width: 70,
      height: 37,
      columns: 3,
      rows: 8,
      columnSpacing: 0,
      rowSpacing: 0,
      paddingTop: 0.5,
      paddingBottom: 0.5,
      paddingLeft: 0,
      paddingRight: 0,
    },
  },
  {
    // 21 a sheet (the L7160 layout): 7.21 + 3 × 63.5 + 2 × 2.54 + 7.21 = 210, 15.15 + 7 × 38.1 + 15.15 = 297
    id: "a4-3x7-63.5x38.1",
    paper: "A4",
    layout: {
      width: 63.5,
      height: 38.1,
      columns: 3,
      rows: 7,
      columnSpacing: 2.54,
      rowSpacing: 0,
      paddingTop: 15.15,
      paddingBottom: 15.15,
      paddingLeft: 7.21,
      paddingRight: 7.21,
    },
  },
  {
    // 14 a sheet (the L7163 layout): 4.65 + 2 × 99.1 + 2.5 + 4.65 = 210, 15.15 + 7 × 38.1 + 15.15 = 297
    id: "a4-2x7-99.1x38.1",
    paper: "A4",
    layout: {
      width: 99.1,
      height: 38.1,
      columns: 2,
      rows: 7,
      columnSpacing: 2.5,
      rowSpacing: 0,
      paddingTop: 15.15,
      paddingBottom: 15.15,
      paddingLeft: 4.65,
      paddingRight: 4.65,
    },
  },
  {
    // 30 a sheet of 2 5/8 × 1 in (the 5160 layout): 4.763 + 3 × 66.675 + 2 × 3.175 + 4.762 = 215.9 (8.5 in),
    // 12.7 + 10 × 25.4 + 12.7 = 279.4 (11 in)
    id: "letter-3x10-2.625x1in",
    paper: "Letter",
    inch: true,
    layout: {
      width: 66.675,
      height: 25.4,
      columns: 3,
      rows: 10,
      columnSpacing: 3.175,
      rowSpacing: 0,
      paddingTop: 12.7,
      paddingBottom: 12.7,
      paddingLeft: 4.763,
      paddingRight: 4.762,
    },
  },
];

export function findPreset(id: string): LabelPreset | undefined {
  return LABEL_PRESETS.find((p) => p.id === id);
}

/** The preset whose layout the values (mm) describe, to 0.01 mm, or undefined (a custom size). */
export function matchPreset(values: Readonly<Record<keyof SheetLayout, number>>): LabelPreset | undefined {
  return LABEL_PRESETS.find((p) =>
    (Object.keys(p.layout) as (keyof SheetLayout)[]).every((k) => Math.abs(p.layout[k] - values[k]) < 0.01),
  );
}

/** Paper sizes of the sheet presets, mm. */
export const PAPER_MM = { A4: { width: 210, height: 297 }, Letter: { width: 215.9, height: 279.4 } } as const;
