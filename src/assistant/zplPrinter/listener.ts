// The assistant as a virtual ZPL printer: a TCP listener that takes raw ZPL as a network label
// printer does on port 9100 (what carrier and ERP software sends), answers ~HS as a ready printer,
// and hands each connection's bytes to `runZplJob` once the sender closes its side or goes quiet.
// Jobs run one after another. Bounds: the job's size (ZPL_MAX_BYTES: the connection is closed
// past it), the connection's idle and total time, the connections open at once; any failure is
// one log line and the listener carries on.
import { createServer, type Server, type Socket } from "node:net";
import type { FontRegistry } from "../../render/fonts";
import { ZPL_MAX_BYTES } from "../../zpl/limits";
import type { PrintService } from "../printing";
import { runZplJob, type ZplJobResult } from "./job";
import { ZplMemory } from "./memory";
import { PrinterQueries } from "./queries";
import type { ZplPrinterSettings } from "./settings";

/** a sender quiet this long has sent its job (senders that keep the connection open) */
export const ZPL_IDLE_MS = 3_000;
/** a connection is closed after this long, its job taken as it is */
export const ZPL_CONNECTION_MS = 60_000;
/** connections open at once; more are closed at once */
export const ZPL_MAX_CONNECTIONS = 8;

export interface ZplPrinterDeps {
  readonly service?: PrintService;
  readonly fonts?: FontRegistry;
  /** the web app whose fonts are fetched when this computer has none */
  readonly origin?: string;
  readonly log?: (line: string) => void;
  /** each finished job, or its failure (tests wait on these) */
  readonly onJob?: (r: ZplJobResult | Error) => void;
  readonly idleMs?: number;
  readonly connectionMs?: number;
}

export interface RunningZplPrinter {
  readonly port: number;
  close(): Promise<void>;
}

/** A ZPL command at the start of a format: the bytes hold something to print, not only queries. */
const hasFormat = (b: Uint8Array) => {
  for (let i = 0; i + 2 < b.length; i++)
    if ((b[i] === 0x5e || b[i] === 0x7e) && (b[i + 1] | 0x20) === 0x78 && (b[i + 2] | 0x20) === 0x61)
      return true;
  return false;
};

export function startZplPrinter(
  settings: ZplPrinterSettings,
  deps: ZplPrinterDeps = {},
): Promise<RunningZplPrinter> {
  const log = deps.log ?? (() => {});
  const idleMs = deps.idleMs ?? ZPL_IDLE_MS;
  const connectionMs = deps.connectionMs ?? ZPL_CONNECTION_MS;
  const sockets = new Set<Socket>();
  let queue: Promise<unknown> = Promise.resolve();
  let jobs = 0;
  // what the jobs stored (^DF, ~DG, ~DY), for the jobs after them, as long as the printer runs
  const memory = new ZplMemory();

  const submit = (bytes: Uint8Array, from: string) => {
    const n = ++jobs;
    queue = queue
      .then(() =>
        runZplJob(bytes, settings, {
          service: deps.service,
          fonts: deps.fonts,
          origin: deps.origin,
          jobNumber: n,
          memory,
        }),
      )
      .then(
        (r) => {
          const where = r.file ? `saved to ${r.file}` : `printed on ${settings.printer}`;
          log(
            `ZPL job ${n} from ${from}: ${r.labels} label(s) ${where}${r.unknown ? `; not drawn: ${r.unknown}` : ""}`,
          );
          deps.onJob?.(r);
        },
        (e: unknown) => {
          const err = e instanceof Error ? e : new Error(String(e));
          log(`ZPL job ${n} from ${from} failed: ${err.message}`);
          deps.onJob?.(err);
        },
      );
  };

  const accept = (sock: Socket) => {
    const from = `${sock.remoteAddress ?? "?"}:${sock.remotePort ?? "?"}`;
    if (sockets.size >= ZPL_MAX_CONNECTIONS) {
      log(`ZPL connection from ${from} refused: ${ZPL_MAX_CONNECTIONS} already open`);
      sock.destroy();
      return;
    }
    sockets.add(sock);
    const chunks: Buffer[] = [];
    let size = 0;
    const queries = new PrinterQueries(settings.dpi);
    let done = false;
    const finish = (why: "end" | "idle" | "time") => {
      if (done) return;
      done = true;
      clearTimeout(lifetime);
      const bytes = new Uint8Array(Buffer.concat(chunks));
      chunks.length = 0;
      if (hasFormat(bytes)) submit(bytes, from);
      else if (bytes.length && !queries.count)
        log(`ZPL connection from ${from}: ${bytes.length} bytes without a label (^XA) ignored`);
      if (why === "end") sock.end();
      else sock.destroy();
    };
    const lifetime = setTimeout(() => {
      log(`ZPL connection from ${from} open for ${connectionMs / 1000} s: closed, its job taken as it is`);
      finish("time");
    }, connectionMs);
    sock.setTimeout(idleMs, () => finish("idle"));
    sock.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > ZPL_MAX_BYTES) {
        done = true;
        clearTimeout(lifetime);
        chunks.length = 0;
        const err = new Error(
          `more than ${ZPL_MAX_BYTES / 1024 / 1024} MB: connection closed, nothing printed`,
        );
        log(`ZPL job from ${from} refused: ${err.message}`);
        deps.onJob?.(err);
        sock.destroy();
        return;
      }
      chunks.push(chunk);
      // the questions (~HS, ~HI, ~HQES, SGD getvar) are answered at once: senders wait for the
      // answer before they send the label
      for (const answer of queries.feed(chunk)) sock.write(answer);
    });
    sock.on("end", () => finish("end"));
    sock.on("error", () => finish("idle"));
    sock.on("close", () => {
      sockets.delete(sock);
      finish("idle");
    });
  };

  const server: Server = createServer({ allowHalfOpen: true }, accept);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(settings.port, settings.host, () => {
      server.off("error", reject);
      server.on("error", (e) => log(`ZPL printer: ${e.message}`));
      const addr = server.address();
      const port = typeof addr === "object" && addr ? addr.port : settings.port;
      resolve({
        port,
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => void queue.then(() => done()));
          }),
      });
    });
  });
}
