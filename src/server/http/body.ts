// Request bodies: size-limited reads, JSON without prototype keys, query parameters.
import type { IncomingMessage } from "node:http";
import { ApiError, Code } from "./envelope";

export type Fields = Record<string, unknown>;

/** Reads the whole body, refusing more than `limit` bytes (code 413). */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** True when the request carries a body (declared or chunked). */
export const hasBody = (req: IncomingMessage) =>
  req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

export function tooLarge(limit: number): ApiError {
  return new ApiError(Code.tooLarge, "server.error.tooLarge", { size: Math.round(limit / 1024) }, null, 413);
}

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** NUL cannot be stored in a PostgreSQL text column: refused with a message, not a 500. */
const refuseNul = (v: string) => {
  if (v.includes("\u0000")) throw new ApiError(Code.failed, "server.validation.nul");
};

/** JSON.parse that drops keys able to reach Object.prototype when merged later, and refuses NUL. */
export function parseJsonSafe(text: string): unknown {
  return JSON.parse(text, (k, v) => {
    refuseNul(k);
    if (typeof v === "string") refuseNul(v);
    return FORBIDDEN_KEYS.has(k) ? undefined : v;
  });
}

function fromParams(p: URLSearchParams): Fields {
  const out: Fields = Object.create(null);
  for (const [k, v] of p) {
    refuseNul(k);
    refuseNul(v);
    if (!FORBIDDEN_KEYS.has(k)) out[k] = v;
  }
  return out;
}

/** Parses a JSON or empty body into fields (query parameters for GET); the body type was checked
 * by checkBodyType (csrf.ts) first. */
export function parseFields(raw: Buffer, query: URLSearchParams): Fields {
  if (raw.length === 0) return fromParams(query);
  const text = raw.toString("utf8");
  let v: unknown;
  try {
    v = parseJsonSafe(text);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError(Code.failed, "server.error.badJson");
  }
  if (v === null || typeof v !== "object" || Array.isArray(v))
    throw new ApiError(Code.failed, "server.error.badJson");
  return Object.assign(Object.create(null), v) as Fields;
}

// ---- typed field readers (wrong types read as empty, never throw on their own) ----

export function str(f: Fields, name: string, max = 200): string {
  const v = f[name];
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v !== "string") return "";
  const s = v.trim();
  if (s.length > max) throw new ApiError(Code.failed, "server.error.tooLong", { field: name, max });
  return s;
}

/** A secret as typed (not trimmed): passwords may start or end with spaces. */
export function secret(f: Fields, name: string, max = 200): string {
  const v = f[name];
  if (typeof v !== "string") return "";
  if (v.length > max) throw new ApiError(Code.failed, "server.error.tooLong", { field: name, max });
  return v;
}

/** Largest magnitude a numeric field may have: every number the API takes (sizes, pages, copies,
 * indexes, types) fits an SQL integer; more (2^31, 1e308) is a validation message, not a 500. */
export const MAX_NUMBER = 2 ** 31 - 1;

export function num(f: Fields, name: string): number | null {
  const v = f[name];
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : Number.NaN;
  if (!Number.isFinite(n)) return null;
  if (Math.abs(n) > MAX_NUMBER)
    throw new ApiError(Code.failed, "server.validation.number", { field: name, max: MAX_NUMBER });
  return n;
}

export function bool(f: Fields, name: string): boolean {
  const v = f[name];
  return v === true || v === 1 || v === "1" || v === "true" || v === "yes";
}
