// Browser bundle for the CLI, the export tests and the benchmark: the real export modules on window.
import { exportImages } from "../raster";
import { exportPdf } from "../pdf";

(globalThis as Record<string, unknown>).inklessExport = { exportPdf, exportImages };
