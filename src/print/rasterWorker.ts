// A raster worker: page SVG (sized in dots, text already outlined) → 1-bit bitmap, off the main thread.
import { parentPort } from "node:worker_threads";
import { initRaster, rasterSvg } from "./raster";

const ready = initRaster();
parentPort?.on("message", async (m: { id: number; svg: string; threshold?: number }) => {
  try {
    await ready;
    const b = rasterSvg(m.svg, m.threshold);
    parentPort?.postMessage({ id: m.id, bitmap: b }, [b.data.buffer as ArrayBuffer]);
  } catch (e) {
    parentPort?.postMessage({ id: m.id, error: String((e as Error)?.message ?? e) });
  }
});
parentPort?.postMessage({ ready: true });
