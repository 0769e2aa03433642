// A fast path for the heaviest part of a label PDF: barcode and 2D-code modules. The code kinds
// emit them as one black `<path>` of rectangles ("M x y h w v h h -w z" runs) under translate /
// scale groups. svg2pdf would write five path operators per module; here each such path becomes
// `re` operators filled once, written straight into the page. The sheet SVG is cut at each such
// path (the open groups are closed and re-opened around it), so painting order is unchanged.
// Anything else (rotation, mirroring, other fills) stays with svg2pdf.

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export type Segment = { readonly svg: string } | { readonly rects: readonly Rect[] };

type Affine = readonly [number, number, number, number]; // x' = tx + sx·x, y' = ty + sy·y

const N = "(-?\\d+(?:\\.\\d+)?(?:e-?\\d+)?)";
const TRANSLATE_SCALE = new RegExp(String.raw`^translate\(${N} ${N}\)(?: scale\(${N} ${N}\))?$`);
const RUN = new RegExp(`M${N} ${N}h${N}v${N}h${N}z`, "y");

function affineOf(transform: string | null, parent: Affine | null): Affine | null {
  if (!parent) return null;
  if (!transform) return parent;
  const m = TRANSLATE_SCALE.exec(transform.trim());
  if (!m) return null;
  const [a, b] = [Number(m[1]), Number(m[2])];
  const [c, d] = [m[3] === undefined ? 1 : Number(m[3]), m[4] === undefined ? 1 : Number(m[4])];
  const [tx, ty, sx, sy] = parent;
  return [tx + sx * a, ty + sy * b, sx * c, sy * d];
}

function rectsOf(d: string, t: Affine): Rect[] | null {
  const out: Rect[] = [];
  RUN.lastIndex = 0;
  while (RUN.lastIndex < d.length) {
    const start = RUN.lastIndex;
    const m = RUN.exec(d);
    if (!m || m.index !== start) return null;
    const [x, y, w, h, back] = [1, 2, 3, 4, 5].map((i) => Number(m[i]));
    if (Math.abs(w + back) > 1e-9) return null;
    const [tx, ty, sx, sy] = t;
    out.push({ x: tx + sx * x, y: ty + sy * y, w: sx * w, h: sy * h });
  }
  return out.length ? out : null;
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;

/** A black rectangle-run path with nothing else that changes its painting. */
function fastPath(tag: string): string | null {
  if (!/^<path\s[^>]*\/>$/.test(tag)) return null;
  const fill = attr(tag, "fill");
  if (fill !== "#000000" && fill !== "#000" && fill !== "black") return null;
  const names = [...tag.matchAll(/\s([a-zA-Z-:]+)="/g)].map((m) => m[1]);
  if (names.some((n) => n !== "d" && n !== "fill")) return null;
  return attr(tag, "d");
}

/**
 * Cuts a sheet SVG (root `<svg>` whose viewBox starts at 0 0) into svg2pdf segments and
 * rectangle runs (in sheet units), in painting order.
 */
export function splitFastRects(svg: string): Segment[] {
  const segments: Segment[] = [];
  const stack: { open: string; name: string; t: Affine | null }[] = [];
  let last = 0;
  let changed = false;
  const re = /<[^>]+>/g;
  for (let m = re.exec(svg); m; m = re.exec(svg)) {
    const tag = m[0];
    if (tag.startsWith("</")) {
      stack.pop();
      continue;
    }
    if (tag.endsWith("/>")) {
      const d = fastPath(tag);
      const t = stack.length ? stack[stack.length - 1].t : null;
      const rects = d && t ? rectsOf(d, t) : null;
      if (!rects) continue;
      const closers = stack
        .map((s) => `</${s.name}>`)
        .reverse()
        .join("");
      const openers = stack.map((s) => s.open).join("");
      segments.push({ svg: svg.slice(last, m.index) + closers });
      segments.push({ rects });
      // the rest starts by re-opening the groups around the path
      svg = openers + svg.slice(m.index + tag.length);
      re.lastIndex = openers.length;
      last = 0;
      changed = true;
      continue;
    }
    const name = /^<([a-zA-Z]+)/.exec(tag)?.[1] ?? "";
    const parent: Affine | null = stack.length ? stack[stack.length - 1].t : [0, 0, 1, 1];
    // only groups (and the root) keep a simple frame; text and other containers never hold runs
    const t =
      name === "g"
        ? affineOf(attr(tag, "transform"), parent)
        : name === "svg" && !stack.length
          ? parent
          : null;
    stack.push({ open: tag, name, t });
  }
  if (!changed) return [{ svg }];
  segments.push({ svg: svg.slice(last) });
  return segments;
}

const fmt = (v: number) => {
  const r = Math.round(v * 1000) / 1000;
  return Object.is(r, -0) ? "0" : String(r);
};

/**
 * PDF operators filling `rects` (sheet units) black on a page: `k` points per unit after the page
 * placement (origin `x0`, `y0` in points from the page's top-left, `pageHeight` in points).
 */
export function rectOperators(
  rects: readonly Rect[],
  x0: number,
  y0: number,
  k: number,
  pageHeight: number,
): string {
  const parts = ["q 0 g"];
  for (const r of rects) {
    const x = x0 + r.x * k;
    const y = pageHeight - (y0 + (r.y + r.h) * k);
    parts.push(`${fmt(x)} ${fmt(y)} ${fmt(r.w * k)} ${fmt(r.h * k)} re`);
  }
  parts.push("f Q");
  return parts.join("\n");
}
