// A fake network label printer: a TCP server on 127.0.0.1 (random port) that records each job
// (everything one connection sent until it closed), like a printer on raw port 9100. It answers
// status queries (TSPL `<ESC>!?`, ZPL `~HQES` and `~HS`) from `state` on their own connections, which are not
// jobs; `state.answer` makes it silent or answer garbage. It prints each page as soon as it has
// arrived whole (`printed`; a "label" below is a page) and can be told to fail at label N: paper
// out, head open (a TSPL printer then loses the label it was on, as one set to SET REPRINT OFF; a
// ZPL one keeps it, reports it in ~HS and prints it once the fault clears, as Zebra's ^JZY), or
// drop the connection that brings label N. It answers ZPL's
// `! U1 getvar "odometer.total_label_count"` with the labels it printed (copies counted).
// Labels are counted copy by copy: a fault in the middle of a page's copies prints those before it
// (`printed` then holds the page with that many copies), a ZPL printer keeps the rest unless told
// `clearsAtFault`; a TSPL bare `PRINT 1,n` prints the last page it received again. ZPL's `~JA`
// (Cancel All), on a connection of its own, drops every label it keeps (`held`), as a Zebra clears
// the formats in its buffer.
import { createServer, type Server } from "node:net";
import { withCopies } from "../../../src/assistant/queue/copies";
import { isBarePrint, pageCopies, takePages } from "./labelPages";

export interface FakePrinterState {
  paperOut?: boolean;
  headOpen?: boolean;
  ribbonOut?: boolean;
  paused?: boolean;
  /** ZPL: a paper jam, which only ~HQES tells (~HS has no field for it) */
  paperJam?: boolean;
  /** ZPL: false for an older printer that does not know ~HQES (it ignores it and answers ~HS) */
  hqes?: boolean;
  /** "status" (default), "never" (keeps the connection, says nothing), "garbage" */
  answer?: "status" | "never" | "garbage";
  /** runs out of paper on its Nth label (1-based, counted from the printer's start) */
  paperOutAt?: number;
  /** the head is opened while it prints its Nth label */
  headOpenAt?: number;
  /** closes the connection that brings its Nth label (once) */
  dropAt?: number;
  /** ZPL: at a fault it drops the labels it has not printed (switched off and on to load paper) */
  clearsAtFault?: boolean;
  /** status queries are answered (with the state as it is then) only once this resolves */
  statusGate?: Promise<void>;
}

export interface FakePrinter {
  readonly port: number;
  /** what the next status query is told */
  readonly state: FakePrinterState;
  /** status queries answered so far */
  readonly queries: number;
  /** every label it printed, in order (each one page's commands) */
  readonly printed: Buffer[];
  /** ZPL: labels received during a fault, printed once it clears (dropped by `~JA`) */
  readonly held: Buffer[];
  /** ZPL: `~JA` (Cancel All) commands received */
  readonly cancels: number;
  /** resolves with the bytes of the next job that completes */
  nextJob(): Promise<Buffer>;
  /** called with each chunk as it arrives (timing in the bench) */
  onData?: (chunk: Buffer) => void;
  close(): Promise<void>;
}

/** TSPL's status byte for a state. */
export function tsplStatusByte(s: FakePrinterState): number {
  return (s.headOpen ? 0x01 : 0) | (s.paperOut ? 0x04 : 0) | (s.ribbonOut ? 0x08 : 0) | (s.paused ? 0x10 : 0);
}

/** ZPL's ~HS answer for a state (three STX…ETX frames, as a Zebra sends them). */
export function zplHostStatus(s: FakePrinterState, held = 0): string {
  const b = (v?: boolean) => (v ? "1" : "0");
  const formats = String(held).padStart(3, "0");
  const one = `030,${b(s.paperOut)},${b(s.paused)},1218,${formats},0,0,0,000,0,0,0`;
  const two = `001,0,${b(s.headOpen)},${b(s.ribbonOut)},0,2,4,0,${String(held).padStart(8, "0")},1,000`;
  return `\x02${one}\x03\r\n\x02${two}\x03\r\n\x021234,0\x03\r\n`;
}

/** ZPL's ~HQES answer for a state (Zebra's PRINTER STATUS frame; error flags group 1: 1 paper out,
 * 2 ribbon out, 4 head open, 0x1000 paper jam, 0x10000 paused). */
export function zplExtendedStatus(s: FakePrinterState): string {
  const bits =
    (s.paperOut ? 0x1 : 0) |
    (s.ribbonOut ? 0x2 : 0) |
    (s.headOpen ? 0x4 : 0) |
    (s.paperJam ? 0x1000 : 0) |
    (s.paused ? 0x10000 : 0);
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(8, "0");
  return (
    `\x02\r\n  PRINTER STATUS\r\n    ERRORS:         ${bits ? 1 : 0} 00000000 ${hex(bits)}\r\n` +
    "    WARNINGS:       0 00000000 00000000\r\n\x03\r\n"
  );
}

