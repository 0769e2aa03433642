// The browser side of the local print assistant (ws://127.0.0.1:9004): one request per message,
// replies matched by id; any code other than 200 is an error. A closed or failed link rejects.
import { ASSISTANT_PORT } from "../../model/constants";
import type { RecordChoice } from "../../print/plan";

export const ASSISTANT_URL = `ws://127.0.0.1:${ASSISTANT_PORT}`;
/** localStorage key overriding the assistant's address (another port, or tests) */
export const ASSISTANT_URL_KEY = "inkless.assistantUrl";

function configuredUrl(): string {
  try {
    const v = globalThis.localStorage?.getItem(ASSISTANT_URL_KEY) ?? "";
    return /^wss?:\/\/[^\s]+$/.test(v) ? v : ASSISTANT_URL;
  } catch {
    return ASSISTANT_URL;
  }
}
const TIMEOUT_MS = 10 * 60 * 1000;

export interface AssistantPrinter {
  readonly name: string;
  readonly kind: "network" | "cups";
  readonly language?: string;
  readonly dpi?: number;
}

export class AssistantError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

type Reply = { code: number; id?: number; data?: unknown; msg?: string };

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
    if (reply.code !== 200) throw new AssistantError(reply.code, reply.msg ?? "");
    return reply.data;
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
    background: boolean;
    lang: string;
  }): Promise<unknown> {
    return this.request({ cmd: "outputPrintting", ...job });
  }

  close(): void {
    this.ws?.close();
    this.ws = null;
  }
}
