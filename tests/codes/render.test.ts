// The SVG the code kinds emit: one merged path, text placement, inverse printing, placeholders,
// and dot snapping at print resolution (docs/barcodes.md).
import { beforeAll, describe, expect, it } from "vitest";
import { encodeCode, prepareCode } from "../../src/codes";
import { layoutLinear, layoutMatrix, rectsInMm } from "../../src/codes/layout";
import { dotMm, localAxes } from "../../src/codes/snap";
import { renderLabel } from "../../src/render";
import { barcodeLabel, MARGIN, qrLabel } from "./support/labels";
import { parseShapes, rasterise, rowRuns } from "./support/raster";

const count = (s: string, re: RegExp) => (s.match(re) ?? []).length;

beforeAll(async () => {
  await prepareCode({ kind: "qrcode", type: 2, data: "x" });
});

describe("portable SVG", () => {
  it("a barcode is one path, a matrix code is one path of runs", () => {
    const b = renderLabel(barcodeLabel(1, "Inkless 128"));
    expect(count(b, /<path /g)).toBe(1);
    expect(count(b, /<rect /g)).toBe(0);
    const code = encodeCode({ kind: "barcode", type: 1, data: "Inkless 128" });
    expect(count(/ d="([^"]*)"/.exec(b)?.[1] ?? "", /M/g)).toBe(code.bars.length);
    const q = renderLabel(qrLabel(1, "one path"));
    expect(count(q, /<path /g)).toBe(1);
  });

  it("text below, above or none", () => {
    const y = (pos: 0 | 1 | 2) => {
      const svg = renderLabel(barcodeLabel(1, "ABC123", { BarcodeNumPosition: pos }));
      const bars = parseShapes(svg);
      const text = /<tspan x="[^"]+" y="([^"]+)"[^>]*>([^<]*)<\/tspan>/.exec(svg);
      return {
        top: Math.min(...bars.map((s) => s.y)),
        bottom: Math.max(...bars.map((s) => s.y + s.h)),
        text,
      };
    };
    const below = y(1);
    expect(below.text?.[2]).toBe("ABC123");
    expect(Number(below.text?.[1]) + MARGIN).toBeGreaterThan(below.bottom);
    const above = y(2);
    expect(Number(above.text?.[1]) + MARGIN).toBeLessThan(above.top);
    expect(y(0).text).toBeNull();
  });

  it("alignment 0/1/2 puts the text at the centre, start and end of the bars; 3/4 place each character", () => {
    const xs = (align: 0 | 1 | 2 | 3 | 4) => {
      const svg = renderLabel(barcodeLabel(1, "ABCD", { TextAlign: align }));
      const bars = parseShapes(svg);
      const left = Math.min(...bars.map((s) => s.x)) - MARGIN;
      return { left, x: [...svg.matchAll(/<tspan x="([^"]+)"/g)].map((m) => Number(m[1])) };
    };
    const start = xs(1);
    expect(start.x).toHaveLength(1);
    expect(start.x[0]).toBeCloseTo(start.left, 2);
    expect(xs(0).x[0]).toBeGreaterThan(start.x[0] + 1);
    expect(xs(2).x[0]).toBeGreaterThan(xs(0).x[0] + 1);
    const spread = xs(3);
    expect(spread.x).toHaveLength(4);
    expect(spread.x[0]).toBeCloseTo(spread.left, 2);
    expect(xs(4).x).toHaveLength(4);
    expect(renderLabel(barcodeLabel(1, "ABCD"))).not.toContain("text-anchor");
  });

  it("EAN-13 places its digits in three groups with the first outside the bars", () => {
    const svg = renderLabel(barcodeLabel(7, "590123412345"));
    const digits = [...svg.matchAll(/<tspan x="([^"]+)"[^>]*>(\d)<\/tspan>/g)];
    expect(digits.map((d) => d[2]).join("")).toBe("5901234123457");
    const firstBar = Math.min(...parseShapes(svg).map((s) => s.x)) - MARGIN;
    expect(Number(digits[0][1])).toBeLessThan(firstBar);
  });

  it("inverse (AntiMirror) draws light modules on a dark box with the quiet zone inside", () => {
    const svg = renderLabel(qrLabel(1, "inverse", { AntiMirror: true }));
    expect(svg).toContain('fill="#000000"');
    expect(svg).toContain('<path d="M');
    expect(/<path[^>]*fill="#ffffff"/.test(svg)).toBe(true);
  });

  it("a code that cannot be generated renders a placeholder carrying the error, never nothing", () => {
    const svg = renderLabel(barcodeLabel(7, "12ab"));
    expect(svg).toContain('data-code-error="codes.error.needDigits"');
    expect(svg).toContain(">12ab000000000<");
    const hostile = renderLabel(barcodeLabel(1, "<script>中</script>"));
    expect(hostile).not.toContain("<script>");
    expect(hostile).toContain("data-code-error");
  });
});

describe("dot snapping", () => {
  it.each([203, 300])(
    "every bar and space of a printed Code 128 is a whole number of dots (%i dpi)",
    (dpi) => {
      const doc = barcodeLabel(1, "SNAP-1234", { Width: 23.3 });
      const code = encodeCode({ kind: "barcode", type: 1, data: "SNAP-1234" });
      const k = Math.max(1, Math.floor(23.3 / code.width / dotMm(dpi)));
      const r = rasterise(renderLabel(doc, { target: "print", dpi }), doc.attrs.width, doc.attrs.height, dpi);
      const runs = rowRuns(r, Math.round((MARGIN + 3 + 3) * (dpi / 25.4)));
      const widths = code.bars.flatMap((b, i) =>
        i ? [b.x - code.bars[i - 1].x - code.bars[i - 1].w, b.w] : [b.w],
      );
      expect(runs).toEqual(widths.map((w) => w * k));
    },
  );

  it.each([203, 300])(
    "an exported Code 128 carries whole dots of the label's target resolution (%i dpi)",
    (dpi) => {
      const base = barcodeLabel(1, "SNAP-1234", { Width: 23.3 });
      const doc = { ...base, attrs: { ...base.attrs, targetDpi: dpi as 203 | 300 } };
      const code = encodeCode({ kind: "barcode", type: 1, data: "SNAP-1234" });
      const k = Math.max(1, Math.floor(23.3 / code.width / dotMm(dpi)));
      const svg = renderLabel(doc, { target: "export" });
      const scale = Number(/scale\(([\d.]+) /.exec(svg)?.[1]);
      expect(scale / dotMm(dpi)).toBeCloseTo(k, 4);
      const r = rasterise(svg, doc.attrs.width, doc.attrs.height, dpi);
      const runs = rowRuns(r, Math.round((MARGIN + 3 + 3) * (dpi / 25.4)));
      const widths = code.bars.flatMap((b, i) =>
        i ? [b.x - code.bars[i - 1].x - code.bars[i - 1].w, b.w] : [b.w],
      );
      expect(runs).toEqual(widths.map((w) => w * k));
    },
  );

  it("drawn for another resolution, the same code prints uneven bars (why snapping exists)", () => {
    const dpi = 203;
    const base = barcodeLabel(1, "SNAP-1234", { Width: 23.3 });
    const doc = { ...base, attrs: { ...base.attrs, targetDpi: 600 as const } };
    const r = rasterise(renderLabel(doc, { target: "export" }), doc.attrs.width, doc.attrs.height, dpi);
    const code = encodeCode({ kind: "barcode", type: 1, data: "SNAP-1234" });
    const runs = rowRuns(r, Math.round((MARGIN + 3 + 3) * (dpi / 25.4)));
    const narrow = runs.filter((_, i) => (i % 2 ? false : code.bars[i / 2]?.w === 1));
    expect(new Set(narrow).size).toBeGreaterThan(1);
  });

  it("the code is centred and never wider than its box", () => {
    const code = encodeCode({ kind: "barcode", type: 1, data: "CENTRE" });
    const o = {
      width: 30,
      height: 10,
      position: 0 as const,
      fontSize: 10,
      align: 0,
      quietInside: false,
      dpi: 203,
    };
    const l = layoutLinear(code, o);
    const mm = rectsInMm(l);
    const x0 = Math.min(...mm.map((r) => r.x));
    const x1 = Math.max(...mm.map((r) => r.x + r.w));
    expect(x1 - x0).toBeLessThanOrEqual(30);
    expect(Math.abs(x0 - (30 - x1))).toBeLessThanOrEqual(dotMm(203) + 1e-9);
    expect(l.module / dotMm(203)).toBeCloseTo(Math.round(l.module / dotMm(203)), 9);
  });

  it.each([0, 90, 180, 270])(
    "bar edges fall on the label's dot grid at Rotate %i, mirrored or not",
    (rotate) => {
      for (const mirror of [false, true]) {
        const dpi = 300;
        const d = dotMm(dpi);
        const [x, y, w, h] = [3.37, 7.11, 31.9, 12.3];
        const axes = localAxes(x, y, w, h, rotate, mirror);
        const code = encodeCode({ kind: "barcode", type: 1, data: "ROT" });
        const l = layoutLinear(code, {
          width: w,
          height: h,
          position: 0,
          fontSize: 10,
          align: 0,
          quietInside: false,
          dpi,
          axes,
        });
        for (const r of rectsInMm(l))
          for (const edge of [r.x, r.x + r.w]) {
            const abs = axes.x.origin + axes.x.sign * edge;
            expect(Math.abs(abs / d - Math.round(abs / d))).toBeLessThan(1e-6);
          }
        const m = encodeCode({ kind: "qrcode", type: 1, data: "ROT" });
        const lm = layoutMatrix(m, {
          width: 13.3,
          height: 13.3,
          position: 0,
          fontSize: 10,
          align: 0,
          quietInside: false,
          dpi,
          axes,
        });
        for (const r of rectsInMm(lm)) {
          const ay = axes.y.origin + axes.y.sign * r.y;
          expect(Math.abs(ay / d - Math.round(ay / d))).toBeLessThan(1e-6);
        }
      }
    },
  );
});
