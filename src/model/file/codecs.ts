// Value codecs for label file fields: how a model value is written as text and read back.
// Reading never throws: a missing or unusable value gives the fallback (the model default).
import { BOUNDS, type Bound, type BoundName, clamp } from "../bounds";

export interface Codec<T> {
  write(v: T): string;
  read(raw: string | undefined, fallback: T): T;
}

export const str: Codec<string> = {
  write: (v) => v,
  read: (raw, fb) => raw ?? fb,
};

const YES = new Set(["yes", "true", "1", "y", "on"]);
const NO = new Set(["no", "false", "0", "n", "off", ""]);

/** Flags are written yes/no; true/false and 1/0 are also read. */
export const bool: Codec<boolean> = {
  write: (v) => (v ? "yes" : "no"),
  read: (raw, fb) => {
    if (raw === undefined) return fb;
    const s = raw.trim().toLowerCase();
    return YES.has(s) ? true : NO.has(s) ? false : fb;
  },
};

/** Parses a number the way the file writes it; NaN when it is not one. */
export function toNumber(raw: string | undefined): number {
  if (raw === undefined) return Number.NaN;
  const s = raw.trim();
  return s === "" ? Number.NaN : Number(s);
}

/**
 * The file keeps numbers at full precision: the shared bounds limit the range (and make whole
 * fields whole), but the panel's input rounding is not applied, so values never drift on reload.
 */
export function fileBound(b: Bound | BoundName): Bound {
  const src: Bound = typeof b === "string" ? BOUNDS[b] : b;
  return { min: src.min, max: src.max, integer: src.integer };
}

/** Clamps through the shared `clamp`; -0 becomes 0. */
export function clampNumber(b: Bound, raw: string | undefined, fb: number): number {
  const n = toNumber(raw);
  if (!Number.isFinite(n)) return fb;
  const v = clamp(b, n, fb);
  return v === 0 ? 0 : v;
}

export function num(bound: Bound | BoundName): Codec<number> {
  const b = fileBound(bound);
  return { write: (v) => String(v), read: (raw, fb) => clampNumber(b, raw, fb) };
}

/** One of a fixed set of numbers (enumerations); anything else is the fallback. */
export function oneOf<T extends number>(values: readonly T[]): Codec<T> {
  return {
    write: (v) => String(v),
    read: (raw, fb) => {
      const n = toNumber(raw);
      return (values as readonly number[]).includes(n) ? (n as T) : fb;
    },
  };
}

/** One of a fixed set of strings (case-insensitive on reading, canonical spelling kept). */
export function oneOfStr<T extends string>(values: readonly T[]): Codec<T> {
  return {
    write: (v) => v,
    read: (raw, fb) => {
      if (raw === undefined) return fb;
      const s = raw.trim().toLowerCase();
      return values.find((v) => v.toLowerCase() === s) ?? fb;
    },
  };
}

/** A comma-separated list of numbers, each clamped; an unusable list gives the fallback. */
export function numList(bound: Bound | BoundName): Codec<readonly number[]> {
  const b = fileBound(bound);
  return {
    write: (v) => v.join(","),
    read: (raw, fb) => {
      if (raw === undefined) return fb;
      if (raw.trim() === "") return [];
      const parts = raw.split(",");
      const out: number[] = [];
      for (const p of parts) {
        const n = toNumber(p);
        if (!Number.isFinite(n)) return fb;
        out.push(clampNumber(b, p, b.min));
      }
      return out;
    },
  };
}

/** A whole-number pair "a,b" (table cell positions, sheet index). */
export function pair(max: number): Codec<readonly [number, number]> {
  const b: Bound = { min: 0, max, integer: true };
  return {
    write: (v) => `${v[0]},${v[1]}`,
    read: (raw, fb) => {
      const parts = raw?.split(",");
      if (parts?.length !== 2) return fb;
      const a = toNumber(parts[0]);
      const c = toNumber(parts[1]);
      if (!Number.isFinite(a) || !Number.isFinite(c)) return fb;
      return [clamp(b, a), clamp(b, c)];
    },
  };
}

/** Rotation: the model's 0/90/180/270, written with 270 as -90; any angle snaps to a quarter turn. */
export const rotate: Codec<0 | 90 | 180 | 270> = {
  write: (v) => (v === 270 ? "-90" : String(v)),
  read: (raw, fb) => {
    const n = toNumber(raw);
    if (!Number.isFinite(n)) return fb;
    const q = (((Math.round(n / 90) * 90) % 360) + 360) % 360;
    return q as 0 | 90 | 180 | 270;
  },
};
