// Browser bundle for the CLI, the export tests and the benchmark: the real export modules on window.

import { exportPdf } from "../pdf";
import { exportImages } from "../raster";

(globalThis as Record<string, unknown>).inklessExport = { exportPdf, exportImages };
