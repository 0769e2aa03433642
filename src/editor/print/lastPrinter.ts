// The printer of the last successful print from the print dialog (driver printer, the browser or a
// cloud device), kept per browser: scan-to-print's quick print sends there without a dialog.
// Anything unreadable in storage counts as no printer.
import type { PrintDevice, PrintType } from "../../../machines/printDialog.machine";
import { readPref, writePref } from "../prefs";

export const LAST_PRINTER_KEY = "inkless.lastPrinter";

export interface LastPrinter {
  readonly printType: PrintType;
  readonly device: PrintDevice;
  readonly printBackground: boolean;
}

export function parseLastPrinter(raw: string | null): LastPrinter | null {
  if (!raw) return null;
  try {
    const o = JSON.parse(raw) as {
      printType?: unknown;
      device?: { id?: unknown; name?: unknown; type?: unknown };
    };
    const id = o.device?.id;
    if ((o.printType !== 1 && o.printType !== 2) || typeof id !== "string" || id === "") return null;
    const name = typeof o.device?.name === "string" ? o.device.name : id;
    const type = typeof o.device?.type === "number" ? o.device.type : undefined;
    return {
      printType: o.printType,
      device: type === undefined ? { id, name } : { id, name, type },
      printBackground: (o as { printBackground?: unknown }).printBackground === true,
    };
  } catch {
    return null;
  }
}

export const readLastPrinter = (): LastPrinter | null => parseLastPrinter(readPref(LAST_PRINTER_KEY));

export function rememberPrinter(p: LastPrinter): void {
  const { id, name, type } = p.device;
  writePref(
    LAST_PRINTER_KEY,
    JSON.stringify({
      printType: p.printType,
      device: { id, name, type },
      printBackground: p.printBackground,
    }),
  );
}
