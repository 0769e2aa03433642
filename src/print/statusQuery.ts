// Asks a label printer for its state over its raw port (Node: a TCP socket); the answer is read by
// status.ts. ZPL printers also tell how many labels they have printed in their life (the print
// queue's proof that a label came out: docs/printing.md).
import { connect } from "node:net";
import type { PrinterLanguage } from "./job";
import { type PrinterStatus, parseTsplStatus, parseZplStatus } from "./status";

/** ZPL asks ~HQES (its error flags: richer) and ~HS (what is left to print) at once: a printer that
 * does not know ~HQES ignores it and answers ~HS alone, so the fallback costs no second round trip
 * (and no wait for an answer that never comes). */
export const STATUS_QUERY: Record<PrinterLanguage, string> = { TSPL: "\x1b!?", ZPL: "~HQES\r\n~HS\r\n" };

/** How long a printer is given to answer (the app shows the state within a second). */
export const STATUS_TIMEOUT_MS = 900;

/** Reads an answer; `ended`: nothing more will come (the connection closed, or the time is up). */
const PARSE: Record<PrinterLanguage, (b: Uint8Array, ended?: boolean) => PrinterStatus | null> = {
  TSPL: parseTsplStatus,
  ZPL: parseZplStatus,
};

type Heard<T> = { kind: "answer"; value: T } | { kind: "offline" | "noAnswer" | "partial"; got: Buffer };

/** Sends `query` on a connection of its own and reads until `parse` has an answer; never throws.
 * When the printer stops (closes, or the time is up), `parse(got, true)` reads what came. */
function ask<T>(
  host: string,
  port: number,
  query: string,
  parse: (b: Uint8Array, ended?: boolean) => T | null,
  timeoutMs: number,
): Promise<Heard<T>> {
  return new Promise((resolve) => {
    let got = Buffer.alloc(0);
    let settled = false;
    const sock = connect({ host, port });
    const done = (h: Heard<T>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      sock.destroy();
      resolve(h);
    };
    const timer = setTimeout(() => {
      const v = got.length ? parse(got, true) : null;
      done(
        v !== null ? { kind: "answer", value: v } : { kind: sock.connecting ? "offline" : "noAnswer", got },
      );
    }, timeoutMs);
    sock.on("connect", () => sock.write(query));
    sock.on("data", (chunk) => {
      // an answer is a few dozen bytes; more is not one
      got = Buffer.concat([got, chunk]).subarray(0, 1024);
      const v = parse(got);
      if (v !== null) done({ kind: "answer", value: v });
    });
    sock.on("error", () => done({ kind: "offline", got }));
    sock.on("close", () => {
      const v = parse(got, true);
      done(v !== null ? { kind: "answer", value: v } : { kind: got.length ? "partial" : "noAnswer", got });
    });
  });
}

/** Asks the printer at host:port for its state; never throws. */
export async function queryStatus(
  host: string,
  port: number,
  language: PrinterLanguage,
  timeoutMs = STATUS_TIMEOUT_MS,
): Promise<PrinterStatus> {
  const h = await ask(host, port, STATUS_QUERY[language], PARSE[language], timeoutMs);
  if (h.kind === "answer") return h.value;
  return { state: h.kind === "partial" ? "garbled" : h.kind, problems: [] };
}

/** ZPL's set-get-do variable of the labels a printer has printed in its life (Link-OS printers). */
export const LABEL_COUNT_QUERY = '! U1 getvar "odometer.total_label_count"\r\n';

/** `"1234"` → 1234; null until a whole quoted number has arrived. */
export function parseLabelCount(bytes: Uint8Array): number | null {
  const m = /^\s*"(\d{1,12})"/.exec(new TextDecoder("latin1").decode(bytes));
  return m ? Number(m[1]) : null;
}

/** How many labels a ZPL printer has printed in its life, or null when it does not say (older
 * printers, TSPL: they have no such counter). */
export async function queryLabelCount(
  host: string,
  port: number,
  language: PrinterLanguage,
  timeoutMs = STATUS_TIMEOUT_MS,
): Promise<number | null> {
  if (language !== "ZPL") return null;
  const h = await ask(host, port, LABEL_COUNT_QUERY, parseLabelCount, timeoutMs);
  return h.kind === "answer" ? h.value : null;
}