/** `keep: false` only counts bytes (the bench: memory must reflect the sender, not the printer). */
export async function startFakePrinter(opts: { keep?: boolean } = {}): Promise<FakePrinter> {
  const keep = opts.keep ?? true;
  const done: Buffer[] = [];
  const waiting: ((b: Buffer) => void)[] = [];
  const printer: {
    onData?: (chunk: Buffer) => void;
    state: FakePrinterState;
    queries: number;
    printed: Buffer[];
    held: Buffer[];
    cancels: number;
  } = { state: {}, queries: 0, printed: [], held: [], cancels: 0 };
  const faulted = () => !!(printer.state.paperOut || printer.state.headOpen || printer.state.paused);
  // a ZPL printer prints what it kept once the fault is gone
  const release = () => {
    if (faulted() || !printer.held.length) return;
    printer.printed.push(...printer.held);
    printer.held.length = 0;
  };
  const labels = (pages: Buffer[]) => pages.reduce((n, p) => n + pageCopies(p), 0);
  /** Prints the pages that arrived whole, copy by copy; false when it dropped the connection. */
  const printPages = (pages: Buffer[], sock: import("node:net").Socket, conn: { last?: Buffer }): boolean => {
    release();
    for (const got of pages) {
      const zpl = got[0] === 0x5e; // "^"
      const bare = !zpl && isBarePrint(got);
      if (bare && !conn.last) continue;
      const page = bare && conn.last ? Buffer.from(withCopies(conn.last, "TSPL", pageCopies(got))) : got;
      if (!zpl && !bare) conn.last = got;
      const copies = pageCopies(page);
      const before = labels(printer.printed) + labels(printer.held);
      let came = 0;
      for (; came < copies; came++) {
        const n = before + came + 1;
        if (came === 0 && n === printer.state.dropAt) {
          printer.state.dropAt = undefined;
          sock.destroy();
          return false;
        }
        if (n === printer.state.paperOutAt) {
          printer.state.paperOut = true;
          printer.state.paperOutAt = undefined;
        }
        if (n === printer.state.headOpenAt) {
          printer.state.headOpen = true;
          printer.state.headOpenAt = undefined;
        }
        if (faulted()) break;
      }
      const lang = zpl ? "ZPL" : "TSPL";
      if (came === copies) printer.printed.push(page);
      else if (came > 0) printer.printed.push(Buffer.from(withCopies(page, lang, came)));
      if (came < copies && zpl && !printer.state.clearsAtFault)
        printer.held.push(came === 0 ? page : Buffer.from(withCopies(page, lang, copies - came)));
    }
    return true;
  };
  const open = new Set<import("node:net").Socket>();
  const server: Server = createServer((sock) => {
    open.add(sock);
    sock.on("close", () => open.delete(sock));
    const parts: Buffer[] = [];
    let length = 0;
    let query = false;
    let pending = Buffer.alloc(0);
    const conn: { last?: Buffer } = {};
    sock.on("data", (c) => {
      const head = c.subarray(0, 3).toString("latin1");
      const statusQuery = head === "\x1b!?" || head === "~HS" || head === "~HQ";
      if (length === 0 && c.subarray(0, 9).toString("latin1") === "! U1 getv") {
        query = true;
        release();
        const how = printer.state.answer ?? "status";
        const count = printer.printed.reduce((n, p) => n + pageCopies(p), 1000);
        if (how === "status") sock.end(`"${count}"`);
        else if (how === "garbage") sock.end("\xff\xfe");
        return;
      }
      if (length === 0 && head === "~JA") {
        // Cancel All: the formats it holds are dropped, not printed when the fault clears
        query = true;
        printer.cancels++;
        printer.held.length = 0;
        sock.end();
        return;
      }
      if (length === 0 && statusQuery) {
        query = true;
        printer.queries++;
        release();
        const answer = () => {
          const how = printer.state.answer ?? "status";
          if (how === "garbage") sock.end(Buffer.from("\xff\xfeHELLO\x00garbage\x07".repeat(4), "latin1"));
          else if (how === "status" && c[0] === 0x1b) sock.end(Buffer.from([tsplStatusByte(printer.state)]));
          else if (how === "status") {
            // ZPL: each query it was asked and knows, answered in turn
            const asked = c.toString("latin1");
            const extended = asked.includes("~HQES") && printer.state.hqes !== false;
            sock.end(
              (extended ? zplExtendedStatus(printer.state) : "") +
                (asked.includes("~HS") ? zplHostStatus(printer.state, printer.held.length) : ""),
            );
          }
        };
        if (printer.state.statusGate) void printer.state.statusGate.then(answer);
        else answer();
        length += c.length;
        return;
      }
      length += c.length;
      if (keep) {
        parts.push(c);
        pending = Buffer.concat([pending, c]);
        const { pages, used } = takePages(pending);
        pending = pending.subarray(used);
        if (!printPages(pages, sock, conn)) return;
      }
      printer.onData?.(c);
    });
    sock.on("end", () => {
      if (query) return;
      const job = keep ? Buffer.concat(parts) : Buffer.alloc(0);
      if (!keep) Object.assign(job, { received: length });
      const w = waiting.shift();
      if (w) w(job);
      else done.push(job);
      sock.end();
    });
    sock.on("error", () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const port = (server.address() as { port: number }).port;
  return Object.assign(printer, {
    port,
    nextJob: () => {
      const j = done.shift();
      return j ? Promise.resolve(j) : new Promise<Buffer>((r) => waiting.push(r));
    },
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        // a silent status connection would keep the server open
        for (const s of open) if (!s.readableEnded) s.destroy();
      }),
  });
}
