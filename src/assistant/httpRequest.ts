// HTTP(S) requests of the print assistant (fonts from the web app, the cloud server's calls), made
// with node:http / node:https rather than fetch: under Wine Node's fetch (undici) cannot connect
// ("connect UNKNOWN … Local (undefined:undefined)") while node:http works, and the classic module
// behaves the same on every system. Follows redirects like fetch, bounds the answer's size and
// gives up on a connection that stays silent.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";

export interface HttpOptions {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly signal?: AbortSignal;
  /** the connection may stay silent this long before the request fails (default 30 s) */
  readonly idleMs?: number;
  /** larger answers fail (default 64 MB: the largest shipped font is 11 MB) */
  readonly maxBytes?: number;
}

export interface HttpAnswer {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  arrayBuffer(): ArrayBuffer;
  /** the body as JSON; throws when it is not */
  json(): unknown;
}

const MAX_REDIRECTS = 5;
const REDIRECT = new Set([301, 302, 303, 307, 308]);

function answer(status: number, body: Buffer, headers: IncomingHttpHeaders): HttpAnswer {
  return {
    status,
    ok: status >= 200 && status < 300,
    headers,
    body,
    arrayBuffer: () => body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
    json: () => JSON.parse(body.toString("utf8")),
  };
}

/** One request, no redirects followed: the status, the Location header and the body. */
function once(
  url: URL,
  opts: HttpOptions,
): Promise<{ status: number; location: string | undefined; body: Buffer; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new Error(`${url.origin}: aborted`));
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.body !== undefined) headers["content-length"] = String(Buffer.byteLength(opts.body));
    const max = opts.maxBytes ?? 64 * 1024 * 1024;
    const req = send(url, { method: opts.method ?? "GET", headers, timeout: opts.idleMs ?? 30_000 });
    const onAbort = () => req.destroy(new Error(`${url.origin}: aborted`));
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => opts.signal?.removeEventListener("abort", onAbort);
    req.on("timeout", () => req.destroy(new Error(`${url.origin}: no answer`)));
    req.on("error", (e) => {
      done();
      reject(e);
    });
    req.on("response", (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      const location = REDIRECT.has(status) ? res.headers.location : undefined;
      if (location) res.resume();
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (c: Buffer) => {
        if (location) return;
        size += c.length;
        if (size > max) req.destroy(new Error(`${url.href}: answer larger than ${max} bytes`));
        else chunks.push(c);
      });
      res.on("error", (e) => {
        done();
        reject(e);
      });
      res.on("end", () => {
        done();
        resolve({ status, location, body: Buffer.concat(chunks), headers: res.headers });
      });
    });
    req.end(opts.body);
  });
}

/** A request as fetch would make it (redirects followed, http and https only), with node:http. */
export async function request(target: string, opts: HttpOptions = {}): Promise<HttpAnswer> {
  let url = new URL(target);
  let o = opts;
  for (let hop = 0; ; hop++) {
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new Error(`${url.href}: only http and https are fetched`);
    const r = await once(url, o);
    if (!r.location) return answer(r.status, r.body, r.headers);
    if (hop === MAX_REDIRECTS) throw new Error(`${target}: more than ${MAX_REDIRECTS} redirects`);
    url = new URL(r.location, url);
    // as fetch: 303 (and 301/302 after a POST) continue as a GET without the body
    if (r.status === 303 || ((r.status === 301 || r.status === 302) && o.method === "POST")) {
      const { body: _body, ...rest } = o;
      const headers = { ...o.headers };
      delete headers["content-type"];
      o = { ...rest, method: "GET", headers };
    }
  }
}
