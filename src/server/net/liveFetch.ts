// Fetching a user's file from the web (a live spreadsheet or CSV source) without letting the user
// aim the server at its own network (SSRF): every address a host name resolves to is checked before
// connecting, and the connection goes to the checked address (no second lookup an attacker's DNS
// could answer differently); redirects are followed by hand and each hop is checked again; the body
// is cut off past a size limit and the whole exchange past a time limit. Errors are `live.error.*`
// ApiErrors, translated in the five locale files.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { type BlockList, isIP, type LookupFunction } from "node:net";
import { ApiError, Code } from "../http/envelope";
import { isBlockedAddress } from "./addressRules";

export interface LiveFetchOptions {
  /** Largest body in bytes. */
  readonly maxBytes: number;
  /** Whole exchange, redirects included, in ms. */
  readonly timeoutMs: number;
  /** Ranges the operator allowed although they are private (empty: none). */
  readonly allow?: BlockList;
  readonly maxRedirects?: number;
  /** Name resolution (tests may answer a host name with a chosen address). */
  readonly resolve?: typeof dnsLookup;
}

export interface LiveFile {
  readonly bytes: Uint8Array;
  /** The address finally read (after redirects). */
  readonly url: string;
  readonly contentType: string;
}

const fail = (key: string, vars: Record<string, string | number> = {}) =>
  new ApiError(Code.failed, `live.error.${key}`, vars);

/** True for an http(s) address with a host (what a live source may name). */
export function isLiveUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
  } catch {
    return false;
  }
}

/** Answers only addresses that pass the rules; the error says when a name resolved to a refused one. */
function checkedLookup(opts: LiveFetchOptions): LookupFunction {
  const resolve = opts.resolve ?? dnsLookup;
  return (hostname, options, callback) => {
    resolve(hostname, { all: true, family: options.family ?? 0 }, (err, found: LookupAddress[]) => {
      if (err) return callback(err, "", 4);
      const ok = found.filter((a) => !isBlockedAddress(a.address, opts.allow));
      if (ok.length === 0) {
        const e = Object.assign(new Error("refused address"), { code: "INKLESS_REFUSED" });
        return callback(e, "", 4);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, ok);
      callback(null, ok[0].address, ok[0].family);
    });
  };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Fetches `address` under the rules above; throws a `live.error.*` ApiError. */
export async function liveFetch(address: string, opts: LiveFetchOptions): Promise<LiveFile> {
  if (!isLiveUrl(address)) throw fail("badAddress");
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs);
  const lookup = checkedLookup(opts);
  try {
    let url = new URL(address);
    for (let hop = 0; ; hop++) {
      // an address written as an IP is never looked up: check it here
      const host = url.hostname.replace(/^\[|\]$/g, "");
      if (isIP(host) && isBlockedAddress(host, opts.allow)) throw fail("refused");
      const res = await request(url, lookup, controller.signal);
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status) && res.headers.location) {
        res.resume();
        if (hop >= (opts.maxRedirects ?? 5)) throw fail("tooManyRedirects");
        const next = new URL(res.headers.location, url);
        if (!isLiveUrl(next.href)) throw fail("badAddress");
        url = next;
        continue;
      }
      if (status < 200 || status > 299) {
        res.resume();
        throw fail("status", { status });
      }
      const contentType = String(res.headers["content-type"] ?? "").toLowerCase();
      // a web page is not a spreadsheet (read as CSV it would give a table of HTML)
      if (/^(text\/html|application\/xhtml)/.test(contentType)) {
        res.resume();
        throw fail("notSpreadsheet");
      }
      const bytes = await readBody(res, opts.maxBytes);
      return { bytes, url: url.href, contentType };
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (timedOut) throw fail("timeout", { seconds: Math.ceil(opts.timeoutMs / 1000) });
    if ((e as { code?: string }).code === "INKLESS_REFUSED") throw fail("refused");
    throw fail("unreachable");
  } finally {
    clearTimeout(timer);
    controller.abort(); // a body left unread closes its socket
  }
}

function request(url: URL, lookup: LookupFunction, signal: AbortSignal): Promise<IncomingMessage> {
  const get = url.protocol === "https:" ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const req = get(
      url,
      {
        lookup,
        signal,
        agent: false, // a fresh connection: never one pooled for another address
        headers: { "user-agent": "Inkless live data", accept: "text/csv, application/vnd.ms-excel, */*" },
      },
      resolve,
    );
    req.on("error", reject);
  });
}

async function readBody(res: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  const mb = Math.max(1, Math.round(maxBytes / 1024 / 1024));
  const declared = Number(res.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) throw fail("tooLarge", { limit: mb });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw fail("tooLarge", { limit: mb });
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
