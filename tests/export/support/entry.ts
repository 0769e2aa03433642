// Browser bundle for the export tests and the benchmark: the real export modules on window.
import { exportImages } from "../../../src/export/raster";
import { exportPdf } from "../../../src/export/pdf";

(globalThis as Record<string, unknown>).inklessExport = { exportPdf, exportImages };
