// The assistant's WebSocket server: loopback only by default, one JSON request per message.
// Defences (docs/security.md): browsers from origins neither in the allow-list nor paired get 403
// at the HTTP upgrade; they may only open PAIR_PATH, which answers `status` and `pair` (the code
// the assistant shows, slowed and capped by Pairing, then confirmed by the person at the assistant)
// and nothing else; a connection's errors (oversized frames, bad frames) end that connection only;
// messages are capped at MAX_MESSAGE_BYTES; at most MAX_CLIENTS main connections, MAX_PAIR_CLIENTS
// pairing ones (MAX_PAIR_PER_ORIGIN per origin; the trusted origins always get theirs) and
// MAX_PENDING requests per connection at once (more: 503 at the upgrade / an error answer).
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";
import { isLanguage, translate } from "../i18n/messages";
import { TIP } from "../i18n/tips";
import { APP_VERSION } from "../model/version";
import { formatPairCode } from "../print/protocol/pairCode";
import type { FontRegistry } from "../render/fonts";
import { type AssistantConfig, normalOrigin } from "./config";
import { listCupsPrinters } from "./cups";
import { discoverPrinters } from "./discover";
import { throttledLog } from "./logThrottle";
import { type AssistantInfo, isManageCommand, type ManageDeps, manage } from "./manage";
import { Pairing } from "./pairing";
import { PrintService } from "./printing";
import { parseRequest, type Reply, RequestError } from "./protocol";
import { Slots } from "./slots";
import { AssistantStore } from "./store";

/** One message: the label XML (embedded images included) plus the workbooks it prints from. A
 * 100,000-row × 5-column sheet of 20-character cells is ~13 MB of JSON (measured in
 * tests/print/assistantHostile.test.ts), so 32 MiB leaves room for the label's images. */
export const MAX_MESSAGE_BYTES = 32 * 1024 * 1024;
/** Main connections served at once; the print dialog keeps one per open editor. Pairing
 * connections are counted apart, so pages that may only pair cannot take these. */
export const MAX_CLIENTS = 32;
/** Pairing connections at once, in total and per origin (the app opens one at a time). */
export const MAX_PAIR_CLIENTS = 8;
export const MAX_PAIR_PER_ORIGIN = 2;
/** How long the person at the assistant has to answer "allow?" (then: refused). */
export const CONFIRM_TIMEOUT_MS = 2 * 60_000;
/** Requests of one connection waiting for their answer at once. */
export const MAX_PENDING = 8;
/** A pairing connection with no message (and no answer pending) for this long is closed, so pages
 * cannot hold the shared pairing slots. */
export const PAIR_IDLE_MS = 60_000;
/** The one path an unpaired web page may open: to ask whether it is paired, and to pair. */
export const PAIR_PATH = "/pair";

export interface RunningAssistant {
  readonly port: number;
  readonly service: PrintService;
  readonly store: AssistantStore;
  readonly pairing: Pairing;
  close(): Promise<void>;
}

export interface AssistantDeps {
  readonly listCups?: () => Promise<string[]>;
  readonly fonts?: FontRegistry;
  readonly log?: (line: string) => void;
  /** the settings file that keeps paired origins and printers added from the app (null: memory) */
  readonly settingsFile?: string | null;
  /** shows each new pairing code and when it expires (default: the log) */
  readonly showPairCode?: (code: string, expiresAt: number) => void;
  /** told when too many wrong codes locked pairing (default: the log) */
  readonly pairingLocked?: () => void;
  /** asks the person at the assistant whether `origin` may print (its terminal); null or absent:
   * nobody can answer, so no page pairs (main.ts: the terminal, or --no-confirm: always yes) */
  readonly confirmPairing?: ((origin: string) => Promise<boolean>) | null;
  /** --no-confirm: the code alone pairs (confirmPairing always says yes), so the pairing status
   * tells the page that nobody will be asked (its pairing box then says no "answer y") */
  readonly pairByCode?: boolean;
  /** the clock of pairing (tests simulate hours with it) */
  readonly now?: () => number;
  /** the LAN search of discoverPrinters (default: the real one on port 9100) */
  readonly discover?: () => Promise<unknown>;
  /** what getAssistantInfo answers (default: the version, no cloud device) */
  readonly info?: () => AssistantInfo;
  /** starts a timer and answers its cancel (default: setTimeout; tests fire them by hand) */
  readonly setTimer?: (fire: () => void, ms: number) => () => void;
  /** the print queue's folder (null or absent: jobs live in memory) and how often it asks a
   * printer while a page prints and while it has a fault (ms) */
  readonly queueDir?: string | null;
  readonly queuePollMs?: number;
  readonly faultPollMs?: number;
}

