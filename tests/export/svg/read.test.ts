// The one SVG reader both painters draw from (src/export/svg/): the cascade, nested transforms,
// every element kind of the portable subset, clip paths, and the drawing of a label using every
// element kind as the renderer writes it.
import { describe, expect, it } from "vitest";
import {
  type GroupItem,
  type ImageItem,
  type Item,
  imageBox,
  readSvgSource,
  type ShapeItem,
  type TextItem,
} from "../../../src/export/svg/read";
import { type PathSink, traceShape } from "../../../src/export/svg/shapes";
import { dashArray } from "../../../src/export/svg/style";
import { type Matrix, multiply, parseTransform } from "../../../src/export/svg/transform";
import { renderLabel } from "../../../src/render/index";
import { kitchenSink } from "../../render/fixtures";
import { loadedFonts } from "../../render/helpers";

const read = (body: string) => readSvgSource(`<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`);
/** The items inside the root <svg>. */
const items = (body: string) => (read(body)[0] as GroupItem).children;
const only = <T extends Item>(body: string) => {
  const [item, ...rest] = items(body);
  expect(rest).toEqual([]);
  return item as T;
};
const apply = (m: Matrix, x: number, y: number) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
const close = (a: number[], b: number[]) => {
  expect(a.length).toBe(b.length);
  for (const [i, v] of a.entries()) expect(v).toBeCloseTo(b[i], 9);
};

/** Records what traceShape draws. */
function trace(item: ShapeItem): string[] {
  const out: string[] = [];
  const sink: PathSink = {
    moveTo: (x, y) => out.push(`M ${x} ${y}`),
    lineTo: (x, y) => out.push(`L ${x} ${y}`),
    bezierCurveTo: (...a) => out.push(`C ${a.map((v) => Math.round(v * 1000) / 1000).join(" ")}`),
    closePath: () => out.push("Z"),
    rect: (x, y, w, h) => out.push(`R ${x} ${y} ${w} ${h}`),
  };
  if (item.shape.kind === "path") throw new Error("a path is not traced");
  traceShape(item.shape, sink);
  return out;
}

describe("style cascade", () => {
  it("inherits paint and font from the nearest ancestor that sets them, from SVG's initial values", () => {
    const [plain, group] = items(
      '<rect width="1" height="1"/><g fill="#ff0000" stroke="blue" stroke-width="0.5" font-family="\'Noto Sans SC\'" font-size="3" font-weight="700" text-anchor="middle" stroke-dasharray="1" stroke-linejoin="round"><g><rect width="1" height="1" fill="none"/><text x="1" y="2">a<tspan fill="#00ff00" font-weight="normal" text-anchor="end" stroke-width="0">b</tspan></text></g></g>',
    );
    // initial values: black fill, no stroke
    expect((plain as ShapeItem).paint).toEqual({ fill: "#000000", stroke: null });
    const inner = ((group as GroupItem).children[0] as GroupItem).children;
    const rect = inner[0] as ShapeItem;
    expect(rect.paint).toEqual({
      fill: null,
      stroke: { color: "blue", width: 0.5, dash: [1, 1], join: "round" },
    });
    const [a, b] = (inner[1] as TextItem).runs;
    expect(a.font).toEqual({ family: "Noto Sans SC", bold: true, size: 3, anchor: "middle" });
    expect(a.paint.fill).toBe("#ff0000");
    expect(a.paint.stroke?.color).toBe("blue");
    // the tspan overrides what it sets and keeps the rest; a zero stroke width paints no stroke
    expect(b.font).toEqual({ family: "Noto Sans SC", bold: false, size: 3, anchor: "end" });
    expect(b.paint).toEqual({ fill: "#00ff00", stroke: null });
  });

  it("resolves transparent, unknown anchors and joins, and bad numbers to what the painters draw", () => {
    const s = only<ShapeItem>(
      '<rect width="1" height="1" fill="transparent" stroke="#000" stroke-width="x" stroke-linejoin="arcs"/>',
    );
    expect(s.paint).toEqual({ fill: null, stroke: { color: "#000", width: 1, dash: [], join: "miter" } });
    const t = only<TextItem>('<text text-anchor="left" font-size="-">x</text>');
    expect(t.runs[0].font).toEqual({ family: "", bold: false, size: 16, anchor: "start" });
  });

  it("reads dash arrays: odd lists repeated, invalid or all-gap lists solid", () => {
    expect(dashArray("none")).toEqual([]);
    expect(dashArray("1, 2")).toEqual([1, 2]);
    expect(dashArray("1 2 3")).toEqual([1, 2, 3, 1, 2, 3]);
    expect(dashArray("0 0")).toEqual([]);
    expect(dashArray("1 -2")).toEqual([]);
    expect(dashArray("a b")).toEqual([]);
  });
});

