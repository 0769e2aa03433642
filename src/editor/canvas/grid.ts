// Grid spacing (spec §9): a canvas wider than 756 px (at zoom 1) uses 25-unit cells with a major line
// every 50 units, otherwise 5 and 10. Units are canvas px at zoom 1, returned here in millimetres.
import { GRID_LARGE, GRID_LARGE_CANVAS_PX, GRID_SMALL, PX_PER_MM } from "../../model/constants";

export interface GridSpec {
  readonly cellMm: number;
  readonly majorMm: number;
}

export function gridSpec(labelWidthMm: number): GridSpec {
  const g = labelWidthMm * PX_PER_MM > GRID_LARGE_CANVAS_PX ? GRID_LARGE : GRID_SMALL;
  return { cellMm: g.cell / PX_PER_MM, majorMm: g.major / PX_PER_MM };
}

/** Positions (mm) of grid lines along one side of the label, each flagged major or not. */
export function gridLines(sizeMm: number, spec: GridSpec): { mm: number; major: boolean }[] {
  const out: { mm: number; major: boolean }[] = [];
  const ratio = Math.round(spec.majorMm / spec.cellMm);
  const n = Math.floor(sizeMm / spec.cellMm + 1e-9);
  // at most 2,000 lines per side: beyond that the lines would be denser than the pixels
  for (let i = 1; i <= n && i <= 2000; i++) out.push({ mm: i * spec.cellMm, major: i % ratio === 0 });
  return out;
}
