// Editor preferences kept in localStorage (spec §3 "Browser storage keys"): showGrid and canvasLock
// are the strings 'true' / 'false'; MeasureUnit is 'mm' or 'inch'. Storage may be unavailable
// (privacy mode): reads then give the default and writes are dropped.
import type { MeasureUnit } from "../model/constants";
import { measureUnitOf } from "../model/units";

export const PREF_KEYS = {
  showGrid: "showGrid",
  canvasLock: "canvasLock",
  measureUnit: "MeasureUnit",
} as const;

function store(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** A stored string, or null when missing or storage is unavailable. */
export function readPref(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores a string; dropped silently when storage is unavailable or full. */
export function writePref(key: string, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // quota or disabled storage: the preference lasts for this page only
  }
}

export function readBool(key: string, fallback = false): boolean {
  const v = readPref(key);
  return v === null ? fallback : v === "true";
}

export function writeBool(key: string, value: boolean): void {
  writePref(key, value ? "true" : "false");
}

export function readUnit(): MeasureUnit {
  return measureUnitOf(readPref(PREF_KEYS.measureUnit));
}

export function writeUnit(unit: MeasureUnit): void {
  writePref(PREF_KEYS.measureUnit, unit);
}
