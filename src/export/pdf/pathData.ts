// SVG path data → PDF path operators (m l c h re), in the same user units. Code modules come as runs
// of "M x y h w v h h -w z" rectangles: those become `re` operators (the common case, kept fast),
// a rectangle and the ones right under it of the same columns merged into one; anything else goes
// through a full parser (all commands, relative forms, arcs as Béziers).
import { n3 } from "./writer";

const N = "(-?\\d+(?:\\.\\d+)?)";
const RECT_RUN = new RegExp(`M${N} ${N}h${N}v${N}h${N}z`, "y");

/** A sum of two coordinates as written ("1" + "2" → "3"), to the micrometre of the inputs. */
const sum = (a: number, b: number) => String(Math.round((a + b) * 1e6) / 1e6);

interface Rect {
  readonly x: string;
  readonly y: string;
  readonly w: string;
  h: string;
  bottom: number;
}

/** "x y w h re" lines; `unitHeight`: "x 0 w 1 re", under a cm that scales a row to its height */
function rectOperators(rects: readonly Rect[], unitHeight = false): string {
  let out = "";
  for (const r of rects) out += unitHeight ? `${r.x} 0 ${r.w} 1 re\n` : `${r.x} ${r.y} ${r.w} ${r.h} re\n`;
  return out.slice(0, -1);
}

/**
 * "M x y h w v h h -w z" runs → their rectangles (`re` operands), or null when `d` holds anything else. A
 * rectangle that starts where one of the same x and width ends is merged into it (a QR code's
 * rows of modules become columns of rectangles: ~30 % fewer operators). The union is the same:
 * all are filled as one path, so no seam can appear where they met. Numbers are copied as written
 * (merged heights summed). A QR code's path is long and comes on every page: one pass.
 */
function rectList(d: string): Rect[] | null {
  if (d.charCodeAt(0) !== 77) return null; // M
  const rects: Rect[] = [];
  /** the rectangle each "x w" column ends with so far, by "x w" */
  const open = new Map<string, number>();
  RECT_RUN.lastIndex = 0;
  while (RECT_RUN.lastIndex < d.length) {
    const m = RECT_RUN.exec(d);
    if (!m) return null; // another command: not a pure run of rectangles
    const [, x, y, w, h, back] = m;
    if (back !== `-${w}` && Math.abs(Number(back) + Number(w)) > 1e-9) return null;
    const key = `${x} ${w}`;
    const top = Number(y);
    const height = Number(h);
    const at = open.get(key);
    const above = at === undefined ? undefined : rects[at];
    if (above && height > 0 && Math.abs(above.bottom - top) < 1e-9) {
      above.h = sum(Number(above.h), height);
      above.bottom = top + height;
      continue;
    }
    if (height > 0 && Number(w) > 0) open.set(key, rects.length);
    else open.delete(key);
    rects.push({ x, y, w, h, bottom: top + height });
  }
  return rects.length ? rects : null;
}

/**
 * Operators for a path that is only filled (no stroke, not a clip): pathOperators' answer, except
 * that a row of bars of one top and height (a 1-D barcode) is drawn in a coordinate system scaled to
 * that height, `1 0 0 h 0 y cm` then `x 0 w 1 re` per bar: the same bars, ~13 bytes less a page
 * deflated. The `cm` comes before the path, so the caller's `q … Q` around it must be there.
 */
export function fillOperators(d: string): string {
  const rects = rectList(d.trim());
  if (!rects) return pathOperators(d);
  const { y, h } = rects[0];
  const row = rects.length > 1 && h !== "1" && Number(h) > 0 && rects.every((r) => r.y === y && r.h === h);
  return row ? `1 0 0 ${h} 0 ${y} cm\n${rectOperators(rects, true)}` : rectOperators(rects);
}

const TOKEN = /[MmLlHhVvCcSsQqTtAaZz]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g;
const ARGS: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };

