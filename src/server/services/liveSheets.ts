// Live spreadsheet sources (issue 38): a spreadsheet or CSV at a user's http(s) address, fetched by
// the server each time the editor opens or refreshes it and before printing, under the rules of
// net/liveFetch.ts, then parsed like an upload (the import pool). Nothing is stored.
import type { BlockList } from "node:net";
import type { ServerConfig } from "../config";
import { ApiError, Code } from "../http/envelope";
import { parseAllowList } from "../net/addressRules";
import { type LiveFile, liveFetch } from "../net/liveFetch";

/** Fetches a user may have running at once (a slow address must not hold many sockets for one user). */
export const LIVE_FETCHES_PER_USER = 2;

const running = new Map<string, number>();
const allowLists = new WeakMap<ServerConfig, BlockList>();

/** The operator's allow-list, parsed once per configuration (bad entries are logged and ignored). */
function allowOf(config: ServerConfig): BlockList {
  let list = allowLists.get(config);
  if (!list) {
    const parsed = parseAllowList(config.liveDataAllow);
    if (parsed.bad.length) config.log(`[inkless] INKLESS_LIVE_DATA_ALLOW ignores: ${parsed.bad.join(", ")}`);
    list = parsed.list;
    allowLists.set(config, list);
  }
  return list;
}

/** The file at `url` for `userId`; throws `live.error.*` or `server.error.tooManyJobs`. */
export async function fetchLiveSheet(config: ServerConfig, userId: string, url: string): Promise<LiveFile> {
  const n = running.get(userId) ?? 0;
  if (n >= LIVE_FETCHES_PER_USER)
    throw new ApiError(Code.failed, "server.error.tooManyJobs", { n: LIVE_FETCHES_PER_USER });
  running.set(userId, n + 1);
  try {
    return await liveFetch(url, {
      maxBytes: config.liveFetchMaxBytes,
      timeoutMs: config.liveFetchTimeoutMs,
      allow: allowOf(config),
    });
  } finally {
    const left = (running.get(userId) ?? 1) - 1;
    if (left > 0) running.set(userId, left);
    else running.delete(userId);
  }
}

const TYPES: Record<string, string> = {
  "text/csv": "csv",
  "application/vnd.ms-excel": "xls",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
};

/** A file name for the parser (it reads the container from the bytes; the name only tells .xls text from .xlsx). */
export function liveFileName(file: LiveFile): string {
  let last = "";
  try {
    last = decodeURIComponent(new URL(file.url).pathname.split("/").pop() ?? "");
  } catch {
    // a malformed escape: no name
  }
  if (/\.(csv|xls|xlsx)$/i.test(last)) return last;
  return `live.${TYPES[file.contentType.split(";")[0].trim()] ?? "csv"}`;
}
