// The portable SVG subset drawn with Canvas 2D calls, DOM-free (an OffscreenCanvas in a worker):
// the same tree walk as the PDF painter (src/export/pdf/paint.ts), so a batch of images can be
// made off the main thread. Text is drawn with the registry's faces added to the worker's font set.

import { familyOf } from "../pdf/fonts";
import { parseTransform } from "../pdf/paint";
import type { SvgNode } from "../pdf/svgTree";

type Ctx = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

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

const ROOT: Style = {
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

function inherit(s: Style, a: Readonly<Record<string, string>>): Style {
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

const K = 0.5523;

function shape(node: SvgNode): Path2D | null {
  const a = node.attrs;
  const p = new Path2D();
  switch (node.name) {
    case "rect": {
      const [x, y, w, h] = [num(a.x), num(a.y), num(a.width), num(a.height)];
      if (!(w > 0 && h > 0)) return null;
      let rx = num(a.rx ?? a.ry);
      let ry = num(a.ry ?? a.rx);
      rx = Math.min(rx, w / 2);
      ry = Math.min(ry, h / 2);
      if (!(rx > 0 && ry > 0)) {
        p.rect(x, y, w, h);
        return p;
      }
      const [bx, by] = [rx * K, ry * K];
      p.moveTo(x + rx, y);
      p.lineTo(x + w - rx, y);
      p.bezierCurveTo(x + w - rx + bx, y, x + w, y + ry - by, x + w, y + ry);
      p.lineTo(x + w, y + h - ry);
      p.bezierCurveTo(x + w, y + h - ry + by, x + w - rx + bx, y + h, x + w - rx, y + h);
      p.lineTo(x + rx, y + h);
      p.bezierCurveTo(x + rx - bx, y + h, x, y + h - ry + by, x, y + h - ry);
      p.lineTo(x, y + ry);
      p.bezierCurveTo(x, y + ry - by, x + rx - bx, y, x + rx, y);
      p.closePath();
      return p;
    }
    case "line":
      p.moveTo(num(a.x1), num(a.y1));
      p.lineTo(num(a.x2), num(a.y2));
      return p;
    case "ellipse":
    case "circle": {
      const rx = num(a.rx ?? a.r);
      const ry = num(a.ry ?? a.r);
      if (!(rx > 0 && ry > 0)) return null;
      p.ellipse(num(a.cx), num(a.cy), rx, ry, 0, 0, 2 * Math.PI);
      return p;
    }
    case "polygon":
    case "polyline": {
      const v = (a.points ?? "")
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      if (v.length < 4 || v.some((x) => !Number.isFinite(x))) return null;
      p.moveTo(v[0], v[1]);
      for (let i = 2; i + 1 < v.length; i += 2) p.lineTo(v[i], v[i + 1]);
      if (node.name === "polygon") p.closePath();
      return p;
    }
    case "path":
      try {
        return new Path2D(a.d ?? "");
      } catch {
        return null;
      }
    default:
      return null;
  }
}

/** Bitmaps for the images of a part, by data URI (decoded and thresholded beforehand). */
export type ImageLookup = (href: string) => ImageBitmap | null | undefined;

export class CanvasPainter {
  private clips = new Map<string, SvgNode>();
  constructor(
    private readonly ctx: Ctx,
    private readonly images: ImageLookup,
  ) {}

  /** Draws the children of `root` (parseSvg output) in the current transform. */
  paint(root: SvgNode): void {
    this.clips = new Map();
    this.collect(root);
    for (const c of root.children) if (typeof c !== "string") this.node(c, ROOT);
  }

  private collect(node: SvgNode): void {
    for (const c of node.children) {
      if (typeof c === "string") continue;
      if (c.name === "clipPath" && c.attrs.id) this.clips.set(c.attrs.id, c);
      else this.collect(c);
    }
  }

  private setPaint(s: Style): { fill: boolean; stroke: boolean } {
    const ctx = this.ctx;
    const fill = s.fill !== "none" && s.fill !== "transparent";
    const stroke = s.stroke !== "none" && s.strokeWidth > 0;
    if (fill) ctx.fillStyle = s.fill;
    if (stroke) {
      ctx.strokeStyle = s.stroke;
      ctx.lineWidth = s.strokeWidth;
      ctx.lineJoin = s.join === "round" ? "round" : s.join === "bevel" ? "bevel" : "miter";
      ctx.miterLimit = 4;
      const dash =
        s.dash === "none"
          ? []
          : s.dash
              .split(/[\s,]+/)
              .filter(Boolean)
              .map(Number);
      ctx.setLineDash(dash.every((d) => Number.isFinite(d) && d >= 0) ? dash : []);
    }
    return { fill, stroke };
  }

  private withTransform(t: string | undefined, draw: () => void): void {
    const m = parseTransform(t);
    if (!m) {
      draw();
      return;
    }
    this.ctx.save();
    this.ctx.transform(m[0], m[1], m[2], m[3], m[4], m[5]);
    draw();
    this.ctx.restore();
  }

  private node(node: SvgNode, parent: Style): void {
    const a = node.attrs;
    const s = inherit(parent, a);
    switch (node.name) {
      case "svg":
      case "g":
        this.group(node, s);
        return;
      case "text":
        this.withTransform(a.transform, () => this.text(node, s));
        return;
      case "image":
        this.withTransform(a.transform, () => this.image(node));
        return;
      case "clipPath":
      case "defs":
        return;
      default: {
        const p = shape(node);
        if (!p) return;
        this.withTransform(a.transform, () => {
          const { fill, stroke } = this.setPaint(s);
          if (fill && node.name !== "line") this.ctx.fill(p);
          if (stroke) this.ctx.stroke(p);
        });
      }
    }
  }

  private group(node: SvgNode, s: Style): void {
    const ctx = this.ctx;
    ctx.save();
    const m = parseTransform(node.attrs.transform);
    if (m) ctx.transform(m[0], m[1], m[2], m[3], m[4], m[5]);
    const id = /^url\(#([^)]+)\)$/.exec(node.attrs["clip-path"] ?? "")?.[1];
    const clip = id ? this.clips.get(id) : undefined;
    if (clip) {
      const p = new Path2D();
      for (const c of clip.children) {
        const sp = typeof c === "string" ? null : shape(c);
        if (sp) p.addPath(sp);
      }
      ctx.clip(p);
    }
    for (const c of node.children) if (typeof c !== "string") this.node(c, s);
    ctx.restore();
  }

  private run(s: Style, x: number, y: number, text: string): void {
    if (!text || !(s.size > 0)) return;
    const ctx = this.ctx;
    ctx.font = `${s.bold ? "bold " : ""}${s.size}px "${s.family.replace(/["\\]/g, "")}", sans-serif`;
    ctx.textAlign = s.anchor === "middle" ? "center" : s.anchor === "end" ? "end" : "start";
    ctx.textBaseline = "alphabetic";
    const { fill, stroke } = this.setPaint(s);
    if (fill) ctx.fillText(text, x, y);
    if (stroke) ctx.strokeText(text, x, y);
  }

  private text(node: SvgNode, s: Style): void {
    let x = num(node.attrs.x);
    let y = num(node.attrs.y);
    for (const c of node.children) {
      if (typeof c === "string") {
        this.run(s, x, y, c.replace(/\s+/g, " ").trim());
        continue;
      }
      if (c.name !== "tspan") continue;
      x = num(c.attrs.x, x);
      y = num(c.attrs.y, y);
      const t = c.children.filter((k): k is string => typeof k === "string").join("");
      this.run(inherit(s, c.attrs), x, y, t);
    }
  }

  private image(node: SvgNode): void {
    const a = node.attrs;
    const bmp = this.images(a.href ?? a["xlink:href"] ?? "");
    const w = num(a.width);
    const h = num(a.height);
    if (!bmp || !(w > 0 && h > 0)) return;
    let [x, y, dw, dh] = [num(a.x), num(a.y), w, h];
    if ((a.preserveAspectRatio ?? "xMidYMid meet").trim() !== "none") {
      const k = Math.min(w / bmp.width, h / bmp.height);
      dw = bmp.width * k;
      dh = bmp.height * k;
      x += (w - dw) / 2;
      y += (h - dh) / 2;
    }
    this.ctx.drawImage(bmp, x, y, dw, dh);
  }
}