const realTimer = (fire: () => void, ms: number) => {
  const t = setTimeout(fire, ms);
  return () => clearTimeout(t);
};

/** Browsers always send Origin: only the configured web app's pages may connect. A client without
 * an Origin is a program on this computer, which could reach the printers directly anyway. */
export function originAllowed(origins: readonly string[], origin: string | undefined): boolean {
  return origin === undefined || origins.includes(origin);
}

/** One run at a time: callers during a run share its answer (one LAN search, however many ask). */
function once<T>(fn: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= fn().finally(() => {
      running = null;
    });
    return running;
  };
}

/** The message as a JSON object, or null. */
function messageObject(raw: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(raw);
    return v && typeof v === "object" && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

/** Asks the person at the assistant, one site at a time; no answer in time is a no. */
class Confirmer {
  private asking = false;
  constructor(
    private readonly ask: ((origin: string) => Promise<boolean>) | null | undefined,
    /** the code alone pairs (--no-confirm): nobody is asked */
    readonly byCode = false,
  ) {}

  /** false: nobody can answer (a service started without --no-confirm) */
  get available(): boolean {
    return !!this.ask;
  }

  get busy(): boolean {
    return this.asking;
  }

  async confirm(origin: string): Promise<boolean> {
    if (!this.ask || this.asking) return false;
    this.asking = true;
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<boolean>((r) => {
        timer = setTimeout(() => r(false), CONFIRM_TIMEOUT_MS);
      });
      return await Promise.race([this.ask(origin).catch(() => false), timeout]);
    } finally {
      clearTimeout(timer);
      this.asking = false;
    }
  }
}

/** A pairing connection: `status` says whether the page's origin is paired, `pair` tries a code. */
async function answerPairing(
  store: AssistantStore,
  pairing: Pairing,
  confirmer: Confirmer,
  origin: string | undefined,
  raw: string,
): Promise<Reply> {
  const o = messageObject(raw) ?? {};
  const cmd = typeof o.cmd === "string" ? o.cmd : "";
  const lang = isLanguage(o.lang) ? o.lang : "en";
  const refuse = (
    code: number,
    key: string,
    vars: Record<string, string | number> = {},
    data?: unknown,
  ): Reply => ({
    code,
    cmd,
    id: o.id,
    msg: translate(key, vars, lang),
    ...(data ? { data } : {}),
  });
  if (cmd === "status")
    return {
      code: 200,
      cmd,
      id: o.id,
      // confirm: whether the person at the assistant must allow the page after its code
      data: { paired: !!origin && store.isPaired(origin), confirm: !confirmer.byCode },
    };
  if (cmd !== "pair") return refuse(400, "print.assistant.badMessage");
  if (!origin) return refuse(400, "print.assistant.pair.noOrigin");
  if (store.isPaired(origin)) return { code: 200, cmd, id: o.id, data: { paired: true } };
  // before the code is looked at, so that it is not used up for nothing
  if (!confirmer.available) return refuse(403, "print.assistant.pair.noConfirm");
  if (confirmer.busy) return refuse(409, "print.assistant.pair.busy");
  const check = pairing.check(origin, o.code);
  if (!check.ok) {
    if (check.reason === "locked") return refuse(423, "print.assistant.pair.locked");
    if (check.reason === "wait")
      return refuse(
        429,
        "print.assistant.pair.wait",
        { seconds: Math.ceil(check.retryAfterMs / 1000) },
        { retryAfterMs: check.retryAfterMs },
      );
    return refuse(403, "print.assistant.pair.wrong");
  }
  if (!(await confirmer.confirm(origin))) return refuse(403, "print.assistant.pair.refused");
  try {
    store.addOrigin(origin);
  } catch (e) {
    return { code: 500, cmd, id: o.id, msg: e instanceof RequestError ? e.text(lang) : String(e) };
  }
  return { code: 200, cmd, id: o.id, data: { paired: true } };
}

