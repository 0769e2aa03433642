// The portable SVG subset (docs/rendering.md) → PDF content operators, DOM-free. Coordinates stay
// in the SVG's user units (mm, y down): the caller's `cm` maps them onto the page. Text is real
// text in the embedded fonts (Tm flips the glyphs upright); code modules (rectangle runs) become
// `re` operators of one filled path.
import { familyOf, type PdfFonts } from "./fonts";
import type { PdfImages } from "./images";
import { pathOperators } from "./pathData";
import type { SvgNode } from "./svgTree";
import { n3 } from "./writer";

type Matrix = [number, number, number, number, number, number];

interface Style {
  readonly fill: string;
  readonly stroke: string;
  readonly strokeWidth: number;
  readonly dash: string;
  readonly join: string;
  readonly family: string;
  readonly bold: boolean;
  readonly size: number;
  readonly anchor: string;
}

const ROOT_STYLE: Style = {
  fill: "#000000",
  stroke: "none",
  strokeWidth: 1,
  dash: "none",
  join: "miter",
  family: "",
  bold: false,
  size: 16,
  anchor: "start",
};

const num = (s: string | undefined, d = 0) => {
  const v = Number(s);
  return s !== undefined && Number.isFinite(v) ? v : d;
};

const mul = (a: Matrix, b: Matrix): Matrix => [
  a[0] * b[0] + a[2] * b[1],
  a[1] * b[0] + a[3] * b[1],
  a[0] * b[2] + a[2] * b[3],
  a[1] * b[2] + a[3] * b[3],
  a[0] * b[4] + a[2] * b[5] + a[4],
  a[1] * b[4] + a[3] * b[5] + a[5],
];

/** An SVG transform list as one matrix; null when there is none. */
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
    if (step) m = mul(m, step);
  }
  return m;
}

const cm = (m: Matrix) => `${m.map((v) => String(Math.round(v * 1e6) / 1e6)).join(" ")} cm`;

const NAMED: Record<string, string> = { black: "#000000", white: "#ffffff" };

const rgbCache = new Map<string, string | null>();

/** "r g b" (0–1) of a colour, or null for none / unknown. */
export function rgb(color: string): string | null {
  let v = rgbCache.get(color);
  if (v === undefined) {
    v = parseRgb(color);
    if (rgbCache.size < 256) rgbCache.set(color, v);
  }
  return v;
}

function parseRgb(color: string): string | null {
  const c = (NAMED[color.trim().toLowerCase()] ?? color).trim();
  let m = /^#([0-9a-f]{6})$/i.exec(c);
  let hex = m?.[1];
  if (!hex) {
    m = /^#([0-9a-f]{3})$/i.exec(c);
    if (m) hex = m[1].replace(/./g, (x) => x + x);
  }
  if (!hex) {
    const r = /^rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)$/i.exec(c);
    if (!r) return null;
    hex = [r[1], r[2], r[3]].map((v) => Math.min(255, Number(v)).toString(16).padStart(2, "0")).join("");
  }
  const v = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  return v.map((x) => String(Math.round(x * 1000) / 1000)).join(" ");
}

const fillOp = (c: string) => (c === "0 0 0" ? "0 g" : `${c} rg`);
const strokeOp = (c: string) => (c === "0 0 0" ? "0 G" : `${c} RG`);

function inherit(s: Style, a: Readonly<Record<string, string>>): Style {
  if (
    a.fill === undefined &&
    a.stroke === undefined &&
    a["stroke-width"] === undefined &&
    a["font-family"] === undefined &&
    a["font-size"] === undefined &&
    a["font-weight"] === undefined &&
    a["stroke-dasharray"] === undefined &&
    a["stroke-linejoin"] === undefined &&
    a["text-anchor"] === undefined
  )
    return s;
  const weight = a["font-weight"];
  return {
    fill: a.fill ?? s.fill,
    stroke: a.stroke ?? s.stroke,
    strokeWidth: num(a["stroke-width"], s.strokeWidth),
    dash: a["stroke-dasharray"] ?? s.dash,
    join: a["stroke-linejoin"] ?? s.join,
    family: a["font-family"] !== undefined ? familyOf(a["font-family"]) : s.family,
    bold: weight !== undefined ? /^(bold|bolder|[6-9]00)$/.test(weight) : s.bold,
    size: num(a["font-size"], s.size),
    anchor: a["text-anchor"] ?? s.anchor,
  };
}

/** Paint setup + the operator that paints the current path; null when nothing would show. */
function paintOps(s: Style): { setup: string; op: string } | null {
  const fill = s.fill === "none" ? null : rgb(s.fill);
  const stroke = s.stroke === "none" || !(s.strokeWidth > 0) ? null : rgb(s.stroke);
  if (!fill && !stroke) return null;
  const setup: string[] = [];
  if (fill) setup.push(fillOp(fill));
  if (stroke) {
    setup.push(strokeOp(stroke), `${n3(s.strokeWidth)} w`);
    if (s.join === "round") setup.push("1 j");
    else if (s.join === "bevel") setup.push("2 j");
    const dash =
      s.dash === "none"
        ? []
        : s.dash
            .split(/[\s,]+/)
            .filter(Boolean)
            .map(Number);
    if (dash.length && dash.every((d) => Number.isFinite(d) && d >= 0) && dash.some((d) => d > 0))
      setup.push(`[${(dash.length % 2 ? [...dash, ...dash] : dash).map(n3).join(" ")}] 0 d`);
  }
  return { setup: setup.join(" "), op: fill && stroke ? "B" : fill ? "f" : "S" };
}

