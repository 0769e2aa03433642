// Raw TCP printing (port 9100, "JetDirect"): the job's chunks are written as they are produced,
// waiting for the socket to drain, so a long job never piles up in memory.
import { connect, type Socket } from "node:net";

const CONNECT_TIMEOUT_MS = 10_000;

function open(host: string, port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect({ host, port });
    const timer = setTimeout(
      () => s.destroy(new Error(`timeout connecting to ${host}:${port}`)),
      CONNECT_TIMEOUT_MS,
    );
    s.once("connect", () => {
      clearTimeout(timer);
      resolve(s);
    });
    s.once("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

function write(s: Socket, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (e: Error) => reject(e);
    s.once("error", onError);
    const flushed = s.write(chunk, () => {
      s.off("error", onError);
      if (flushed) resolve();
    });
    if (!flushed) s.once("drain", () => resolve());
  });
}

/** A raw connection the print queue writes one label at a time; `lost` once the printer closed it
 * or it failed (a label written before may not have arrived). */
export class RawConnection {
  private gone = false;
  private constructor(private readonly s: Socket) {
    const lost = () => {
      this.gone = true;
    };
    s.on("error", lost);
    s.on("close", lost);
    s.on("end", lost);
  }

  static async open(host: string, port: number): Promise<RawConnection> {
    return new RawConnection(await open(host, port));
  }

  get lost(): boolean {
    return this.gone || this.s.destroyed;
  }

  write(chunk: Uint8Array): Promise<void> {
    if (this.lost) return Promise.reject(new Error("connection closed"));
    return write(this.s, chunk);
  }

  /** Ends the connection once everything written went out (never throws). */
  async end(): Promise<void> {
    if (!this.lost)
      await new Promise<void>((resolve) => {
        this.s.once("error", () => resolve());
        this.s.end(() => resolve());
      });
    this.s.destroy();
  }
}

/** Sends every chunk of `job` to host:port; resolves with the byte count once the socket closed. */
export async function sendRaw(host: string, port: number, job: AsyncIterable<Uint8Array>): Promise<number> {
  const s = await open(host, port);
  let bytes = 0;
  try {
    for await (const chunk of job) {
      await write(s, chunk);
      bytes += chunk.length;
    }
    await new Promise<void>((resolve, reject) => {
      s.once("error", reject);
      s.end(() => resolve());
    });
    return bytes;
  } finally {
    s.destroy();
  }
}
