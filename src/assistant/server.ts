// The assistant's WebSocket server: loopback only by default, one JSON request per message.
// Defences (docs/security.md): browsers from origins outside the allow-list get 403 at the HTTP
// upgrade; a connection's errors (oversized frames, bad frames) end that connection only; messages
// are capped at MAX_MESSAGE_BYTES; at most MAX_CLIENTS connections and MAX_PENDING requests per
// connection at once (more: 503 at the upgrade / an error answer).
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";
import { TIP } from "../i18n/tips";
import type { FontRegistry } from "../render/fonts";
import type { AssistantConfig } from "./config";
import { listCupsPrinters } from "./cups";
import { PrintService } from "./printing";
import { parseRequest, type Reply, RequestError } from "./protocol";

/** One message: the label XML (embedded images included) plus the workbooks it prints from. A
 * 100,000-row × 5-column sheet of 20-character cells is ~13 MB of JSON (measured in
 * tests/print/assistantHostile.test.ts), so 32 MiB leaves room for the label's images. */
export const MAX_MESSAGE_BYTES = 32 * 1024 * 1024;
/** Connections served at once; the print dialog keeps one per open editor. */
export const MAX_CLIENTS = 32;
/** Requests of one connection waiting for their answer at once. */
export const MAX_PENDING = 8;

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

/** Browsers always send Origin: only the configured web app's pages may connect. A client without
 * an Origin is a program on this computer, which could reach the printers directly anyway. */
export function originAllowed(origins: readonly string[], origin: string | undefined): boolean {
  return origin === undefined || origins.includes(origin);
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
    return { code: e instanceof RequestError && e.key === TIP.choosePrinter ? 400 : 500, cmd, id, msg };
  }
}

export function startAssistant(config: AssistantConfig, deps: AssistantDeps = {}): Promise<RunningAssistant> {
  const service = new PrintService(config, deps.listCups ?? listCupsPrinters, deps.fonts);
  const log = deps.log ?? (() => undefined);
  const wss = new WebSocketServer({
    host: config.host,
    port: config.port,
    maxPayload: MAX_MESSAGE_BYTES,
    verifyClient: (
      info: { req: IncomingMessage },
      done: (ok: boolean, status?: number, message?: string) => void,
    ) => {
      const origin = info.req.headers.origin;
      if (!originAllowed(config.origins, origin)) {
        log(`refused a connection from ${String(origin).slice(0, 200)}`);
        return done(false, 403, "Forbidden");
      }
      if (wss.clients.size >= MAX_CLIENTS) return done(false, 503, "Too many connections");
      done(true);
    },
  });
  wss.on("error", (e) => log(`server error: ${e.message}`));
  wss.on("connection", (ws: WebSocket) => {
    let pending = 0;
    // a bad or oversized frame closes this connection (1009/1002); nobody else notices
    ws.on("error", (e) => log(`connection closed: ${e.message}`));
    ws.on("message", (data, isBinary) => {
      const raw = isBinary ? "" : data.toString();
      const reply =
        pending >= MAX_PENDING
          ? Promise.resolve<Reply>({
              code: 429,
              cmd: "",
              msg: new RequestError("print.assistant.busy").text("en"),
            })
          : answer(service, raw);
      pending++;
      void reply.then((r) => {
        pending--;
        log(`${r.cmd || "?"} → ${r.code}${r.msg ? ` ${r.msg}` : ""}`);
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(r));
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
