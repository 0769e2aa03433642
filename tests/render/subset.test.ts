// The renderer emits only the portable subset our PDF writer and canvg / the export worker's
// OffscreenCanvas painter all handle (docs/rendering.md).
import { beforeAll, describe, expect, it } from "vitest";
import type { FontRegistry } from "../../src/render/fonts";
import { prepareRender, renderLabel } from "../../src/render/index";
import { kitchenSink } from "./fixtures";
import { doc, el, loadedFonts, parseSvg, type SvgNode, walk } from "./helpers";

const PAINT = ["fill", "stroke", "stroke-width", "stroke-dasharray", "stroke-linejoin"];
const ALLOWED: Record<string, string[]> = {
  svg: ["xmlns", "width", "height", "viewBox"],
  g: ["data-id", "transform", "clip-path"],
  rect: ["x", "y", "width", "height", "rx", "ry", ...PAINT],
  line: ["x1", "y1", "x2", "y2", ...PAINT],
  path: ["d", ...PAINT],
  ellipse: ["cx", "cy", "rx", "ry", ...PAINT],
  polygon: ["points", ...PAINT],
  image: ["x", "y", "width", "height", "preserveAspectRatio", "href"],
  clipPath: ["id"],
  text: ["font-family", "font-size", "font-weight", "transform", ...PAINT],
  tspan: ["x", "y", "font-family", "font-weight", "data-glyphs", ...PAINT],
};
const NUMBER = /^-?\d+(\.\d+)?$/;

let fonts: FontRegistry;
beforeAll(async () => {
  fonts = await loadedFonts();
});

// Barcode and QRcode belong to the codes area (their human-readable text uses text-anchor); they
// are held to the forbidden-feature list below, the other kinds to the strict subset.
const CODE_TYPES = new Set(["Barcode", "QRcode"]);

function check(svg: string, codeIds: Set<string>): SvgNode {
  const root = parseSvg(svg);
  root.children = root.children.filter((g) => !codeIds.has(g.attrs["data-id"]));
  walk(root, (n, parent) => {
    expect(Object.keys(ALLOWED), `element <${n.name}>`).toContain(n.name);
    for (const a of Object.keys(n.attrs)) expect(ALLOWED[n.name], `<${n.name} ${a}>`).toContain(a);
    if (n.name === "tspan") {
      expect(parent?.name).toBe("text");
      expect(n.attrs.x, "tspan x is one number").toMatch(NUMBER);
      expect(n.attrs.y, "tspan y is one number").toMatch(NUMBER);
      expect(n.children).toHaveLength(0);
      if ("data-glyphs" in n.attrs)
        expect(n.attrs["data-glyphs"]).toMatch(/^-?\d+(,-?\d+){4}( -?\d+(,-?\d+){4})*$/);
    }
    if (n.name === "text") {
      expect(n.text.trim(), "text content sits in positioned tspans").toBe("");
      expect(n.children.length).toBeGreaterThan(0);
    }
    if (n.name === "image") expect(n.attrs.href).toMatch(/^data:image\/(png|jpeg|gif|webp|bmp);base64,/);
    if (n.attrs.transform) expect(n.attrs.transform).toMatch(/^(translate|matrix)\([-\d. ]+\)$/);
    for (const k of ["x", "y", "width", "height", "font-size", "stroke-width"])
      if (k in n.attrs && n.name !== "svg") expect(n.attrs[k], `${n.name} ${k}`).toMatch(NUMBER);
  });
  return root;
}

describe("portable SVG subset", () => {
  it("uses only the allowed elements and attributes for every kind and option", async () => {
    const d = kitchenSink();
    await prepareRender(d, { fonts });
    for (const target of ["canvas", "export", "print"] as const) {
      const codeIds = new Set(d.elements.filter((e) => CODE_TYPES.has(e.Type)).map((e) => e.Id));
      const root = check(renderLabel(d, { fonts, target, dpi: 203 }), codeIds);
      expect(root.attrs).toMatchObject({ width: "100mm", height: "80mm", viewBox: "0 0 100 80" });
    }
  });

  it("shaped and right-to-left text stays in the subset (glyphs on positioned tspans)", async () => {
    const d = doc([
      el("Text", { Data: "زيت الزيتون 500 ml", TextAutoLine: true, BoxWidth: 20 }),
      el("Text", { Data: "जैतून का तेल น้ำมัน שמן", LetterSpacing: 2, Bold: true, Italic: true }),
    ]);
    await prepareRender(d, { fonts });
    const svg = renderLabel(d, { fonts });
    expect(svg).toContain("data-glyphs");
    check(svg, new Set());
  });

  it("never emits letter-spacing, dominant-baseline, textLength, textPath, filters, masks, styles", async () => {
    const svg = renderLabel(kitchenSink(), { fonts, target: "canvas" });
    for (const bad of [
      "letter-spacing",
      "dominant-baseline",
      "textLength",
      "textPath",
      "filter",
      "mask",
      "style=",
      "class=",
      "<foreignObject",
      "<use",
    ])
      expect(svg).not.toContain(bad);
  });
});
