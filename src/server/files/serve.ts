// Sends a stored file to the browser (GET/HEAD /files/<key>): streamed from the store, never read
// whole into memory; ETag / Last-Modified with If-None-Match / If-Modified-Since (304), one byte
// Range (206, 416 when unsatisfiable). Uploaded content never runs as a page of this origin:
// images are shown inline, everything else is an attachment, script and HTML types are served as
// bytes, and a sandboxing CSP goes with every answer (docs/security.md).
import type { IncomingMessage, ServerResponse } from "node:http";
import { contentTypeOf } from "../http/static";
import type { OpenedFile } from "./store";

const INLINE = /^image\/(png|jpeg|gif|webp|svg\+xml|x-icon)$/;
const ACTIVE = /html|javascript|xml/;

/** The type a stored file is served with: never one a browser would run. */
function servedType(key: string): string {
  const t = contentTypeOf(key);
  if (INLINE.test(t)) return t;
  return ACTIVE.test(t) && !key.endsWith(".tprt") ? "application/octet-stream" : t;
}

/** "bytes=a-b" / "bytes=a-" / "bytes=-n" → [start, end] inside size; null = whole file; "bad" = 416. */
export function parseRange(header: string | undefined, size: number): [number, number] | null | "bad" {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null; // several ranges or junk: the whole file
  let start: number;
  let end: number;
  if (m[1] === "") {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start > end || start >= size ? "bad" : [start, end];
}

export function sendStoredFile(req: IncomingMessage, res: ServerResponse, key: string, f: OpenedFile): void {
  const type = servedType(key);
  const etag = `"${f.size.toString(16)}-${f.mtime.getTime().toString(16)}"`;
  res.setHeader("Content-Type", type);
  res.setHeader("Cache-Control", "private, no-cache");
  res.setHeader("ETag", etag);
  res.setHeader("Last-Modified", f.mtime.toUTCString());
  res.setHeader("Accept-Ranges", "bytes");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader(
    "Content-Security-Policy",
    "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
  );
  if (!INLINE.test(type)) res.setHeader("Content-Disposition", "attachment");
  const inm = req.headers["if-none-match"];
  const ims = Date.parse(String(req.headers["if-modified-since"] ?? ""));
  const fresh = inm
    ? inm.split(",").some((t) => t.trim().replace(/^W\//, "") === etag)
    : Number.isFinite(ims) && Math.floor(f.mtime.getTime() / 1000) <= Math.floor(ims / 1000);
  if (fresh) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const ifRange = req.headers["if-range"];
  const range = ifRange && ifRange !== etag ? null : parseRange(req.headers.range, f.size);
  if (range === "bad") {
    res.statusCode = 416;
    res.setHeader("Content-Range", `bytes */${f.size}`);
    res.end();
    return;
  }
  const [start, end] = range ?? [0, f.size - 1];
  res.statusCode = range ? 206 : 200;
  if (range) res.setHeader("Content-Range", `bytes ${start}-${end}/${f.size}`);
  res.setHeader("Content-Length", Math.max(0, end - start + 1));
  if (req.method === "HEAD" || f.size === 0) {
    res.end();
    return;
  }
  const body = f.stream(start, end);
  body.on("error", () => res.destroy());
  body.pipe(res);
}
