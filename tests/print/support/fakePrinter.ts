// A fake network label printer: a TCP server on 127.0.0.1 (random port) that records each job
// (everything one connection sent until it closed), like a printer on raw port 9100. It answers
// status queries (TSPL `<ESC>!?`, ZPL `~HS`) from `state` on their own connections, which are not
// jobs; `state.answer` makes it silent or answer garbage.
import { createServer, type Server } from "node:net";

export interface FakePrinterState {
  paperOut?: boolean;
  headOpen?: boolean;
  ribbonOut?: boolean;
  paused?: boolean;
  /** "status" (default), "never" (keeps the connection, says nothing), "garbage" */
  answer?: "status" | "never" | "garbage";
}

export interface FakePrinter {
  readonly port: number;
  /** what the next status query is told */
  readonly state: FakePrinterState;
  /** status queries answered so far */
  readonly queries: number;
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
export function zplHostStatus(s: FakePrinterState): string {
  const b = (v?: boolean) => (v ? "1" : "0");
  const one = `030,${b(s.paperOut)},${b(s.paused)},1218,000,0,0,0,000,0,0,0`;
  const two = `001,0,${b(s.headOpen)},${b(s.ribbonOut)},0,2,4,0,00000000,1,000`;
  return `\x02${one}\x03\r\n\x02${two}\x03\r\n\x021234,0\x03\r\n`;
}

/** `keep: false` only counts bytes (the bench: memory must reflect the sender, not the printer). */
export async function startFakePrinter(opts: { keep?: boolean } = {}): Promise<FakePrinter> {
  const keep = opts.keep ?? true;
  const done: Buffer[] = [];
  const waiting: ((b: Buffer) => void)[] = [];
  const printer: { onData?: (chunk: Buffer) => void; state: FakePrinterState; queries: number } = {
    state: {},
    queries: 0,
  };
  const open = new Set<import("node:net").Socket>();
  const server: Server = createServer((sock) => {
    open.add(sock);
    sock.on("close", () => open.delete(sock));
    const parts: Buffer[] = [];
    let length = 0;
    let query = false;
    sock.on("data", (c) => {
      if (
        length === 0 &&
        (c.subarray(0, 3).toString("latin1") === "\x1b!?" || c.subarray(0, 3).toString() === "~HS")
      ) {
        query = true;
        printer.queries++;
        const how = printer.state.answer ?? "status";
        if (how === "garbage") sock.end(Buffer.from("\xff\xfeHELLO\x00garbage\x07".repeat(4), "latin1"));
        else if (how === "status")
          sock.end(
            c[0] === 0x1b ? Buffer.from([tsplStatusByte(printer.state)]) : zplHostStatus(printer.state),
          );
        length += c.length;
        return;
      }
      length += c.length;
      if (keep) parts.push(c);
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
