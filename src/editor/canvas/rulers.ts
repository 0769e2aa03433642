// Ruler ticks (spec §9: band 25, font 11, long tick 10, short tick 5, colour #7b89a1, step from zoom).
// Labels are in the user's unit (mm or inch, 25.4 mm per inch); the labelled step is the smallest
// "nice" value of that unit at least MIN_LABEL_GAP px apart.
import { type MeasureUnit, MM_PER_INCH, PX_PER_MM } from "../../model/constants";

/** Labelled steps of each unit, with the number of minor divisions between two labels. */
const NICE_STEPS: Record<MeasureUnit, readonly (readonly [step: number, div: number])[]> = {
  mm: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000].map((s) => {
    const lead = String(s)[0];
    return [s, lead === "2" ? 4 : lead === "5" ? 5 : 10] as const;
  }),
  // inch rulers divide in halves, quarters and eighths below 10 inches
  inch: [
    [0.125, 1],
    [0.25, 2],
    [0.5, 4],
    [1, 8],
    [2, 8],
    [5, 5],
    [10, 10],
    [20, 4],
    [50, 5],
    [100, 10],
  ],
};
const MIN_LABEL_GAP = 50;

export interface Tick {
  /** screen offset along the ruler, px */
  readonly pos: number;
  /** position in the ruler's unit (its label) */
  readonly value: number;
  readonly major: boolean;
}

/** Units between labelled ticks (in the unit) at a zoom; minor ticks divide them (never closer than 4 px). */
export function rulerStep(zoom: number, unit: MeasureUnit = "mm"): { major: number; minor: number } {
  const pxPerUnit = Math.max(zoom, 1e-6) * PX_PER_MM * (unit === "inch" ? MM_PER_INCH : 1);
  const steps = NICE_STEPS[unit];
  const [major, div] = steps.find(([s]) => s * pxPerUnit >= MIN_LABEL_GAP) ?? steps[steps.length - 1];
  const minor = (major / div) * pxPerUnit >= 4 ? major / div : major;
  return { major, minor };
}

/**
 * Ticks for a ruler `length` px long whose document origin (0) sits at screen offset `origin`.
 */
export function rulerTicks(zoom: number, origin: number, length: number, unit: MeasureUnit = "mm"): Tick[] {
  const { major, minor } = rulerStep(zoom, unit);
  const s = zoom * PX_PER_MM * (unit === "inch" ? MM_PER_INCH : 1);
  const first = Math.floor(-origin / s / minor) * minor;
  const last = (length - origin) / s;
  const ticks: Tick[] = [];
  const n = Math.ceil((last - first) / minor) + 1;
  for (let i = 0; i <= n && i < 5000; i++) {
    const value = Math.round((first + i * minor) * 1000) / 1000;
    const pos = origin + value * s;
    if (pos < 0 || pos > length) continue;
    const q = value / major;
    ticks.push({ pos, value, major: Math.abs(q - Math.round(q)) < 1e-6 });
  }
  return ticks;
}
