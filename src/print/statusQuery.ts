// Asks a label printer for its state over its raw port (Node: a TCP socket); the answer is read by
// status.ts.
import { connect } from "node:net";
import type { PrinterLanguage } from "./job";
import { type PrinterStatus, parseTsplStatus, parseZplStatus } from "./status";

export const STATUS_QUERY: Record<PrinterLanguage, string> = { TSPL: "\x1b!?", ZPL: "~HS" };

/** How long a printer is given to answer (the app shows the state within a second). */
export const STATUS_TIMEOUT_MS = 900;

const PARSE: Record<PrinterLanguage, (b: Uint8Array) => PrinterStatus | null> = {
  TSPL: parseTsplStatus,
  ZPL: parseZplStatus,
};

/** Asks the printer at host:port for its state; never throws. */
export function queryStatus(
  host: string,
  port: number,
  language: PrinterLanguage,
  timeoutMs = STATUS_TIMEOUT_MS,
): Promise<PrinterStatus> {
  return new Promise((resolve) => {
    let got = Buffer.alloc(0);
    let settled = false;
    const sock = connect({ host, port });
    const done = (s: PrinterStatus) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      sock.destroy();
      resolve(s);
    };
    const timer = setTimeout(
      () => done({ state: sock.connecting ? "offline" : "noAnswer", problems: [] }),
      timeoutMs,
    );
    sock.on("connect", () => sock.write(STATUS_QUERY[language]));
    sock.on("data", (chunk) => {
      // a status is a few dozen bytes; more is not one
      got = Buffer.concat([got, chunk]).subarray(0, 1024);
      const s = PARSE[language](got);
      if (s) done(s);
    });
    sock.on("error", () => done({ state: "offline", problems: [] }));
    sock.on("close", () =>
      done(PARSE[language](got) ?? { state: got.length ? "garbled" : "noAnswer", problems: [] }),
    );
  });
}
