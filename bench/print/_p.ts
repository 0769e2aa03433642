import { Resvg } from "@resvg/resvg-wasm";
import { createElement } from "../../src/model/defaults";
import { thresholdRgba } from "../../src/print/bitmap";
import { pageSvg } from "../../src/print/pageSvg";
import { initRaster, rasterSvg } from "../../src/print/raster";
import { textToPaths } from "../../src/print/textPaths";
import { getFontRegistry, prepareRender } from "../../src/render/index";
import { barcodeLabel } from "../../tests/codes/support/labels";

async function main() {
  const d0 = barcodeLabel(1, "INK-0001");
  const t = { ...createElement("Text", [], { x: 2, y: 1 }), Data: "Hello 你好", Width: 40, Height: 6 } as any;
  const doc = { ...d0, elements: [...d0.elements, t] };
  const fonts = getFontRegistry();
  await initRaster();
  await prepareRender(doc, { target: "print", dpi: 203, fonts });
  const root = { width: "480", height: "200", viewBox: "0 0 60.05 25.02" };
  const m = new Map();
  for (let round = 0; round < 2; round++) {
    const a = performance.now();
    let svg = "";
    for (let i = 0; i < 50; i++)
      svg = pageSvg(doc, [0], () => m, { target: "print", dpi: 203, fonts, root, cache: false });
    const b = performance.now();
    console.log("pageSvg", (b - a) / 50);
    let s2 = "";
    for (let i = 0; i < 50; i++) s2 = textToPaths(svg, fonts);
    const c = performance.now();
    console.log("textToPaths", (c - b) / 50, s2.length);
    let px: any;
    for (let i = 0; i < 50; i++) {
      const r = new Resvg(s2, {
        font: { fontBuffers: [], loadSystemFonts: false } as never,
        shapeRendering: 2,
      });
      const img = r.render();
      px = img.pixels;
      img.free();
      r.free();
    }
    const e = performance.now();
    console.log("resvg only", (e - c) / 50);
    for (let i = 0; i < 50; i++) thresholdRgba(px, 480, 200);
    const f = performance.now();
    console.log("threshold", (f - e) / 50);
  }
}
main();
