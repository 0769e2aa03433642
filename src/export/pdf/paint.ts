// The portable SVG subset (docs/rendering.md), as read by src/export/svg/read.ts → PDF content
// operators, DOM-free. Coordinates stay in the SVG's user units (mm, y down): the caller's `cm` maps
// them onto the page. Text is real text in the embedded fonts (Tm flips the glyphs upright); code
// modules (rectangle runs) become `re` operators of one filled path.

import {
  type GroupItem,
  type ImageItem,
  type Item,
  imageBox,
  type TextItem,
  type TextRun,
} from "../svg/read";
import { type PathSink, type Shape, traceShape } from "../svg/shapes";
import type { Paint } from "../svg/style";
import type { Matrix } from "../svg/transform";
import { finderOperators, splitFinders } from "./finders";
import { type EncodedGlyph, type PdfFonts, utf16Hex } from "./fonts";
import type { PdfImages } from "./images";
import { fillOperators, pathOperators } from "./pathData";
import { n3 } from "./writer";

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

/** The PDF colour of a paint's fill or stroke colour (null: none, or a colour PDF cannot name). */
const colour = (c: string | null | undefined) => (c ? rgb(c) : null);

/** Paint setup + the operator that paints the current path; null when nothing would show. */
function paintOps(p: Paint): { setup: string; op: string } | null {
  const fill = colour(p.fill);
  const stroke = colour(p.stroke?.color);
  if (!fill && !stroke) return null;
  const setup: string[] = [];
  if (fill) setup.push(fillOp(fill));
  if (stroke && p.stroke) {
    setup.push(strokeOp(stroke), `${n3(p.stroke.width)} w`);
    if (p.stroke.join === "round") setup.push("1 j");
    else if (p.stroke.join === "bevel") setup.push("2 j");
    if (p.stroke.dash.length) setup.push(`[${p.stroke.dash.map(n3).join(" ")}] 0 d`);
  }
  return { setup: setup.join(" "), op: fill && stroke ? "B" : fill ? "f" : "S" };
}

/** Path operators written by traceShape. */
class OperatorSink implements PathSink {
  readonly ops: string[] = [];
  moveTo(x: number, y: number) {
    this.ops.push(`${n3(x)} ${n3(y)} m`);
  }
  lineTo(x: number, y: number) {
    this.ops.push(`${n3(x)} ${n3(y)} l`);
  }
  bezierCurveTo(a: number, b: number, c: number, d: number, x: number, y: number) {
    this.ops.push(`${n3(a)} ${n3(b)} ${n3(c)} ${n3(d)} ${n3(x)} ${n3(y)} c`);
  }
  closePath() {
    this.ops.push("h");
  }
  rect(x: number, y: number, w: number, h: number) {
    this.ops.push(`${n3(x)} ${n3(y)} ${n3(w)} ${n3(h)} re`);
  }
}

/** The outline of a shape as path operators (no painting), or "" when it has none. */
function shapePath(shape: Shape): string {
  if (shape.kind === "path") return pathOperators(shape.d);
  const sink = new OperatorSink();
  traceShape(shape, sink);
  return sink.ops.join("\n");
}

export interface PaintContext {
  readonly fonts: PdfFonts;
  readonly images: PdfImages;
  /**
   * The name of a form XObject holding `ops`, written once per `key` for the whole document
   * (a QR code's finder patterns); without it everything is drawn in place.
   */
  readonly shared?: (key: string, ops: () => string) => string;
  /**
   * Where set, text is not painted but stood for by what this answers (a page worker leaves text to
   * the writer, whose fonts number the glyphs: src/export/pdf/pagePrep.ts)
   */
  readonly deferText?: (item: TextItem) => string;
}

export class Painter {
  private threshold: number | undefined;
  constructor(private readonly ctx: PaintContext) {}

  /**
   * Operators for a drawing (readSvg); `threshold`: the element's images are drawn black/white at it
   * (as prepared with PdfImages.prepare).
   */
  paint(items: readonly Item[], threshold?: number): string {
    this.threshold = threshold;
    const out: string[] = [];
    for (const item of items) this.item(item, out);
    return out.join("\n");
  }

  private item(item: Item, out: string[]): void {
    switch (item.kind) {
      case "group":
        this.group(item, out);
        return;
      case "text":
        this.text(item, out);
        return;
      case "image":
        this.image(item, out);
        return;
      case "shape": {
        const paint = paintOps(item.paint);
        const { shape } = item;
        if (!paint) return;
        const t = item.transform;
        const at = `q ${t ? `${cm(t)} ` : ""}${paint.setup}\n`;
        const filled = paint.op === "f" && shape.kind === "path";
        // a QR code: its finder patterns from the document's form for its size, in the same colour
        const split = filled && this.ctx.shared ? splitFinders(shape.d.trim()) : null;
        if (split) {
          const form = this.ctx.shared?.(`finders ${split.side}`, () => `${finderOperators(split.side)}\nf`);
          out.push(`${at}${split.rest ? `${split.rest}\nf ` : ""}/${form} Do Q`);
          return;
        }
        // a filled path is drawn inside this q … Q: it may set its own cm (fillOperators)
        const d = filled ? fillOperators(shape.d) : shapePath(shape);
        if (!d) return;
        out.push(`${at}${d}\n${paint.op} Q`);
      }
    }
  }

