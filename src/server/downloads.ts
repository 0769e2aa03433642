// The print assistant's download packages (built by scripts/build-assistant.mjs into dist/downloads,
// described by its manifest.json): which one suits a visitor's system, and serving the files under
// /downloads/<file> (only files the manifest names; always as attachments).
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { archOf, type PackageSystem, packageIdFor, systemOf } from "../model/assistantPackages";
import { notFound } from "./http/static";

export const DOWNLOADS_PATH = "/downloads/";

export type { PackageSystem };

export interface DownloadPackage {
  /**
   * "linux-x64", "windows-x64" (single executables), "macos-arm64", "macos-x64" (zip: the official
   * Node binary, the bundle and a starter), "node" (zip: bundle + start scripts) or "script" (bundle)
   */
  readonly id: string;
  readonly system: PackageSystem;
  readonly file: string;
  readonly size: number;
  readonly sha256: string;
}

export interface DownloadManifest {
  readonly version: string;
  readonly built: string;
  readonly packages: readonly DownloadPackage[];
}

const SYSTEMS: readonly PackageSystem[] = ["windows", "macos", "linux", "node"];
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

function packageOf(v: unknown): DownloadPackage | null {
  const o = (v ?? {}) as Record<string, unknown>;
  if (typeof o.file !== "string" || !FILE_NAME.test(o.file)) return null;
  if (typeof o.sha256 !== "string" || !/^[0-9a-f]{64}$/.test(o.sha256)) return null;
  if (!Number.isSafeInteger(o.size) || (o.size as number) < 0) return null;
  return {
    id: typeof o.id === "string" ? o.id : o.file,
    system: SYSTEMS.includes(o.system as PackageSystem) ? (o.system as PackageSystem) : "node",
    file: o.file,
    size: o.size as number,
    sha256: o.sha256,
  };
}

/** The manifest of the built packages, or null when none were built (or it is unreadable). */
export async function readManifest(dir: string): Promise<DownloadManifest | null> {
  try {
    const m = JSON.parse(await readFile(join(dir, "manifest.json"), "utf8")) as Record<string, unknown>;
    const packages = (Array.isArray(m.packages) ? m.packages : []).map(packageOf).filter((p) => p !== null);
    if (!packages.length) return null;
    return {
      version: typeof m.version === "string" ? m.version : "",
      built: typeof m.built === "string" ? m.built : "",
      packages,
    };
  } catch {
    return null;
  }
}

export { systemOf };

/**
 * The package for a visitor's system (User-Agent; the CPU from the Sec-CH-UA-Arch client hint when
 * the browser sends it): its own package where we build one, else the Node zip.
 */
export function packageFor(
  m: DownloadManifest,
  userAgent: string,
  archHint?: string,
): DownloadPackage | undefined {
  const id = packageIdFor(
    m.packages.map((p) => p.id),
    { system: systemOf(userAgent), arch: archOf(archHint?.replace(/"/g, "")) },
  );
  return m.packages.find((p) => p.id === id);
}

export const downloadUrl = (origin: string, p: DownloadPackage) => `${origin}${DOWNLOADS_PATH}${p.file}`;

/** GET/HEAD /downloads/<file>: a file the manifest names, with its SHA-256 as ETag. */
export async function serveDownload(
  req: IncomingMessage,
  res: ServerResponse,
  dir: string,
  name: string,
): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") return notFound(res);
  const m = await readManifest(dir);
  const p = m?.packages.find((x) => x.file === name);
  if (!p) return notFound(res);
  const path = join(dir, p.file);
  const s = await stat(path).catch(() => null);
  if (!s?.isFile()) return notFound(res);
  const etag = `"${p.sha256}"`;
  res.setHeader("Content-Type", "application/octet-stream");
  res.setHeader("Content-Disposition", `attachment; filename="${p.file}"`);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Cache-Control", "no-cache");
  res.setHeader("ETag", etag);
  if (req.headers["if-none-match"] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader("Content-Length", s.size);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  createReadStream(path)
    .on("error", () => res.destroy())
    .pipe(res);
}
