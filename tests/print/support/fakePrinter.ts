// A fake network label printer: a TCP server on 127.0.0.1 (random port) that records each job
// (everything one connection sent until it closed), like a printer on raw port 9100.
import { createServer, type Server } from "node:net";

export interface FakePrinter {
  readonly port: number;
  /** resolves with the bytes of the next job that completes */
  nextJob(): Promise<Buffer>;
  /** called with each chunk as it arrives (timing in the bench) */
  onData?: (chunk: Buffer) => void;
  close(): Promise<void>;
}

/** `keep: false` only counts bytes (the bench: memory must reflect the sender, not the printer). */
export async function startFakePrinter(opts: { keep?: boolean } = {}): Promise<FakePrinter> {
  const keep = opts.keep ?? true;
  const done: Buffer[] = [];
  const waiting: ((b: Buffer) => void)[] = [];
  const printer: { onData?: (chunk: Buffer) => void } = {};
  const server: Server = createServer((sock) => {
    const parts: Buffer[] = [];
    let length = 0;
    sock.on("data", (c) => {
      length += c.length;
      if (keep) parts.push(c);
      printer.onData?.(c);
    });
    sock.on("end", () => {
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
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
}
