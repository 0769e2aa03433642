// A raster worker: page SVG (text already outlined) → a printer page's 1-bit bitmap, or an exported
// image's PNG/JPEG bytes; or the print API's labels drawn whole from their template and records;
// off the main thread (tasks: ./rasterPool.ts).
import { parentPort, workerData } from "node:worker_threads";
import { initRaster, rasterSvg } from "./raster";
import type { RasterTask } from "./rasterPool";

// the pool hands on the wasm its process compiled (./raster.ts, resvgModule)
const compiled = (workerData as { resvg?: unknown } | null)?.resvg;
const ready = initRaster(compiled instanceof WebAssembly.Module ? compiled : undefined);
parentPort?.on("message", async (m: RasterTask & { id: number }) => {
  try {
    await ready;
    if (m.kind === "records") {
      const { drawRecordImages } = await import("./recordImages");
      const pngs = (await drawRecordImages(m)).map((p) =>
        p.byteOffset === 0 && p.byteLength === p.buffer.byteLength ? p : p.slice(),
      );
      parentPort?.postMessage(
        { id: m.id, pngs },
        pngs.map((p) => p.buffer as ArrayBuffer),
      );
    } else if (m.kind === "image") {
      // the image encoders are loaded by the first image task (printer pages never need them)
      const { drawImage } = await import("../export/node/drawImage");
      const drawn = drawImage(m.svg, m.format, m.dpi);
      // only a buffer of its own can be transferred (not a view into a shared pool)
      const whole = drawn.byteOffset === 0 && drawn.byteLength === drawn.buffer.byteLength;
      const bytes = whole ? drawn : drawn.slice();
      parentPort?.postMessage({ id: m.id, bytes }, [bytes.buffer as ArrayBuffer]);
    } else {
      const b = rasterSvg(m.svg, m.threshold);
      parentPort?.postMessage({ id: m.id, bitmap: b }, [b.data.buffer as ArrayBuffer]);
    }
  } catch (e) {
    parentPort?.postMessage({ id: m.id, error: String((e as Error)?.message ?? e) });
  }
});
parentPort?.postMessage({ ready: true });