describe("transforms", () => {
  it("parses every transform function, in order, and skips malformed steps", () => {
    expect(parseTransform(undefined)).toBeNull();
    expect(parseTransform("")).toBeNull();
    close(apply(parseTransform("translate(1 2) scale(2)") as Matrix, 1, 1), [3, 4]);
    close(apply(parseTransform("scale(2, 3)") as Matrix, 1, 1), [2, 3]);
    // rotation about a centre keeps the centre where it is and turns clockwise on screen (y down)
    close(apply(parseTransform("rotate(90 5 5)") as Matrix, 5, 5), [5, 5]);
    close(apply(parseTransform("rotate(90)") as Matrix, 1, 0), [0, 1]);
    close(apply(parseTransform("matrix(1 0 0 -1 0 10)") as Matrix, 2, 3), [2, 7]);
    close(apply(parseTransform("skewX(45)") as Matrix, 0, 1), [1, 1]);
    close(apply(parseTransform("skewY(45)") as Matrix, 1, 0), [1, 1]);
    close(apply(parseTransform("translate(x 1) translate(1)") as Matrix, 0, 0), [1, 0]);
  });

  it("keeps each level's own transform: nested groups compose outer × inner", () => {
    const g = only<GroupItem>(
      '<g transform="translate(10 20)"><g transform="rotate(90)"><rect width="2" height="1" transform="scale(2)"/></g></g>',
    );
    const inner = g.children[0] as GroupItem;
    const rect = inner.children[0] as ShapeItem;
    const m = multiply(multiply(g.transform as Matrix, inner.transform as Matrix), rect.transform as Matrix);
    // the rect's far corner (2, 1) → scaled (4, 2) → rotated (-2, 4) → moved (8, 24)
    close(apply(m, 2, 1), [8, 24]);
    expect(only<ShapeItem>('<rect width="1" height="1"/>').transform).toBeNull();
  });
});

