// The export modules in headless Chromium, as the CLI runs them (src/export/node/chromium.ts).
export { type ExportPage, openExportPage, pixelsOf } from "../../../src/export/node/chromium";
