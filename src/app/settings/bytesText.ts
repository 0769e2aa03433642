// A byte count as people read it: B, KB, MB or GB (1024-based, one decimal above bytes), with the
// interface language's unit names and decimal mark (the `app.bytes.*` messages format the number).
import type { TFunction } from "i18next";

const UNITS = ["kb", "mb", "gb", "tb"] as const;

export function bytesText(t: TFunction, bytes: number): string {
  const n = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  if (n < 1024) return t("app.bytes.b", { n: Math.round(n) });
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return t(`app.bytes.${UNITS[i]}`, { n: v });
}
