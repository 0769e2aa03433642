// The virtual ZPL printer's settings (`zplPrinter` in the assistant's settings file): off unless
// `enabled`; it listens on 127.0.0.1:9100 unless the user names another address or port; each
// label it receives goes to one of the assistant's printers (`printer`) or to PDFs in a folder
// (`folder`). Bad values fall back to the defaults; without a printer or a folder it stays off.
import { isZplDpi, ZPL_DEFAULT_DPI } from "../../zpl/limits";

export const ZPL_PRINTER_PORT = 9100;

export interface ZplPrinterSettings {
  readonly host: string;
  readonly port: number;
  /** the resolution the senders make their ZPL for (their printer's) */
  readonly dpi: number;
  /** the assistant's printer (network or system queue) that prints what arrives */
  readonly printer?: string;
  /** else: the folder each job is saved to as a PDF */
  readonly folder?: string;
}

const text = (v: unknown, max = 500) => (typeof v === "string" ? v.trim().slice(0, max) : "");

/** The settings, or null when the virtual printer is off (not enabled, or nowhere to print). */
export function zplPrinterSettingsOf(raw: unknown): ZplPrinterSettings | null {
  if (!raw || typeof raw !== "object") return null;
  const o = raw as Record<string, unknown>;
  if (o.enabled !== true) return null;
  const printer = text(o.printer, 200);
  const folder = text(o.folder);
  if (!printer && !folder) return null;
  const port = Number(o.port ?? ZPL_PRINTER_PORT);
  const dpi = Number(o.dpi ?? ZPL_DEFAULT_DPI);
  return {
    host: text(o.host, 200) || "127.0.0.1",
    port: Number.isInteger(port) && port >= 0 && port < 65536 ? port : ZPL_PRINTER_PORT,
    dpi: isZplDpi(dpi) ? dpi : ZPL_DEFAULT_DPI,
    ...(printer ? { printer } : { folder }),
  };
}
