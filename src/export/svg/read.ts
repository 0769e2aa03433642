// The one reader of the portable SVG for the painters (PDF operators, Canvas 2D): a parsed fragment
// (tree.ts) → a typed drawing with the cascade resolved, transforms as matrices, clip paths looked
// up, shape geometry read and text split into positioned runs. Painters walk this and keep only what
// is theirs (operators or canvas calls, colours, fonts, images). Elements outside the subset are
// skipped; `defs` and `clipPath` are not drawn.
import { parseGlyphs, type ShapedGlyph } from "../../render/text/glyphsAttr";
import { type Shape, shapeOf } from "./shapes";
import { type Cascade, cascade, type Font, num, type Paint, ROOT_CASCADE } from "./style";
import type { Matrix } from "./transform";
import { parseTransform } from "./transform";
import { parseSvg, type SvgNode } from "./tree";

export interface GroupItem {
  readonly kind: "group";
  readonly transform: Matrix | null;
  /** the clip path's outlines (empty: everything is clipped away); null: no clip */
  readonly clip: readonly Shape[] | null;
  readonly children: readonly Item[];
}

export interface ShapeItem {
  readonly kind: "shape";
  readonly transform: Matrix | null;
  readonly shape: Shape;
  readonly paint: Paint;
}

/** One piece of text at one position (a `<tspan>` or the text element's own characters). */
export interface TextRun {
  readonly x: number;
  readonly y: number;
  /** never empty */
  readonly text: string;
  readonly font: Font;
  readonly paint: Paint;
  /** a shaped run's glyphs (`data-glyphs`): drawn by glyph id, `text` is what they stand for */
  readonly glyphs?: readonly ShapedGlyph[];
}

export interface TextItem {
  readonly kind: "text";
  readonly transform: Matrix | null;
  readonly runs: readonly TextRun[];
}

export interface ImageItem {
  readonly kind: "image";
  readonly transform: Matrix | null;
  readonly href: string;
  readonly x: number;
  readonly y: number;
  /** > 0 */
  readonly width: number;
  /** > 0 */
  readonly height: number;
  /** preserveAspectRatio is not "none": the picture is fitted inside the box, centred (xMidYMid meet) */
  readonly fit: boolean;
}

export type Item = GroupItem | ShapeItem | TextItem | ImageItem;

/** Where an image of `pw` × `ph` pixels is drawn inside its item's box. */
export function imageBox(
  item: ImageItem,
  pw: number,
  ph: number,
): { x: number; y: number; w: number; h: number } {
  const { x, y, width: w, height: h } = item;
  if (!item.fit) return { x, y, w, h };
  const s = Math.min(w / pw, h / ph);
  const [dw, dh] = [pw * s, ph * s];
  return { x: x + (w - dw) / 2, y: y + (h - dh) / 2, w: dw, h: dh };
}

const clipId = (ref: string | undefined) => (ref ? /^url\(#([^)]+)\)$/.exec(ref)?.[1] : undefined);

const elements = (node: SvgNode) => node.children.filter((c): c is SvgNode => typeof c !== "string");

class Reader {
  private readonly clips = new Map<string, readonly Shape[]>();

  constructor(root: SvgNode) {
    this.collectClips(root);
  }

  private collectClips(node: SvgNode): void {
    for (const c of node.children) {
      if (typeof c === "string") continue;
      if (c.name === "clipPath" && c.attrs.id)
        this.clips.set(
          c.attrs.id,
          elements(c)
            .map(shapeOf)
            .filter((s): s is Shape => s !== null),
        );
      else this.collectClips(c);
    }
  }

  items(node: SvgNode, s: Cascade): Item[] {
    const out: Item[] = [];
    for (const c of node.children) {
      if (typeof c === "string") continue;
      const item = this.item(c, s);
      if (item) out.push(item);
    }
    return out;
  }

  private item(node: SvgNode, parent: Cascade): Item | null {
    const a = node.attrs;
    switch (node.name) {
      case "svg":
      case "g": {
        const id = clipId(a["clip-path"]);
        return {
          kind: "group",
          transform: parseTransform(a.transform),
          clip: (id && this.clips.get(id)) || null,
          children: this.items(node, cascade(parent, a)),
        };
      }
      case "text":
        return this.text(node, cascade(parent, a));
      case "image": {
        const width = num(a.width);
        const height = num(a.height);
        const href = a.href ?? a["xlink:href"] ?? "";
        if (!href || !(width > 0 && height > 0)) return null;
        const fit = (a.preserveAspectRatio ?? "xMidYMid meet").trim() !== "none";
        return {
          kind: "image",
          transform: parseTransform(a.transform),
          href,
          x: num(a.x),
          y: num(a.y),
          width,
          height,
          fit,
        };
      }
      case "clipPath":
      case "defs":
        return null;
      default: {
        const shape = shapeOf(node);
        if (!shape) return null;
        return {
          kind: "shape",
          transform: parseTransform(a.transform),
          shape,
          paint: cascade(parent, a).paint,
        };
      }
    }
  }

  private text(node: SvgNode, s: Cascade): TextItem | null {
    const runs: TextRun[] = [];
    let x = num(node.attrs.x);
    let y = num(node.attrs.y);
    for (const c of node.children) {
      let text: string;
      let style = s;
      let glyphs: ShapedGlyph[] | null = null;
      if (typeof c === "string") text = c.replace(/\s+/g, " ").trim();
      else if (c.name === "tspan") {
        x = num(c.attrs.x, x);
        y = num(c.attrs.y, y);
        style = cascade(s, c.attrs);
        text = c.children.filter((k): k is string => typeof k === "string").join("");
        glyphs = parseGlyphs(c.attrs["data-glyphs"]);
      } else continue;
      if (text)
        runs.push({ x, y, text, font: style.font, paint: style.paint, ...(glyphs ? { glyphs } : {}) });
    }
    return runs.length ? { kind: "text", transform: parseTransform(node.attrs.transform), runs } : null;
  }
}

/** The drawing of a parsed SVG fragment (parseSvg's root, or any element): its children as items. */
export function readSvg(root: SvgNode): Item[] {
  return new Reader(root).items(root, ROOT_CASCADE);
}

/** The drawing of SVG source (a whole SVG or a fragment such as one top-level part). */
export const readSvgSource = (src: string): Item[] => readSvg(parseSvg(src));
