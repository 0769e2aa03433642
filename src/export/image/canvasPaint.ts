// The portable SVG subset, as read by src/export/svg/read.ts, drawn with Canvas 2D calls, DOM-free
// (an OffscreenCanvas in a worker), so a batch of images can be made off the main thread. Text is
// drawn with the registry's faces added to the worker's font set.

import { type GroupItem, type ImageItem, type Item, imageBox, type TextRun } from "../svg/read";
import { type Shape, traceShape } from "../svg/shapes";
import type { Paint } from "../svg/style";
import type { Matrix } from "../svg/transform";

type Ctx = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function pathOf(shape: Shape): Path2D | null {
  if (shape.kind === "path") {
    try {
      return new Path2D(shape.d);
    } catch {
      return null;
    }
  }
  const p = new Path2D();
  // the canvas draws a true ellipse
  if (shape.kind === "ellipse") p.ellipse(shape.cx, shape.cy, shape.rx, shape.ry, 0, 0, 2 * Math.PI);
  else traceShape(shape, p);
  return p;
}

/** Bitmaps for the images of a part, by data URI (decoded and thresholded beforehand). */
export type ImageLookup = (href: string) => ImageBitmap | null | undefined;

export class CanvasPainter {
  constructor(
    private readonly ctx: Ctx,
    private readonly images: ImageLookup,
  ) {}

  /** Draws a drawing (readSvg) in the current transform. */
  paint(items: readonly Item[]): void {
    for (const item of items) this.item(item);
  }

  private setPaint(p: Paint): { fill: boolean; stroke: boolean } {
    const ctx = this.ctx;
    if (p.fill !== null) ctx.fillStyle = p.fill;
    if (p.stroke) {
      ctx.strokeStyle = p.stroke.color;
      ctx.lineWidth = p.stroke.width;
      ctx.lineJoin = p.stroke.join;
      ctx.miterLimit = 4;
      ctx.setLineDash(p.stroke.dash as number[]);
    }
    return { fill: p.fill !== null, stroke: p.stroke !== null };
  }

  private withTransform(m: Matrix | null, draw: () => void): void {
    if (!m) {
      draw();
      return;
    }
    this.ctx.save();
    this.ctx.transform(m[0], m[1], m[2], m[3], m[4], m[5]);
    draw();
    this.ctx.restore();
  }

  private item(item: Item): void {
    switch (item.kind) {
      case "group":
        this.group(item);
        return;
      case "text":
        this.withTransform(item.transform, () => {
          for (const r of item.runs) this.run(r);
        });
        return;
      case "image":
        this.withTransform(item.transform, () => this.image(item));
        return;
      case "shape": {
        const p = pathOf(item.shape);
        if (!p) return;
        this.withTransform(item.transform, () => {
          const { fill, stroke } = this.setPaint(item.paint);
          if (fill && item.shape.kind !== "line") this.ctx.fill(p);
          if (stroke) this.ctx.stroke(p);
        });
      }
    }
  }

  private group(g: GroupItem): void {
    const ctx = this.ctx;
    ctx.save();
    const m = g.transform;
    if (m) ctx.transform(m[0], m[1], m[2], m[3], m[4], m[5]);
    if (g.clip) {
      const p = new Path2D();
      for (const s of g.clip) {
        const sp = pathOf(s);
        if (sp) p.addPath(sp);
      }
      ctx.clip(p);
    }
    for (const c of g.children) this.item(c);
    ctx.restore();
  }

  private run(r: TextRun): void {
    const f = r.font;
    if (!(f.size > 0)) return;
    const ctx = this.ctx;
    ctx.font = `${f.bold ? "bold " : ""}${f.size}px "${f.family.replace(/["\\]/g, "")}", sans-serif`;
    ctx.textAlign = f.anchor === "middle" ? "center" : f.anchor;
    ctx.textBaseline = "alphabetic";
    const { fill, stroke } = this.setPaint(r.paint);
    if (fill) ctx.fillText(r.text, r.x, r.y);
    if (stroke) ctx.strokeText(r.text, r.x, r.y);
  }

  private image(item: ImageItem): void {
    const bmp = this.images(item.href);
    if (!bmp) return;
    const { x, y, w, h } = imageBox(item, bmp.width, bmp.height);
    this.ctx.drawImage(bmp, x, y, w, h);
  }
}