async function answer(deps: ManageDeps, raw: string, origin: string | undefined): Promise<Reply> {
  const service = deps.service;
  let cmd = "";
  let id: unknown;
  let lang: "en" | "zh" | "pt" | "es" | "ru" = "en";
  // a site forgotten since it connected may not go on using its open connection
  if (!originAllowed(service.store.allowedOrigins, origin)) {
    const o = messageObject(raw) ?? {};
    return {
      code: 403,
      cmd: typeof o.cmd === "string" ? o.cmd : "",
      id: o.id,
      msg: translate("print.assistant.forgotten", {}, isLanguage(o.lang) ? o.lang : "en"),
    };
  }
  try {
    const o = messageObject(raw);
    if (o && isManageCommand(o.cmd)) {
      ({ cmd, id } = { cmd: o.cmd, id: o.id });
      lang = isLanguage(o.lang) ? o.lang : "en";
      return { code: 200, cmd, id, data: await manage(o.cmd, o, lang, deps, origin) };
    }
    const req = parseRequest(raw);
    ({ cmd, id, lang } = req);
    if (req.cmd === "getComputerPrinters") {
      return { code: 200, cmd, id, data: await service.printers() };
    }
    const result = await service.print(req, origin);
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
    const code = e instanceof RequestError && e.key === TIP.choosePrinter ? 400 : 500;
    // the message's key beside its text: the app tells a paused job from a failed one by it
    const job = e instanceof RequestError && typeof e.vars.job === "string" ? { job: e.vars.job } : {};
    return { code, cmd, id, msg, ...(e instanceof RequestError ? { key: e.key } : {}), ...job };
  }
}

