// One exported image in Node: an SVG (text already outlines) drawn by resvg on white paper and
// encoded as PNG (src/image/pngEncode.ts) or JPEG, tagged with its dpi. Runs on the calling thread
// or in a raster worker (src/print/rasterWorker.ts); both give the same bytes.
import { Resvg } from "@resvg/resvg-wasm";
import jpeg from "jpeg-js";
import { encodeOpaquePng } from "../../image/pngEncode";
import { setJpegDpi } from "../dpi";

const JPEG_QUALITY = 95;

export function drawImage(svg: string, format: "png" | "jpeg", dpi?: number): Uint8Array {
  const r = new Resvg(svg, {
    font: { fontBuffers: [], loadSystemFonts: false } as never,
    background: "#ffffff",
  });
  try {
    const img = r.render();
    try {
      const pixels = { width: img.width, height: img.height, data: img.pixels };
      if (format === "png") return encodeOpaquePng(pixels, { dpi });
      const { data } = jpeg.encode(pixels, JPEG_QUALITY);
      const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      return dpi ? setJpegDpi(bytes, dpi) : bytes;
    } finally {
      img.free();
    }
  } finally {
    r.free();
  }
}
