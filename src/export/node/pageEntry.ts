// Browser bundle for the CLI, the export tests and the benchmark: the real export modules on window.
// The PDF worker is the same module bundled on its own and served at /pdf-worker.js.

import { exportPdf, exportPdfHere } from "../pdf";
import { setPdfWorkerFactory } from "../pdf/workerClient";
import { exportImages, exportImagesInPage } from "../raster";

setPdfWorkerFactory(() => new Worker("/pdf-worker.js"));

(globalThis as Record<string, unknown>).inklessExport = {
  exportPdf,
  exportPdfHere,
  exportImages,
  exportImagesInPage,
};
