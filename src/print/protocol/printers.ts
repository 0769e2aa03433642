// The printers the print assistant offers, as its `printers` answer carries them to the web app's
// print dialog (src/app/printing/assistantClient.ts) and as it lists them itself (src/assistant).
import type { PrinterSettings } from "../settings";

export interface PrinterInfo {
  readonly name: string;
  readonly kind: "network" | "cups";
  readonly language?: string;
  readonly dpi?: number;
  readonly host?: string;
  readonly port?: number;
  readonly settings?: PrinterSettings;
  readonly widthMm?: number;
  readonly heightMm?: number;
}
