// What a cloud device tells the server about its printer: the language (the darkness scale of the
// owner's settings form) and its live state (ready, paper out, head open…), with each poll and,
// between polls (a long poll waits up to 25 s), as soon as the state changes.
import type { PrinterStatus } from "../print/status";
import { queryStatus } from "../print/statusQuery";
import type { NetworkPrinter } from "./config";

/** How often the printer is asked between polls (a status query is one short TCP exchange). */
export const STATUS_WATCH_MS = 2000;

/** Asks a cloud printer's state; null when it is not a network printer (a CUPS queue) or unknown. */
export type StatusOf = (printer: string) => Promise<PrinterStatus | null>;

/** The default: a network printer is asked over its raw port. */
export const networkStatus =
  (printers: () => readonly NetworkPrinter[]): StatusOf =>
  async (name) => {
    const p = printers().find((x) => x.name === name);
    return p ? queryStatus(p.host, p.port, p.language) : null;
  };

/** The fields a poll or a status report carries about the printer. */
export function printerReport(
  printer: NetworkPrinter | undefined,
  status: PrinterStatus | null,
): Record<string, unknown> {
  return {
    ...(printer ? { printer_language: printer.language } : {}),
    ...(status ? { printer_status: { state: status.state, problems: status.problems } } : {}),
  };
}

/** The same state (what the server shows does not change). */
export const sameStatus = (a: PrinterStatus | null, b: PrinterStatus | null) =>
  a?.state === b?.state && (a?.problems ?? []).join() === (b?.problems ?? []).join();

/**
 * Asks the printer every `everyMs` until `signal` aborts; calls `changed` with each state that
 * differs from the last one `lastSent()` says went to the server. Never throws.
 */
export async function watchStatus(
  printer: () => string,
  statusOf: StatusOf,
  lastSent: () => PrinterStatus | null,
  changed: (s: PrinterStatus) => Promise<void>,
  signal: AbortSignal,
  everyMs = STATUS_WATCH_MS,
): Promise<void> {
  while (!signal.aborted) {
    await new Promise<void>((r) => {
      const t = setTimeout(r, everyMs);
      signal.addEventListener(
        "abort",
        () => {
          clearTimeout(t);
          r();
        },
        { once: true },
      );
    });
    if (signal.aborted) return;
    const s = await statusOf(printer()).catch(() => null);
    if (s && !sameStatus(s, lastSent())) await changed(s).catch(() => undefined);
  }
}
