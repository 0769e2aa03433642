// Per-kind geometry of the non-text kinds, read back from the SVG they emit.
import { beforeAll, describe, expect, it } from "vitest";
import type { FontRegistry } from "../../src/render/fonts";
import { renderLabel } from "../../src/render/index";
import { PNG_1PX } from "./fixtures";
import { doc, el, loadedFonts, parseSvg, type SvgNode } from "./helpers";

let fonts: FontRegistry;
beforeAll(async () => {
  fonts = await loadedFonts();
});

function only(
  over: Parameters<typeof el>[1],
  type: Parameters<typeof el>[0],
  target: "canvas" | "export" = "export",
): SvgNode[] {
  const root = parseSvg(renderLabel(doc([el(type, over)]), { fonts, target }));
  return root.children[0].children;
}
const nums = (n: SvgNode, ...keys: string[]) => keys.map((k) => Number(n.attrs[k]));

describe("shapes", () => {
  const box = { StartX: 10, StartY: 10, Width: 20, Height: 10, PenWidth: 1 };
  it("keep the outline inside the box (inset by half the pen)", () => {
    const [r] = only(box, "Rectangle");
    expect(r.name).toBe("rect");
    expect(nums(r, "x", "y", "width", "height", "stroke-width")).toEqual([0.5, 0.5, 19, 9, 1]);
    expect(r.attrs.fill).toBe("none");
    const [e] = only(box, "Ellipse");
    expect(nums(e, "cx", "cy", "rx", "ry")).toEqual([10, 5, 9.5, 4.5]);
    const [d] = only(box, "Diamond");
    expect(d.attrs.points).toBe("10,0.5 19.5,5 10,9.5 0.5,5");
    const [t] = only(box, "Triangle");
    expect(t.attrs.points).toBe("10,0.5 19.5,9.5 0.5,9.5");
  });
  it("round rectangles clamp the corner radius to half the shorter side", () => {
    expect(nums(only({ ...box, CornerRadius: 3 }, "RoundRectangle")[0], "rx", "ry")).toEqual([3, 3]);
    expect(nums(only({ ...box, CornerRadius: 10 }, "RoundRectangle")[0], "rx")).toEqual([4.5]);
  });
  it("fill paints black; dash scales 5,2 by the pen", () => {
    expect(only({ ...box, Fill: true }, "Rectangle")[0].attrs.fill).toBe("#000000");
    expect(only({ ...box, Dash: true, PenWidth: 0.5 }, "Ellipse")[0].attrs["stroke-dasharray"]).toBe("2.5 1");
    expect(only({ ...box, DashStyle: 1 }, "Diamond")[0].attrs["stroke-dasharray"]).toBe("5 2");
    expect(only({ ...box, PenWidth: 0, Fill: false }, "Rectangle")).toHaveLength(0);
  });
});

describe("lines", () => {
  it("run from the start point to the end point inside their box", () => {
    const [l] = only(
      { StartX: 10, StartY: 20, EndX: 30, EndY: 25, Width: 20, Height: 5, PenWidth: 0.6 },
      "Line",
    );
    expect(nums(l, "x1", "y1", "x2", "y2", "stroke-width")).toEqual([0, 0, 20, 5, 0.6]);
    const [r] = only({ StartX: 30, StartY: 20, EndX: 10, EndY: 25, Width: 20, Height: 5 }, "Line");
    expect(nums(r, "x1", "y1", "x2", "y2")).toEqual([20, 0, 0, 5]);
    const [v] = only({ StartX: 5, StartY: 5, EndX: 5, EndY: 15, Width: 0, Height: 10 }, "LineVertical");
    expect(nums(v, "x1", "y1", "x2", "y2")).toEqual([0, 0, 0, 10]);
  });
});

describe("images", () => {
  const src = `data:image/png;base64,${PNG_1PX}`;
  it("fill the box, letterboxed when keeping proportion", () => {
    const [a] = only({ imageSrc: src, Width: 20, Height: 10, ISParticipating: true }, "Image");
    expect(a.attrs).toMatchObject({
      x: "0",
      y: "0",
      width: "20",
      height: "10",
      preserveAspectRatio: "xMidYMid meet",
      href: src,
    });
    const [b] = only({ imageSrc: src, ISParticipating: false }, "Image");
    expect(b.attrs.preserveAspectRatio).toBe("none");
  });
  it("refuse anything but an embedded image", () => {
    for (const bad of [
      "",
      "https://x.test/a.png",
      "data:image/svg+xml;base64,PHN2Zz4=",
      'data:image/png;base64,AA"onload="x',
      "javascript:alert(1)",
    ]) {
      expect(only({ imageSrc: bad }, "Image")).toHaveLength(0);
      const canvas = only({ imageSrc: bad }, "Image", "canvas");
      expect(canvas.map((n) => n.name)).toEqual(["rect"]);
    }
  });
});

describe("text", () => {
  it("anti-mirror paints the box black and the text white", () => {
    const nodes = only({ Data: "Inverse", AntiMirror: true, Width: 30, Height: 8 }, "Text");
    expect(nodes[0].name).toBe("rect");
    expect(nodes[0].attrs).toMatchObject({ width: "30", height: "8", fill: "#000000" });
    expect(nodes[1].attrs.fill).toBe("#FFFFFF");
  });
  it("uses the real bold face, and strokes a face that has no bold cut", () => {
    const [t] = only({ Data: "Bold", Bold: true, FontFamily: "Roboto" }, "Text");
    expect(t.attrs["font-weight"]).toBe("bold");
    expect(t.attrs.stroke).toBeUndefined();
  });
  it("italic slants each line about its baseline", () => {
    const [t] = only({ Data: "Slant", Italic: true }, "Text");
    const y = Number(t.children[0].attrs.y);
    const m = (t.attrs.transform.match(/-?[\d.]+/g) ?? []).map(Number);
    expect(m[0]).toBe(1);
    expect(m[2]).toBeCloseTo(-0.2126, 4);
    expect(m[4]).toBeCloseTo(0.2126 * y, 2); // the baseline stays where it is
  });
  it("stretch scales the line about its start to the box width", () => {
    const nodes = only({ Data: "Fit", TextAlign: 4, Width: 40 }, "Text");
    expect(nodes[0].name).toBe("g");
    const [sx, , , , tx] = (nodes[0].attrs.transform.match(/-?[\d.]+/g) ?? []).map(Number);
    expect(sx).toBeGreaterThan(1);
    expect(tx).toBeCloseTo(0, 6);
  });
  it("empty text draws nothing", () => {
    expect(only({ Data: "" }, "Text")).toHaveLength(0);
  });
});
