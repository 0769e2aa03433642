// The browser side of the local print assistant (ws://127.0.0.1:9004): one request per message,
// replies matched by id; any code other than 200 is an error. A closed or failed link rejects.
// An unpaired page is refused at the main socket and pairs on /pair (assistantLink, pair).

import { ASSISTANT_PORT } from "../../model/constants";
import type { RecordChoice } from "../../print/plan";
import type { PrinterInfo } from "../../print/protocol/printers";
import type { JobSettings } from "../../print/settings";

export const ASSISTANT_URL = `ws://127.0.0.1:${ASSISTANT_PORT}`;
/** localStorage key overriding the assistant's address (another port, or tests) */
export const ASSISTANT_URL_KEY = "inkless.assistantUrl";
/** the assistant's pairing socket (src/assistant/server.ts PAIR_PATH) */
const PAIR_PATH = "/pair";

function configuredUrl(): string {
  try {
    const v = globalThis.localStorage?.getItem(ASSISTANT_URL_KEY) ?? "";
    return /^wss?:\/\/[^\s]+$/.test(v) ? v : ASSISTANT_URL;
  } catch {
    return ASSISTANT_URL;
  }
}
const TIMEOUT_MS = 10 * 60 * 1000;

/** A printer as getComputerPrinters lists it (the assistant's own type). */
export type AssistantPrinter = PrinterInfo;

export class AssistantError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** the assistant's message key, when it gave one (e.g. print.queue.paused) */
    readonly key?: string,
    /** a paused print's job in the assistant's queue */
    readonly job?: string,
  ) {
    super(message);
  }
}

/** The assistant's queue job an error answer names (a job paused, or cancelled, part-way), or null. */
export const queuedJobOf = (err: unknown): string | null =>
  err instanceof AssistantError && err.job ? err.job : null;

type Reply = { code: number; id?: number; data?: unknown; msg?: string; key?: string; job?: string };

export class AssistantClient {
  private ws: WebSocket | null = null;
  private next = 1;
  private readonly pending = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();

  constructor(private readonly url = configuredUrl()) {}

  private open(): Promise<WebSocket> {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) return Promise.resolve(this.ws);
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.url);
      ws.onopen = () => {
        this.ws = ws;
        resolve(ws);
      };
      ws.onerror = () => reject(new AssistantError(0, "connect"));
      ws.onclose = () => {
        this.ws = null;
        for (const p of this.pending.values()) p.reject(new AssistantError(0, "closed"));
        this.pending.clear();
        reject(new AssistantError(0, "closed"));
      };
      ws.onmessage = (e) => {
        let r: Reply;
        try {
          r = JSON.parse(String(e.data));
        } catch {
          return;
        }
        const p = typeof r.id === "number" ? this.pending.get(r.id) : undefined;
        if (!p) return;
        this.pending.delete(r.id as number);
        p.resolve(r);
      };
    });
  }

  private async request(msg: Record<string, unknown>): Promise<unknown> {
    const ws = await this.open();
    const id = this.next++;
    const reply = await new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new AssistantError(0, "timeout"));
      }, TIMEOUT_MS);
      this.pending.set(id, {
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      ws.send(JSON.stringify({ ...msg, id }));
    });
    if (reply.code !== 200) throw new AssistantError(reply.code, reply.msg ?? "", reply.key, reply.job);
    return reply.data;
  }

  /** The same assistant's pairing socket. */
  pairing(): AssistantClient {
    return new AssistantClient(`${this.url.replace(/\/+$/, "")}${PAIR_PATH}`);
  }

  /** Pairs this page with the assistant with the code it shows; rejects (code 403) on a wrong one. */
  async pair(code: string, lang: string): Promise<void> {
    const p = this.pairing();
    try {
      await p.request({ cmd: "pair", code, lang });
    } finally {
      p.close();
    }
  }

  /** Whether the assistant runs but this page is not paired with it (false: paired, or not running). */
  async needsPairing(): Promise<boolean> {
    return (await this.pairingStatus())?.paired === false;
  }

  /** The pairing socket's status: whether this page is paired, and whether the person at the
   * assistant must allow it after the code (false: started with --no-confirm); null when it does
   * not answer. An assistant that does not say is taken to ask. */
  async pairingStatus(): Promise<{ paired: boolean; confirm: boolean } | null> {
    const p = this.pairing();
    try {
      const data = (await p.request({ cmd: "status" })) as
        | { paired?: unknown; confirm?: unknown }
        | undefined;
      if (typeof data?.paired !== "boolean") return null;
      return { paired: data.paired, confirm: data.confirm !== false };
    } catch {
      return null;
    } finally {
      p.close();
    }
  }

  /** Sends any command of the assistant's protocol (the printers page's management commands). */
  command(cmd: string, args: Record<string, unknown> = {}): Promise<unknown> {
    return this.request({ ...args, cmd });
  }

  async printers(lang: string): Promise<AssistantPrinter[]> {
    const data = await this.request({ cmd: "getComputerPrinters", lang });
    return Array.isArray(data) ? (data as AssistantPrinter[]) : [];
  }

  async print(job: {
    printer: string;
    xml: string;
    copies: number;
    records: readonly RecordChoice[];
    sheets: Record<string, unknown>;
    /** the job's counter numbers by counter id, one per record index (jobNumbers.ts) */
    counters?: Record<string, readonly string[]>;
    background: boolean;
    /** darkness and speed for this job (a network label printer) */
    settings?: JobSettings;
    lang: string;
  }): Promise<unknown> {
    return this.request({ cmd: "outputPrintting", ...job });
  }

  close(): void {
    this.ws?.close();
    this.ws = null;
  }
}

