// TSPL's lines and shapes as ZPL graphic fields (TSC's manual's parameter order):
//   BAR x,y,width,height · BOX x,y,x_end,y_end,thickness[,radius] · ELLIPSE x,y,width,height,thickness
//   CIRCLE x,y,diameter,thickness
const int = (p: string | undefined) => (/^-?\d+$/.test((p ?? "").trim()) ? Number(p) : Number.NaN);

/** The field, or null when the parameters are not the command's. */
export function shapeField(name: string, p: readonly string[]): string | null {
  const v = p.map(int);
  const need = (k: number) => v.length >= k && v.slice(0, k).every((n) => !Number.isNaN(n));
  if (name === "BAR" && need(4)) return `^FO${v[0]},${v[1]}^GB${v[2]},${v[3]},${Math.min(v[2], v[3])}^FS`;
  if (name === "BOX" && need(5)) {
    const [w, h] = [v[2] - v[0], v[3] - v[1]];
    // ZPL rounds a corner in eighths of half the shorter side
    const r = v[5] > 0 ? Math.min(8, Math.round((v[5] / (Math.min(w, h) / 2)) * 8)) : 0;
    return `^FO${v[0]},${v[1]}^GB${w},${h},${v[4]},B,${r}^FS`;
  }
  if (name === "ELLIPSE" && need(5)) return `^FO${v[0]},${v[1]}^GE${v[2]},${v[3]},${v[4]}^FS`;
  if (name === "CIRCLE" && need(4)) return `^FO${v[0]},${v[1]}^GC${v[2]},${v[3]}^FS`;
  return null;
}

export const SHAPES = new Set(["BAR", "BOX", "ELLIPSE", "CIRCLE"]);