function rectPath(x: number, y: number, w: number, h: number, rx: number, ry: number): string {
  if (!(rx > 0 && ry > 0)) return `${n3(x)} ${n3(y)} ${n3(w)} ${n3(h)} re`;
  const k = 0.5523;
  const [a, b] = [rx * k, ry * k];
  const r = x + w;
  const btm = y + h;
  return [
    `${n3(x + rx)} ${n3(y)} m`,
    `${n3(r - rx)} ${n3(y)} l`,
    `${n3(r - rx + a)} ${n3(y)} ${n3(r)} ${n3(y + ry - b)} ${n3(r)} ${n3(y + ry)} c`,
    `${n3(r)} ${n3(btm - ry)} l`,
    `${n3(r)} ${n3(btm - ry + b)} ${n3(r - rx + a)} ${n3(btm)} ${n3(r - rx)} ${n3(btm)} c`,
    `${n3(x + rx)} ${n3(btm)} l`,
    `${n3(x + rx - a)} ${n3(btm)} ${n3(x)} ${n3(btm - ry + b)} ${n3(x)} ${n3(btm - ry)} c`,
    `${n3(x)} ${n3(y + ry)} l`,
    `${n3(x)} ${n3(y + ry - b)} ${n3(x + rx - a)} ${n3(y)} ${n3(x + rx)} ${n3(y)} c h`,
  ].join("\n");
}

function ellipsePath(cx: number, cy: number, rx: number, ry: number): string {
  const k = 0.5523;
  const [a, b] = [rx * k, ry * k];
  return [
    `${n3(cx + rx)} ${n3(cy)} m`,
    `${n3(cx + rx)} ${n3(cy + b)} ${n3(cx + a)} ${n3(cy + ry)} ${n3(cx)} ${n3(cy + ry)} c`,
    `${n3(cx - a)} ${n3(cy + ry)} ${n3(cx - rx)} ${n3(cy + b)} ${n3(cx - rx)} ${n3(cy)} c`,
    `${n3(cx - rx)} ${n3(cy - b)} ${n3(cx - a)} ${n3(cy - ry)} ${n3(cx)} ${n3(cy - ry)} c`,
    `${n3(cx + a)} ${n3(cy - ry)} ${n3(cx + rx)} ${n3(cy - b)} ${n3(cx + rx)} ${n3(cy)} c h`,
  ].join("\n");
}

/** The outline of a shape node as path operators (no painting), or "" when it has none. */
function shapePath(node: SvgNode): string {
  const a = node.attrs;
  switch (node.name) {
    case "rect": {
      const w = num(a.width);
      const h = num(a.height);
      if (!(w > 0 && h > 0)) return "";
      let rx = num(a.rx, Number.NaN);
      let ry = num(a.ry, Number.NaN);
      if (Number.isNaN(rx)) rx = Number.isNaN(ry) ? 0 : ry;
      if (Number.isNaN(ry)) ry = rx;
      return rectPath(num(a.x), num(a.y), w, h, Math.min(rx, w / 2), Math.min(ry, h / 2));
    }
    case "line":
      return `${n3(num(a.x1))} ${n3(num(a.y1))} m ${n3(num(a.x2))} ${n3(num(a.y2))} l`;
    case "ellipse":
    case "circle": {
      const rx = num(a.rx ?? a.r);
      const ry = num(a.ry ?? a.r);
      return rx > 0 && ry > 0 ? ellipsePath(num(a.cx), num(a.cy), rx, ry) : "";
    }
    case "polygon":
    case "polyline": {
      const v = (a.points ?? "")
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      if (v.length < 4 || v.some((x) => !Number.isFinite(x))) return "";
      const ops = [`${n3(v[0])} ${n3(v[1])} m`];
      for (let i = 2; i + 1 < v.length; i += 2) ops.push(`${n3(v[i])} ${n3(v[i + 1])} l`);
      if (node.name === "polygon") ops.push("h");
      return ops.join("\n");
    }
    case "path":
      return pathOperators(a.d ?? "");
    default:
      return "";
  }
}

export interface PaintContext {
  readonly fonts: PdfFonts;
  readonly images: PdfImages;
}

export class Painter {
  private clips = new Map<string, SvgNode>();
  private threshold: number | undefined;
  constructor(private readonly ctx: PaintContext) {}

  /**
   * Operators for the children of `root` (an SVG fragment parsed with parseSvg); `threshold`: the
   * element's images are drawn black/white at it (as prepared with PdfImages.prepare).
   */
  paint(root: SvgNode, threshold?: number): string {
    this.clips = new Map();
    this.threshold = threshold;
    this.collectClips(root);
    const out: string[] = [];
    for (const c of root.children) if (typeof c !== "string") this.node(c, ROOT_STYLE, out);
    return out.join("\n");
  }