/** How often and how long a paused job is watched (it goes on when the printer is ready). */
const WATCH_MS = 2000;
const WATCH_FOR_MS = 12 * 60 * 60 * 1000;

/** How a job of the assistant's queue ended: its state, the pages it printed and the copies of the
 * next page a fault stopped part-way (src/print/protocol/queue.ts JobProgress). */
export interface QueueJobEnd {
  readonly state: "done" | "cancelled" | "failed";
  readonly printed: number;
  readonly copiesDone: number;
}

const count = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : 0);

/**
 * Watches a job of the assistant's queue until it ends (done, cancelled or failed); null when it
 * could not be followed to its end (the job left the queue unseen, or the watch gave up). Errors of
 * the link are retried: the assistant may be restarting.
 */
export async function queueJobFinal(
  client: AssistantClient,
  printer: string,
  job: string,
  sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
): Promise<QueueJobEnd | null> {
  for (let waited = 0; waited < WATCH_FOR_MS; waited += WATCH_MS) {
    try {
      const data = (await client.command("queueList", { printer })) as {
        jobs?: { id?: unknown; state?: unknown; printed?: unknown; copiesDone?: unknown }[];
      };
      const j = data?.jobs?.find((x) => x.id === job);
      if (!j) return null;
      if (j.state === "done" || j.state === "cancelled" || j.state === "failed")
        return { state: j.state, printed: count(j.printed), copiesDone: count(j.copiesDone) };
    } catch {
      // the link dropped: asked again at the next turn
    }
    await sleep(WATCH_MS);
  }
  return null;
}

/** Whether a queued job printed: true when done, false when cancelled or failed, null when unknown. */
export async function queueJobEnd(
  client: AssistantClient,
  printer: string,
  job: string,
  sleep?: (ms: number) => Promise<void>,
): Promise<boolean | null> {
  const end = await queueJobFinal(client, printer, job, sleep);
  return end === null ? null : end.state === "done";
}

/** The printers, or why there are none: not running, not paired with this page, or an error answer. */
export async function assistantLink(
  client: AssistantClient,
  lang: string,
): Promise<{ link: "ok" | "down" | "unpaired" | "failed"; printers: AssistantPrinter[] }> {
  try {
    return { link: "ok", printers: await client.printers(lang) };
  } catch (e) {
    if (e instanceof AssistantError && e.code !== 0) return { link: "failed", printers: [] };
    return { link: (await client.needsPairing()) ? "unpaired" : "down", printers: [] };
  }
}