describe("element kinds", () => {
  it("rect: plain, rounded (a missing radius copies the other, clamped to half the side), empty", () => {
    expect(trace(only('<rect x="1" y="2" width="3" height="4"/>'))).toEqual(["R 1 2 3 4"]);
    const r = only<ShapeItem>('<rect width="4" height="2" ry="5"/>');
    expect(r.shape).toEqual({ kind: "rect", x: 0, y: 0, width: 4, height: 2, rx: 2, ry: 1 });
    const path = trace(r);
    expect(path[0]).toBe("M 2 0");
    expect(path.filter((p) => p.startsWith("C")).length).toBe(4);
    expect(path.at(-1)).toBe("Z");
    expect(items('<rect width="0" height="2"/><rect width="2"/>')).toEqual([]);
  });

  it("line, circle, ellipse, polygon, polyline and path", () => {
    expect(trace(only('<line x1="1" y1="2" x2="3" y2="4"/>'))).toEqual(["M 1 2", "L 3 4"]);
    expect(only<ShapeItem>('<circle cx="1" cy="2" r="3"/>').shape).toEqual({
      kind: "ellipse",
      cx: 1,
      cy: 2,
      rx: 3,
      ry: 3,
    });
    const e = trace(only('<ellipse cx="5" cy="5" rx="2" ry="1"/>'));
    expect(e).toEqual([
      "M 7 5",
      "C 7 5.552 6.105 6 5 6",
      "C 3.895 6 3 5.552 3 5",
      "C 3 4.448 3.895 4 5 4",
      "C 6.105 4 7 4.448 7 5",
      "Z",
    ]);
    expect(trace(only('<polygon points="0,0 4,0 2,3"/>'))).toEqual(["M 0 0", "L 4 0", "L 2 3", "Z"]);
    expect(trace(only('<polyline points="0 0 4 0 2 3"/>'))).toEqual(["M 0 0", "L 4 0", "L 2 3"]);
    expect(only<ShapeItem>('<path d="M0 0h1v1h-1z"/>').shape).toEqual({ kind: "path", d: "M0 0h1v1h-1z" });
    expect(
      items('<circle r="0"/><polygon points="0 0 1"/><polygon points="0 0 a 1"/><path d=""/><foo/>'),
    ).toEqual([]);
  });

  it("text: its own characters (white space collapsed) and tspans, each carrying x/y on", () => {
    const t = only<TextItem>(
      '<text x="1" y="2" transform="rotate(90)">\n  Hello   world \n<tspan x="5">A</tspan><tspan y="9">B</tspan><tspan x="3"></tspan><tspan>C</tspan></text>',
    );
    expect(t.transform).not.toBeNull();
    expect(t.runs.map(({ x, y, text }) => [x, y, text])).toEqual([
      [1, 2, "Hello world"],
      [5, 2, "A"],
      [5, 9, "B"],
      [3, 9, "C"],
    ]);
    expect(items("<text> </text><text><tspan></tspan></text>")).toEqual([]);
  });

  it("image: href or xlink:href, fitted inside its box unless preserveAspectRatio is none", () => {
    const img = only<ImageItem>('<image x="1" y="2" width="10" height="4" xlink:href="data:a"/>');
    expect(img).toMatchObject({ href: "data:a", x: 1, y: 2, width: 10, height: 4, fit: true });
    // a 20 × 20 picture in a 10 × 4 box: 4 × 4, centred
    expect(imageBox(img, 20, 20)).toEqual({ x: 4, y: 2, w: 4, h: 4 });
    const stretched = only<ImageItem>(
      '<image width="10" height="4" href="data:b" preserveAspectRatio="none"/>',
    );
    expect(imageBox(stretched, 20, 20)).toEqual({ x: 0, y: 0, w: 10, h: 4 });
    expect(items('<image width="0" height="4" href="data:b"/><image width="1" height="1"/>')).toEqual([]);
  });

  it("clip paths: looked up by id wherever they are defined, never drawn; empty clips everything", () => {
    const [g, empty, missing] = items(
      '<defs><clipPath id="c"><rect width="2" height="3"/><text>no</text></clipPath><clipPath id="e"/></defs><g clip-path="url(#c)"><rect width="9" height="9"/></g><g clip-path="url(#e)"/><g clip-path="url(#nope)"/>',
    ) as GroupItem[];
    expect(g.clip).toEqual([{ kind: "rect", x: 0, y: 0, width: 2, height: 3, rx: 0, ry: 0 }]);
    expect(empty.clip).toEqual([]);
    expect(missing.clip).toBeNull();
  });
});

describe("the renderer's SVG", () => {
  it("a label using every kind reads into groups, shapes of every kind, text and images", async () => {
    const fonts = await loadedFonts();
    const drawing = readSvgSource(renderLabel(kitchenSink(), { fonts }));
    const kinds = new Set<string>();
    const shapes = new Set<string>();
    let runs = 0;
    const walk = (list: readonly Item[]) => {
      for (const it of list) {
        kinds.add(it.kind);
        if (it.kind === "group") walk(it.children);
        if (it.kind === "shape") shapes.add(it.shape.kind);
        if (it.kind === "text") runs += it.runs.length;
      }
    };
    walk(drawing);
    expect([...kinds].sort()).toEqual(["group", "image", "shape", "text"]);
    expect([...shapes].sort()).toEqual(["ellipse", "line", "path", "poly", "rect"]);
    expect(runs).toBeGreaterThan(10);
  });
});
