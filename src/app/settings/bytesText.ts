// A byte count as people read it: B, KB, MB or GB (1024-based, one decimal above bytes).
const UNITS = ["KB", "MB", "GB", "TB"] as const;

export function bytesText(bytes: number): string {
  const n = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  if (n < 1024) return `${Math.round(n)} B`;
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return `${Number(v.toFixed(1))} ${UNITS[i]}`;
}
