// The request client core (spec §7, §8); `client.ts` wires it to the browser. Every front-end call
// goes through it: it adds the headers `language`, `platform: web` and `Version: V2.5.3`, sends credentials (the HttpOnly `token` cookie),
// aborts after 60 s, shows the loading overlay unless a call switches it off, and applies the
// response-code table of spec §8 row by row. Its collaborators are injected (fetch, message display,
// overlay, session, reload, timers, language) so every row is unit-tested with a fake fetch.

import { TIP } from "../../i18n/tips";
import { CREATOR_VERSION, RELOAD_AFTER_301_MS, REQUEST_TIMEOUT_MS } from "../../model/constants";
import type { Session } from "../auth/session";
import type { LoadingSink } from "../ui/loading";
import type { MessageSink } from "../ui/message";
import { asText } from "./read";

/** The server's envelope; the result code is read from ResultCode or code. */
export interface Envelope {
  readonly ResultCode?: number | string;
  readonly code?: number | string;
  readonly Data?: unknown;
  readonly data?: unknown;
  readonly count?: unknown;
  readonly Reason?: string;
  readonly message?: string;
  readonly msg?: string;
  readonly [key: string]: unknown;
}

export type ApiErrorKind = "code" | "transport" | "setup";

/** Every rejection of the client. `response` is the whole envelope for code rejections. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly code: number | null = null,
    readonly response: Envelope | null = null,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface ClientDeps {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  message: MessageSink;
  loading: LoadingSink;
  session: Pick<Session, "renew" | "clear">;
  reload: () => void;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /** current interface language (zh, en, pt, es, ru) */
  language: () => string;
  /** translates message keys such as tip.tip46 */
  t: (key: string) => string;
  /** the team whose space the requests act in (sent as X-Inkless-Space), "" for the personal one */
  space?: () => string;
  timeoutMs?: number;
}

export interface RequestOptions {
  /** false switches the loading overlay off for this call */
  loading?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** on success, also receives the whole envelope (for fields beside the payload) */
  envelope?: (res: Envelope) => void;
}

export interface ApiClient {
  readonly prefix: string;
  post<T = unknown>(path: string, body?: unknown, opts?: RequestOptions): Promise<T>;
  get<T = unknown>(
    path: string,
    params?: Record<string, string | number | boolean>,
    opts?: RequestOptions,
  ): Promise<T>;
}

const PREFIXES = ["/interface", "/hanma", "/net"] as const;
export type Prefix = (typeof PREFIXES)[number];

/** The first present of Reason, message, msg. */
function firstMessage(res: Envelope): string {
  return asText(res.Reason) || asText(res.message) || asText(res.msg);
}

/**
 * Applies spec §8 "Response handling" to a parsed envelope: resolves with the payload on 200,
 * otherwise shows what the row says and rejects with an ApiError carrying the whole response.
 */
export function handleEnvelope<T>(res: Envelope, deps: ClientDeps): T {
  const raw = res.ResultCode ?? res.code;
  const code = raw === undefined || raw === null || raw === "" ? Number.NaN : Number(raw);
  const reject = (msg = ""): never => {
    throw new ApiError("code", msg || `code ${raw}`, Number.isFinite(code) ? code : null, res);
  };
  const unauthorized = (): never => {
    // 401: show Reason and reject with the whole response.
    const reason = asText(res.Reason);
    if (reason) deps.message.error(reason);
    return reject(reason);
  };
  switch (code) {
    case 200: {
      deps.session.renew();
      if (res.Data !== undefined) return res.Data as T;
      if (Object.hasOwn(res, "count")) return { list: res.data, count: res.count } as T;
      return res.data as T;
    }
    case 209: {
      const reason = asText(res.Reason);
      if (reason) deps.message.error(reason);
      return reject(reason);
    }
    case 301: {
      const reason = asText(res.Reason);
      if (reason) deps.message.error(reason);
      deps.session.clear();
      deps.setTimeout(() => deps.reload(), RELOAD_AFTER_301_MS);
      return reject(reason);
    }
    case 500: {
      const msg = firstMessage(res);
      if (!msg) return unauthorized();
      deps.message.error(msg);
      return reject(msg);
    }
    case 401:
      return unauthorized();
    case 402:
    case 403:
      return reject(firstMessage(res)); // silent: the caller decides (e.g. the membership prompt)
    case 405: {
      const msg = asText(res.message);
      if (msg) deps.message.error(msg);
      return reject(msg);
    }
    default: {
      // Any other code: show Reason, message or msg when present. Without one nothing is shown; we
      // still reject (silently) so that no caller mistakes an unknown answer for success.
      const msg = firstMessage(res);
      if (msg) deps.message.error(msg);
      return reject(msg);
    }
  }
}

function query(params: Record<string, string | number | boolean> | undefined): string {
  if (!params) return "";
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) q.append(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
}

export function createClient(prefix: Prefix, deps: ClientDeps): ApiClient {
  async function send<T>(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    opts: RequestOptions,
  ): Promise<T> {
    const showLoading = opts.loading !== false;
    let init: RequestInit;
    let url: string;
    const controller = new AbortController();
    try {
      // Request setup: anything that fails here (an unserialisable body, a bad path) is shown as is.
      if (!path.startsWith("/")) throw new Error(`Invalid request path: ${path}`);
      url = `${prefix}${path}`;
      const headers: Record<string, string> = {
        language: deps.language(),
        platform: "web",
        Version: CREATOR_VERSION,
        ...(deps.space?.() ? { "X-Inkless-Space": deps.space() } : {}),
        ...opts.headers,
      };
      let payload: BodyInit | undefined;
      if (method === "POST") {
        if (typeof FormData !== "undefined" && body instanceof FormData) payload = body;
        else {
          payload = JSON.stringify(body ?? {});
          headers["Content-Type"] = "application/json";
        }
      }
      if (opts.signal) {
        if (opts.signal.aborted) controller.abort();
        else opts.signal.addEventListener("abort", () => controller.abort(), { once: true });
      }
      init = { method, headers, body: payload, credentials: "include", signal: controller.signal };
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      deps.message.error(msg);
      throw new ApiError("setup", msg);
    }

    if (showLoading) deps.loading.start();
    const timer = deps.setTimeout(() => controller.abort(), deps.timeoutMs ?? REQUEST_TIMEOUT_MS);
    try {
      let res: Response;
      try {
        res = await deps.fetch(url, init);
      } catch {
        // Network failure, timeout or abort: no HTTP status, so the generic transport message.
        const msg = deps.t(TIP.networkError);
        deps.message.error(msg);
        throw new ApiError("transport", msg);
      }
      if (!res.ok) {
        const msg = deps.t(res.status === 403 ? TIP.accessDenied : TIP.networkError);
        deps.message.error(msg);
        throw new ApiError("transport", msg, null, null, res.status);
      }
      let envelope: Envelope;
      try {
        const parsed: unknown = await res.json();
        if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
          throw new Error("not an envelope");
        envelope = parsed as Envelope;
      } catch {
        const msg = deps.t(TIP.networkError);
        deps.message.error(msg);
        throw new ApiError("transport", msg, null, null, res.status);
      }
      const payload = handleEnvelope<T>(envelope, deps);
      opts.envelope?.(envelope);
      return payload;
    } finally {
      deps.clearTimeout(timer);
      if (showLoading) deps.loading.stop();
    }
  }
  return {
    prefix,
    post: (path, body, opts = {}) => send("POST", path, body, opts),
    get: (path, params, opts = {}) => send("GET", `${path}${query(params)}`, undefined, opts),
  };
}