/** Arc endpoint parameters → cubic Bézier segments (SVG 1.1 F.6.5), as [c1x c1y c2x c2y x y][]. */
function arc(
  x1: number,
  y1: number,
  rxIn: number,
  ryIn: number,
  phiDeg: number,
  large: boolean,
  sweep: boolean,
  x2: number,
  y2: number,
): number[][] {
  let rx = Math.abs(rxIn);
  let ry = Math.abs(ryIn);
  if (!rx || !ry || (x1 === x2 && y1 === y2)) return [[x1, y1, x2, y2, x2, y2]];
  const phi = (phiDeg * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (x1 - x2) / 2;
  const dy = (y1 - y2) / 2;
  const xp = cos * dx + sin * dy;
  const yp = -sin * dx + cos * dy;
  const lambda = (xp * xp) / (rx * rx) + (yp * yp) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp;
  const den = rx * rx * yp * yp + ry * ry * xp * xp;
  const coef = (large === sweep ? -1 : 1) * Math.sqrt(Math.max(0, num / den));
  const cxp = (coef * rx * yp) / ry;
  const cyp = (-coef * ry * xp) / rx;
  const cx = cos * cxp - sin * cyp + (x1 + x2) / 2;
  const cy = sin * cxp + cos * cyp + (y1 + y2) / 2;
  const ang = (ux: number, uy: number, vx: number, vy: number) => {
    const a = Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
    return a;
  };
  const t1 = ang(1, 0, (xp - cxp) / rx, (yp - cyp) / ry);
  let dt = ang((xp - cxp) / rx, (yp - cyp) / ry, (-xp - cxp) / rx, (-yp - cyp) / ry);
  if (!sweep && dt > 0) dt -= 2 * Math.PI;
  if (sweep && dt < 0) dt += 2 * Math.PI;
  const segs = Math.ceil(Math.abs(dt) / (Math.PI / 2));
  const step = dt / segs;
  const k = (4 / 3) * Math.tan(step / 4);
  const out: number[][] = [];
  const pt = (t: number) => [
    cx + rx * Math.cos(t) * cos - ry * Math.sin(t) * sin,
    cy + rx * Math.cos(t) * sin + ry * Math.sin(t) * cos,
  ];
  const der = (t: number) => [
    -rx * Math.sin(t) * cos - ry * Math.cos(t) * sin,
    -rx * Math.sin(t) * sin + ry * Math.cos(t) * cos,
  ];
  for (let i = 0; i < segs; i++) {
    const a = t1 + i * step;
    const b = a + step;
    const [ax, ay] = pt(a);
    const [bx, by] = pt(b);
    const [dax, day] = der(a);
    const [dbx, dby] = der(b);
    out.push([ax + k * dax, ay + k * day, bx - k * dbx, by - k * dby, bx, by]);
  }
  return out;
}

/** Path operators for an SVG `d` attribute ("" when it draws nothing). */
export function pathOperators(d: string): string {
  const rects = rectList(d.trim());
  if (rects) return rectOperators(rects);
  const tokens = d.match(TOKEN) ?? [];
  const out: string[] = [];
  let [x, y, sx, sy] = [0, 0, 0, 0];
  let [cx, cy] = [0, 0]; // last control point (for S / T)
  let prev = "";
  let cmd = "";
  let i = 0;
  const p = (...v: number[]) => v.map(n3).join(" ");
  while (i < tokens.length) {
    if (/[a-zA-Z]/.test(tokens[i])) cmd = tokens[i++];
    else if (!cmd) return out.join("\n");
    const lower = cmd.toLowerCase();
    const n = ARGS[lower];
    if (n === undefined) return out.join("\n");
    const rel = cmd !== cmd.toUpperCase();
    const a: number[] = [];
    for (let k = 0; k < n; k++) {
      const v = Number(tokens[i++]);
      if (!Number.isFinite(v)) return out.join("\n");
      a.push(v);
    }
    const ox = rel ? x : 0;
    const oy = rel ? y : 0;
    switch (lower) {
      case "m":
        x = a[0] + ox;
        y = a[1] + oy;
        sx = x;
        sy = y;
        out.push(`${p(x, y)} m`);
        cmd = rel ? "l" : "L"; // further pairs are line-tos
        break;
      case "l":
        x = a[0] + ox;
        y = a[1] + oy;
        out.push(`${p(x, y)} l`);
        break;
      case "h":
        x = a[0] + ox;
        out.push(`${p(x, y)} l`);
        break;
      case "v":
        y = a[0] + oy;
        out.push(`${p(x, y)} l`);
        break;
      case "c":
        out.push(`${p(a[0] + ox, a[1] + oy, a[2] + ox, a[3] + oy, a[4] + ox, a[5] + oy)} c`);
        [cx, cy, x, y] = [a[2] + ox, a[3] + oy, a[4] + ox, a[5] + oy];
        break;
      case "s": {
        const [rx, ry] = "cs".includes(prev) ? [2 * x - cx, 2 * y - cy] : [x, y];
        out.push(`${p(rx, ry, a[0] + ox, a[1] + oy, a[2] + ox, a[3] + oy)} c`);
        [cx, cy, x, y] = [a[0] + ox, a[1] + oy, a[2] + ox, a[3] + oy];
        break;
      }
      case "q":
      case "t": {
        const [qx, qy] =
          lower === "q" ? [a[0] + ox, a[1] + oy] : "qt".includes(prev) ? [2 * x - cx, 2 * y - cy] : [x, y];
        const [ex, ey] = lower === "q" ? [a[2] + ox, a[3] + oy] : [a[0] + ox, a[1] + oy];
        out.push(
          `${p(x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y), ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey), ex, ey)} c`,
        );
        [cx, cy, x, y] = [qx, qy, ex, ey];
        break;
      }
      case "a": {
        const ex = a[5] + ox;
        const ey = a[6] + oy;
        for (const s of arc(x, y, a[0], a[1], a[2], a[3] !== 0, a[4] !== 0, ex, ey)) out.push(`${p(...s)} c`);
        [x, y] = [ex, ey];
        break;
      }
      case "z":
        out.push("h");
        [x, y] = [sx, sy];
        break;
    }
    prev = lower;
    if (lower === "z" && i < tokens.length && !/[a-zA-Z]/.test(tokens[i])) return out.join("\n");
  }
  return out.join("\n");
}
