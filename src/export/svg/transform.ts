// SVG transform lists as 2D affine matrices [a b c d e f] (x' = a·x + c·y + e, y' = b·x + d·y + f),
// the form both PDF's `cm` and Canvas 2D's `transform()` take.

export type Matrix = [number, number, number, number, number, number];

/** a × b: b applied first, then a. */
export const multiply = (a: Matrix, b: Matrix): Matrix => [
  a[0] * b[0] + a[2] * b[1],
  a[1] * b[0] + a[3] * b[1],
  a[0] * b[2] + a[2] * b[3],
  a[1] * b[2] + a[3] * b[3],
  a[0] * b[4] + a[2] * b[5] + a[4],
  a[1] * b[4] + a[3] * b[5] + a[5],
];

/** An SVG transform list as one matrix; null when there is none. Malformed steps are skipped. */
export function parseTransform(t: string | undefined): Matrix | null {
  if (!t) return null;
  let m: Matrix = [1, 0, 0, 1, 0, 0];
  for (const [, fn, args] of t.matchAll(/(\w+)\s*\(([^)]*)\)/g)) {
    const a = args
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (a.some((v) => !Number.isFinite(v))) continue;
    let step: Matrix | null = null;
    if (fn === "matrix" && a.length === 6) step = a as Matrix;
    else if (fn === "translate") step = [1, 0, 0, 1, a[0] ?? 0, a[1] ?? 0];
    else if (fn === "scale") step = [a[0] ?? 1, 0, 0, a[1] ?? a[0] ?? 1, 0, 0];
    else if (fn === "rotate") {
      const r = ((a[0] ?? 0) * Math.PI) / 180;
      const [cx, cy] = [a[1] ?? 0, a[2] ?? 0];
      const c = Math.cos(r);
      const s = Math.sin(r);
      step = [c, s, -s, c, cx - c * cx + s * cy, cy - s * cx - c * cy];
    } else if (fn === "skewX") step = [1, 0, Math.tan(((a[0] ?? 0) * Math.PI) / 180), 1, 0, 0];
    else if (fn === "skewY") step = [1, Math.tan(((a[0] ?? 0) * Math.PI) / 180), 0, 1, 0, 0];
    if (step) m = multiply(m, step);
  }
  return m;
}
