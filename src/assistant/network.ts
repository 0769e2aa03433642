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
