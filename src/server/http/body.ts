// Request bodies: size-limited reads, JSON without prototype keys, form and query parameters.
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

function tooLarge(limit: number): ApiError {
  return new ApiError(Code.tooLarge, "server.error.tooLarge", { size: Math.round(limit / 1024) }, null, 413);
}

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** JSON.parse that drops keys able to reach Object.prototype when merged later. */
export function parseJsonSafe(text: string): unknown {
  return JSON.parse(text, (k, v) => (FORBIDDEN_KEYS.has(k) ? undefined : v));
}

function fromParams(p: URLSearchParams): Fields {
  const out: Fields = Object.create(null);
  for (const [k, v] of p) if (!FORBIDDEN_KEYS.has(k)) out[k] = v;
  return out;
}

/** Parses a JSON, form-encoded or empty body into fields (query parameters for GET). */
export function parseFields(contentType: string | undefined, raw: Buffer, query: URLSearchParams): Fields {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (raw.length === 0) return fromParams(query);
  const text = raw.toString("utf8");
  if (type === "application/x-www-form-urlencoded") return fromParams(new URLSearchParams(text));
  let v: unknown;
  try {
    v = parseJsonSafe(text);
  } catch {
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

export function num(f: Fields, name: string): number | null {
  const v = f[name];
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

export function bool(f: Fields, name: string): boolean {
  const v = f[name];
  return v === true || v === 1 || v === "1" || v === "true" || v === "yes";
}
