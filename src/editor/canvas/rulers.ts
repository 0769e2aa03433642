// Ruler ticks (spec §9: band 25, font 11, long tick 10, short tick 5, colour #7b89a1, step from zoom).
// Labels are millimetres; the labelled step is the smallest "nice" value at least MIN_LABEL_GAP px apart.
import { PX_PER_MM } from "../../model/constants";

const NICE_STEPS_MM = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000];
const MIN_LABEL_GAP = 50;

export interface Tick {
  /** screen offset along the ruler, px */
  readonly pos: number;
  /** document position, mm */
  readonly mm: number;
  readonly major: boolean;
}

/** Millimetres between labelled ticks at a zoom; minor ticks divide it in 5 or 10. */
export function rulerStep(zoom: number): { major: number; minor: number } {
  const pxPerMm = Math.max(zoom, 1e-6) * PX_PER_MM;
  const major =
    NICE_STEPS_MM.find((s) => s * pxPerMm >= MIN_LABEL_GAP) ?? NICE_STEPS_MM[NICE_STEPS_MM.length - 1];
  const div = String(major).startsWith("2") ? 4 : String(major).startsWith("5") ? 5 : 10;
  // no minor ticks closer than 4 px
  const minor = (major / div) * pxPerMm >= 4 ? major / div : major;
  return { major, minor };
}

/**
 * Ticks for a ruler `length` px long whose document origin (0 mm) sits at screen offset `origin`.
 */
export function rulerTicks(zoom: number, origin: number, length: number): Tick[] {
  const { major, minor } = rulerStep(zoom);
  const s = zoom * PX_PER_MM;
  const first = Math.floor(-origin / s / minor) * minor;
  const last = (length - origin) / s;
  const ticks: Tick[] = [];
  const n = Math.ceil((last - first) / minor) + 1;
  for (let i = 0; i <= n && i < 5000; i++) {
    const mm = Math.round((first + i * minor) * 1000) / 1000;
    const pos = origin + mm * s;
    if (pos < 0 || pos > length) continue;
    const q = mm / major;
    ticks.push({ pos, mm, major: Math.abs(q - Math.round(q)) < 1e-6 });
  }
  return ticks;
}