export function startAssistant(config: AssistantConfig, deps: AssistantDeps = {}): Promise<RunningAssistant> {
  const log = deps.log ?? (() => undefined);
  // lines a hostile page can repeat thousands of times a second are written once per window
  const floodLog = throttledLog(log, deps.now);
  const store = new AssistantStore(config, deps.settingsFile ?? null);
  const pairing = new Pairing({
    show: deps.showPairCode ?? ((code) => log(`pairing code: ${formatPairCode(code)}`)),
    locked: deps.pairingLocked ?? (() => log("pairing locked after too many wrong codes")),
    now: deps.now,
  });
  // a code that expires is replaced and the new one shown, even when nobody tries one
  const expiry = setInterval(() => pairing.expire(), 5_000).unref();
  const confirmer = new Confirmer(deps.confirmPairing, !!deps.pairByCode && !!deps.confirmPairing);
  const mainSlots = new Slots(MAX_CLIENTS, MAX_CLIENTS);
  const pairSlots = new Slots(MAX_PAIR_CLIENTS, MAX_PAIR_PER_ORIGIN);
  const service = new PrintService(config, deps.listCups ?? listCupsPrinters, deps.fonts, store, undefined, {
    dir: deps.queueDir ?? null,
    log,
    pollMs: deps.queuePollMs,
    faultPollMs: deps.faultPollMs,
  });
  const manageDeps: ManageDeps = {
    service,
    discover: once(deps.discover ?? (() => discoverPrinters())),
    info: deps.info ?? (() => ({ version: APP_VERSION, cloud: null })),
  };
  const pathOf = (req: IncomingMessage) => (req.url ?? "/").split("?")[0];
  const wss = new WebSocketServer({
    host: config.host,
    port: config.port,
    maxPayload: MAX_MESSAGE_BYTES,
    verifyClient: (
      info: { req: IncomingMessage },
      done: (ok: boolean, status?: number, message?: string) => void,
    ) => {
      const origin = info.req.headers.origin;
      const pairingPath = pathOf(info.req) === PAIR_PATH;
      // any web page may ask to pair (only an http(s) page: it is the origin that gets trusted)
      const allowed = pairingPath
        ? origin === undefined || normalOrigin(origin) === origin
        : originAllowed(store.allowedOrigins, origin);
      if (!allowed) {
        floodLog(`refused ${origin}`, `refused a connection from ${String(origin).slice(0, 200)}`);
        return done(false, 403, "Forbidden");
      }
      // the trusted origins (and local programs) always get a pairing slot of their own
      const release = pairingPath
        ? pairSlots.take(origin ?? "", origin === undefined || store.isPaired(origin))
        : mainSlots.take(origin ?? "");
      if (!release) return done(false, 503, "Too many connections");
      // the slot is free again when the connection's socket closes, however it ends
      info.req.socket.once("close", release);
      done(true);
    },
  });
  wss.on("error", (e) => log(`server error: ${e.message}`));
  const setTimer = deps.setTimer ?? realTimer;
  // a forgotten site's main connections are closed once the answers under way are sent (its pages
  // then find themselves unpaired); a message slipping in before is refused by answer()
  const mainOrigin = new WeakMap<WebSocket, string>();
  store.onForget((gone) =>
    setImmediate(() => {
      for (const c of wss.clients) if (mainOrigin.get(c) === gone) c.close(1000, "forgotten");
    }),
  );
  wss.on("connection", (ws: WebSocket, req: IncomingMessage) => {
    let pending = 0;
    const origin = req.headers.origin;
    const pairingPath = pathOf(req) === PAIR_PATH;
    if (!pairingPath && origin !== undefined) mainOrigin.set(ws, origin);
    // a pairing connection left idle is cut (its slot is free at once; an answer pending, e.g. a
    // confirmation, keeps it open)
    let cancelIdle = () => {};
    const idle = () => {
      cancelIdle();
      if (pairingPath && pending === 0)
        cancelIdle = setTimer(() => {
          log(`closed an idle pairing connection from ${String(origin).slice(0, 200)}`);
          ws.terminate();
        }, PAIR_IDLE_MS);
    };
    idle();
    ws.on("close", () => cancelIdle());
    // a bad or oversized frame closes this connection (1009/1002); nobody else notices
    ws.on("error", (e) => log(`connection closed: ${e.message}`));
    ws.on("message", (data, isBinary) => {
      cancelIdle();
      const raw = isBinary ? "" : data.toString();
      const reply =
        pending >= MAX_PENDING
          ? Promise.resolve<Reply>({
              code: 429,
              cmd: "",
              msg: new RequestError("print.assistant.busy").text("en"),
            })
          : pairingPath
            ? answerPairing(store, pairing, confirmer, origin, raw)
            : answer(manageDeps, raw, origin);
      pending++;
      void reply.then((r) => {
        pending--;
        const line = `${r.cmd || "?"} → ${r.code}${r.msg ? ` ${r.msg}` : ""}`;
        // a pairing page's refusals are a guesser's flood; trusted pages' answers are all written
        if (pairingPath && r.code !== 200) floodLog(`${origin} ${r.cmd} ${r.code}`, line);
        else log(line);
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(r));
        idle();
      });
    });
  });
  return new Promise((resolve, reject) => {
    const failed = (e: Error) => {
      clearInterval(expiry);
      reject(e);
    };
    wss.once("error", failed);
    wss.once("listening", () => {
      wss.off("error", failed);
      const port = (wss.address() as AddressInfo).port;
      resolve({
        port,
        service,
        store,
        pairing,
        close: () =>
          new Promise<void>((done) => {
            clearInterval(expiry);
            for (const c of wss.clients) c.terminate();
            // the queue's workers end their printer connections and timers too
            wss.close(() => void service.close().then(done));
          }),
      });
    });
  });
}