  private group(g: GroupItem, out: string[]): void {
    const inner: string[] = [];
    const { clip, transform: t } = g;
    if (clip) {
      const paths = clip.map(shapePath).filter(Boolean);
      // an empty clip path hides everything
      inner.push(paths.length ? `${paths.join("\n")} W n` : "0 0 0 0 re W n");
    }
    for (const c of g.children) this.item(c, inner);
    if (!inner.length || (clip && inner.length === 1)) return;
    if (!t && !clip) {
      out.push(...inner);
      return;
    }
    out.push(`q${t ? ` ${cm(t)}` : ""}`, ...inner, "Q");
  }

  private run(r: TextRun, out: string[]): void {
    const shaped = r.glyphs && this.ctx.fonts.encodeGlyphs(r.font.family, r.font.bold, r.text, r.glyphs);
    const enc = shaped ? null : this.ctx.fonts.encode(r.font.family, r.font.bold, r.text);
    if (!enc && !shaped) return;
    const fill = colour(r.paint.fill);
    const stroke = colour(r.paint.stroke?.color);
    if (!fill && !stroke) return;
    const size = r.font.size;
    const width = enc ? enc.width : (shaped ?? []).reduce((a, g) => a + g.width, 0);
    const shift =
      r.font.anchor === "middle" ? width * size * 0.5 : r.font.anchor === "end" ? width * size : 0;
    const paint: string[] = [];
    if (fill) paint.push(fillOp(fill));
    if (stroke && r.paint.stroke) {
      paint.push(
        strokeOp(stroke),
        `${n3(r.paint.stroke.width)} w`,
        r.paint.stroke.join === "round" ? "1 j" : "",
      );
      paint.push(fill ? "2 Tr" : "1 Tr");
    }
    const setup = paint.filter(Boolean).join(" ");
    if (enc) {
      out.push(
        `BT ${setup} /${enc.resource} 1 Tf ${n3(size)} 0 0 ${n3(-size)} ${n3(r.x - shift)} ${n3(r.y)} Tm <${enc.hex}> Tj ET`,
      );
      return;
    }
    // shaped glyphs: each at its pen position plus HarfBuzz's offsets (font y points up). Glyphs are
    // shared between clusters (Arabic dots, Indic matras), so ToUnicode alone cannot give the text
    // back: each cluster is marked with its characters as ActualText, in visual order like the glyphs
    // (readers put right-to-left clusters back in logical order as they do for plain characters).
    const ops: string[] = [];
    let pen = r.x - shift;
    const list = shaped ?? [];
    const show = (g: EncodedGlyph, at: number) =>
      `${n3(size)} 0 0 ${n3(-size)} ${n3(at + g.dx * size)} ${n3(r.y - g.dy * size)} Tm <${g.hex}> Tj`;
    for (let i = 0; i < list.length; ) {
      const cl = list[i].cl;
      const spacing: string[] = [];
      const marks: string[] = [];
      for (; i < list.length && list[i].cl === cl; i++) {
        const g = list[i];
        (g.width > 0 ? spacing : marks).push(show(g, pen));
        pen += g.width * size;
      }
      const text = list[i - 1].text;
      if (!text || spacing.length === 0) ops.push(...spacing, ...marks);
      else {
        // the cluster's characters on its spacing glyphs (their box is the cluster's advance); its
        // marks carry no text of their own
        ops.push(`/Span<</ActualText<FEFF${utf16Hex(text)}>>>BDC ${spacing.join(" ")} EMC`);
        if (marks.length) ops.push(`/Span<</ActualText<FEFF>>>BDC ${marks.join(" ")} EMC`);
      }
    }
    if (list.length) out.push(`BT ${setup} /${list[0].resource} 1 Tf ${ops.join(" ")} ET`);
  }

  /** Operators of one text item ("" when it draws nothing). */
  textOps(item: TextItem): string {
    const out: string[] = [];
    this.text(item, out);
    return out.join("\n");
  }

  private text(item: TextItem, out: string[]): void {
    if (this.ctx.deferText) {
      out.push(this.ctx.deferText(item));
      return;
    }
    const inner: string[] = [];
    for (const r of item.runs) this.run(r, inner);
    if (!inner.length) return;
    const t = item.transform;
    out.push(...(t ? ["q", cm(t), ...inner, "Q"] : inner));
  }

  private image(item: ImageItem, out: string[]): void {
    const img = this.ctx.images.get(item.href, this.threshold);
    if (!img) return;
    const { x, y, w, h } = imageBox(item, img.width, img.height);
    const t = item.transform;
    out.push(
      `q ${t ? `${cm(t)} ` : ""}${n3(w)} 0 0 ${n3(-h)} ${n3(x)} ${n3(y + h)} cm /${img.resource} Do Q`,
    );
  }
}
