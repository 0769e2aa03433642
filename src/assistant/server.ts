// The assistant's WebSocket server: loopback only by default, one JSON request per message.
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";
import type { FontRegistry } from "../render/fonts";
import type { AssistantConfig } from "./config";
import { listCupsPrinters } from "./cups";
import { PrintService } from "./printing";
import { parseRequest, type Reply, RequestError } from "./protocol";

export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

export interface RunningAssistant {
  readonly port: number;
  readonly service: PrintService;
  close(): Promise<void>;
}

export interface AssistantDeps {
  readonly listCups?: () => Promise<string[]>;
  readonly fonts?: FontRegistry;
  readonly log?: (line: string) => void;
}

function originAllowed(config: AssistantConfig, req: IncomingMessage): boolean {
  if (!config.origins.length) return true;
  const origin = req.headers.origin;
  return !origin || config.origins.includes(origin);
}

async function answer(service: PrintService, raw: string): Promise<Reply> {
  let cmd = "";
  let id: unknown;
  let lang: "en" | "zh" | "pt" | "es" | "ru" = "en";
  try {
    const req = parseRequest(raw);
    ({ cmd, id, lang } = req);
    if (req.cmd === "getComputerPrinters") {
      return { code: 200, cmd, id, data: await service.printers() };
    }
    const result = await service.print(req);
    return { code: 200, cmd, id, data: result };
  } catch (e) {
    if (!cmd) {
      try {
        const o = JSON.parse(raw) as Record<string, unknown>;
        cmd = typeof o?.cmd === "string" ? o.cmd : "";
        id = o?.id;
      } catch {
        // not JSON: reply without cmd/id
      }
    }
    const msg = e instanceof RequestError ? e.text(lang) : String((e as Error)?.message ?? e);
    return { code: e instanceof RequestError && e.key === "tip.tip84" ? 400 : 500, cmd, id, msg };
  }
}

export function startAssistant(config: AssistantConfig, deps: AssistantDeps = {}): Promise<RunningAssistant> {
  const service = new PrintService(config, deps.listCups ?? listCupsPrinters, deps.fonts);
  const log = deps.log ?? (() => undefined);
  const wss = new WebSocketServer({
    host: config.host,
    port: config.port,
    maxPayload: MAX_MESSAGE_BYTES,
    verifyClient: (info: { req: IncomingMessage }) => originAllowed(config, info.req),
  });
  wss.on("connection", (ws: WebSocket) => {
    ws.on("message", (data, isBinary) => {
      if (isBinary) return;
      const raw = data.toString();
      void answer(service, raw).then((reply) => {
        log(`${reply.cmd || "?"} → ${reply.code}${reply.msg ? ` ${reply.msg}` : ""}`);
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(reply));
      });
    });
  });
  return new Promise((resolve, reject) => {
    wss.once("error", reject);
    wss.once("listening", () => {
      wss.off("error", reject);
      const port = (wss.address() as AddressInfo).port;
      resolve({
        port,
        service,
        close: () =>
          new Promise<void>((done) => {
            for (const c of wss.clients) c.terminate();
            wss.close(() => done());
          }),
      });
    });
  });
}
