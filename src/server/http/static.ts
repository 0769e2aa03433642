// Serves the built app under /label/: real files with their content type, index.html for app routes.
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, resolve, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".wasm": "application/wasm",
  ".txt": "text/plain; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".xls": "application/vnd.ms-excel",
  ".pdf": "application/pdf",
  ".tprt": "application/xml; charset=utf-8",
  ".tprts": "application/octet-stream",
  ".xml": "application/xml; charset=utf-8",
};

export function contentTypeOf(name: string): string {
  return TYPES[extname(name).toLowerCase()] ?? "application/octet-stream";
}

/** Vite names built chunks `name-<hash>.ext` under assets/: those never change, so cache them for a year. */
const HASHED = /^assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

async function fileAt(
  root: string,
  rel: string,
): Promise<{ path: string; size: number; mtime: Date } | null> {
  const p = resolve(root, rel);
  if (p !== root && !p.startsWith(root + sep)) return null;
  try {
    const s = await stat(p);
    return s.isFile() ? { path: p, size: s.size, mtime: s.mtime } : null;
  } catch {
    return null;
  }
}

/**
 * The app's Content-Security-Policy: scripts only from our own files (no inline script, no eval;
 * WebAssembly may compile: the scan panel's zxing reader),
 * no framing by other sites; inline styles stay allowed (React style attributes, the SVG preview
 * markup); WebSocket connections anywhere (the print assistant's address is configurable).
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data: blob:",
  "connect-src 'self' ws: wss: data: blob:",
  "worker-src 'self' blob:",
  "frame-src 'self' blob: data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join("; ");

type FileInfo = { path: string; size: number; mtime: Date };

/** Encodings the request accepts with a q above 0 ("br;q=0" refuses brotli; "*" accepts any). */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  for (const part of String(header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((x) => /^\s*q=([\d.]+)\s*$/.exec(x)).find(Boolean);
    if (name) (q && Number(q[1]) === 0 ? refused : accepted).add(name);
  }
  if (accepted.has("*")) for (const e of ["br", "gzip"]) accepted.add(e);
  for (const e of refused) accepted.delete(e);
  return accepted;
}

type Variants = { vary: boolean; pick: { file: FileInfo; encoding: string } | null };

/**
 * The precompressed variant to send (scripts/precompress.mjs wrote `x.br` and `x.gz` beside the
 * built file at build time), brotli first; `vary` when the file has variants at all.
 */
async function variantsOf(req: IncomingMessage, root: string, rel: string): Promise<Variants> {
  const accepted = acceptedEncodings(req.headers["accept-encoding"]);
  let vary = false;
  for (const [encoding, ext] of [
    ["br", ".br"],
    ["gzip", ".gz"],
  ] as const) {
    const file = await fileAt(root, rel + ext);
    if (!file) continue;
    vary = true;
    if (accepted.has(encoding)) return { vary, pick: { file, encoding } };
  }
  return { vary, pick: null };
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  f: FileInfo,
  cache: string,
  headExtra = "",
  variants: Variants = { vary: false, pick: null },
): void {
  const html = f.path.endsWith(".html");
  const extra = html ? headExtra : "";
  // a page with markup added is made per request: sent uncompressed (it is small)
  const v = extra ? null : variants.pick;
  const body = v?.file ?? f;
  const etag = `W/"${body.size.toString(16)}-${body.mtime.getTime().toString(16)}${extra ? "-x" : ""}${v ? `-${v.encoding}` : ""}"`;
  res.setHeader("Content-Type", contentTypeOf(f.path));
  // caches must keep the variants apart whichever one this answer is
  if (variants.vary && !extra) res.setHeader("Vary", "Accept-Encoding");
  if (v) res.setHeader("Content-Encoding", v.encoding);
  res.setHeader("Cache-Control", cache);
  res.setHeader("ETag", etag);
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (html) {
    res.setHeader("Content-Security-Policy", APP_CSP);
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    res.setHeader("Referrer-Policy", "same-origin");
  }
  if (req.headers["if-none-match"] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  if (extra) {
    // the page with settings the server passes to the app (meta tags: no inline script)
    void readFile(f.path, "utf8").then(
      (text) => {
        const body = Buffer.from(text.replace(/<head>/i, (h) => `${h}\n    ${extra}`));
        res.setHeader("Content-Length", body.length);
        res.end(req.method === "HEAD" ? undefined : body);
      },
      () => res.destroy(),
    );
    return;
  }
  res.setHeader("Content-Length", body.size);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  createReadStream(body.path)
    .on("error", () => res.destroy())
    .pipe(res);
}

/**
 * Serves `/label/<rel>` from the built app. Existing files are sent as-is; an unknown path without a
 * file extension (an app route such as /label/editLabel) gets index.html, whose router shows its 404
 * page; a missing asset (with an extension) is a plain 404 so chunk-load errors stay visible.
 */
export async function serveClient(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  rel: string,
  /** markup added to the page's head (settings for the app, e.g. the Stately inspector meta tag) */
  headExtra = "",
): Promise<void> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rel);
  } catch {
    decoded = "";
  }
  const clean = decoded.replace(/^\/+/, "");
  if (clean && !clean.includes("\0")) {
    const f = await fileAt(root, clean);
    if (f) {
      const cache = HASHED.test(clean) ? "public, max-age=31536000, immutable" : "no-cache";
      const variants = await variantsOf(req, root, clean);
      return send(req, res, f, clean.endsWith(".html") ? "no-cache" : cache, headExtra, variants);
    }
    if (extname(clean) !== "") return notFound(res);
  }
  const index = await fileAt(root, "index.html");
  if (!index) {
    res.statusCode = 503;
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.end("The web app is not built yet: run `npm run build` (npm start does it for you).\n");
    return;
  }
  send(req, res, index, "no-cache", headExtra, await variantsOf(req, root, "index.html"));
}

export function notFound(res: ServerResponse): void {
  res.statusCode = 404;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.end("Not found\n");
}
