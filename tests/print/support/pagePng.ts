// A cloud job page as the print dialog uploads it: a PNG at 203 dpi, here 480 × 240 dots
// (60 × 30 mm) with one black box, drawn by resvg.
import { Resvg } from "@resvg/resvg-wasm";
import { initRaster } from "../../../src/print/raster";

export async function pagePng(box = { x: 40, y: 80, width: 160, height: 80 }): Promise<Uint8Array> {
  await initRaster();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="240">
    <rect width="480" height="240" fill="#fff"/>
    <rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" fill="#000"/></svg>`;
  const r = new Resvg(svg, { font: { loadSystemFonts: false } as never });
  const img = r.render();
  const png = img.asPng();
  img.free();
  r.free();
  return png;
}