  private collectClips(node: SvgNode): void {
    for (const c of node.children) {
      if (typeof c === "string") continue;
      if (c.name === "clipPath" && c.attrs.id) this.clips.set(c.attrs.id, c);
      else this.collectClips(c);
    }
  }

  private node(node: SvgNode, parent: Style, out: string[]): void {
    const a = node.attrs;
    switch (node.name) {
      case "svg":
      case "g":
        this.group(node, parent, out);
        return;
      case "text":
        this.text(node, inherit(parent, a), out);
        return;
      case "image":
        this.image(node, out);
        return;
      case "clipPath":
      case "defs":
        return;
      default: {
        const d = shapePath(node);
        const paint = d && paintOps(inherit(parent, a));
        if (!paint) return;
        const t = parseTransform(a.transform);
        out.push(`q ${t ? `${cm(t)} ` : ""}${paint.setup}\n${d}\n${paint.op} Q`);
      }
    }
  }

  private group(node: SvgNode, parent: Style, out: string[]): void {
    const a = node.attrs;
    const style = inherit(parent, a);
    const t = parseTransform(a.transform);
    const clipId = /^url\(#([^)]+)\)$/.exec(a["clip-path"] ?? "")?.[1];
    const clip = clipId ? this.clips.get(clipId) : undefined;
    const inner: string[] = [];
    if (clip) {
      const paths = clip.children
        .filter((c): c is SvgNode => typeof c !== "string")
        .map((c) => shapePath(c))
        .filter(Boolean);
      // an empty clip path hides everything
      inner.push(paths.length ? `${paths.join("\n")} W n` : "0 0 0 0 re W n");
    }
    for (const c of node.children) if (typeof c !== "string") this.node(c, style, inner);
    if (!inner.length || (clip && inner.length === 1)) return;
    if (!t && !clip) {
      out.push(...inner);
      return;
    }
    out.push(`q${t ? ` ${cm(t)}` : ""}`, ...inner, "Q");
  }

  private run(style: Style, x: number, y: number, text: string, out: string[]): void {
    if (!text) return;
    const enc = this.ctx.fonts.encode(style.family, style.bold, text);
    if (!enc) return;
    const fill = style.fill === "none" ? null : rgb(style.fill);
    const stroke = style.stroke === "none" || !(style.strokeWidth > 0) ? null : rgb(style.stroke);
    if (!fill && !stroke) return;
    const size = style.size;
    const shift =
      style.anchor === "middle" ? enc.width * size * 0.5 : style.anchor === "end" ? enc.width * size : 0;
    const paint: string[] = [];
    if (fill) paint.push(fillOp(fill));
    if (stroke) {
      paint.push(strokeOp(stroke), `${n3(style.strokeWidth)} w`, style.join === "round" ? "1 j" : "");
      paint.push(fill ? "2 Tr" : "1 Tr");
    }
    out.push(
      `BT ${paint.filter(Boolean).join(" ")} /${enc.resource} 1 Tf ${n3(size)} 0 0 ${n3(-size)} ${n3(x - shift)} ${n3(y)} Tm <${enc.hex}> Tj ET`,
    );
  }

  private text(node: SvgNode, style: Style, out: string[]): void {
    const a = node.attrs;
    const t = parseTransform(a.transform);
    const inner: string[] = [];
    let x = num(a.x);
    let y = num(a.y);
    for (const c of node.children) {
      if (typeof c === "string") {
        const s = c.replace(/\s+/g, " ").trim();
        this.run(style, x, y, s, inner);
        continue;
      }
      if (c.name !== "tspan") continue;
      const ts = inherit(style, c.attrs);
      x = num(c.attrs.x, x);
      y = num(c.attrs.y, y);
      const s = c.children.filter((k): k is string => typeof k === "string").join("");
      this.run(ts, x, y, s, inner);
    }
    if (!inner.length) return;
    out.push(...(t ? ["q", cm(t), ...inner, "Q"] : inner));
  }

  private image(node: SvgNode, out: string[]): void {
    const a = node.attrs;
    const img = this.ctx.images.get(a.href ?? a["xlink:href"] ?? "", this.threshold);
    const w = num(a.width);
    const h = num(a.height);
    if (!img || !(w > 0 && h > 0)) return;
    let [x, y, dw, dh] = [num(a.x), num(a.y), w, h];
    const par = (a.preserveAspectRatio ?? "xMidYMid meet").trim();
    if (par !== "none") {
      const s = Math.min(w / img.width, h / img.height);
      dw = img.width * s;
      dh = img.height * s;
      x += (w - dw) / 2;
      y += (h - dh) / 2;
    }
    const t = parseTransform(a.transform);
    out.push(
      `q ${t ? `${cm(t)} ` : ""}${n3(dw)} 0 0 ${n3(-dh)} ${n3(x)} ${n3(y + dh)} cm /${img.resource} Do Q`,
    );
  }
}
