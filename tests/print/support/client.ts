// A WebSocket client speaking to the assistant like the print dialog does.
import WebSocket from "ws";

export async function connect(
  port: number,
  /** a browser page's origin, and the path (the pairing socket is /pair) */
  opts: { origin?: string; path?: string } = {},
): Promise<{
  request: (msg: Record<string, unknown>) => Promise<Record<string, unknown>>;
  close: () => void;
}> {
  const ws = new WebSocket(
    `ws://127.0.0.1:${port}${opts.path ?? ""}`,
    opts.origin ? { origin: opts.origin } : {},
  );
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  let next = 1;
  const pending = new Map<unknown, (r: Record<string, unknown>) => void>();
  ws.on("message", (d) => {
    const r = JSON.parse(d.toString());
    pending.get(r.id)?.(r);
    pending.delete(r.id);
  });
  return {
    request: (msg) =>
      new Promise((resolve) => {
        const id = next++;
        pending.set(id, resolve);
        ws.send(JSON.stringify({ ...msg, id }));
      }),
    close: () => ws.close(),
  };
}
