// The hot folder's settings: `hotFolder` in the assistant's settings file, a folder path or
// `{ "dir": "…", "language": "en", "pollMs": 1000, "server": "https://…" }`; `--hot-folder <dir>`
// on the command line names (or replaces) the folder, `--server <url>` the web app that cloud
// templates come from (default: the cloud device's server, else the first trusted site). Absent or
// invalid folder: no hot folder.
import { resolve } from "node:path";
import { isLanguage } from "../../i18n/messages";
import type { Language } from "../../model/constants";

export interface HotFolderSettings {
  readonly dir: string;
  /** the reason files' language when a job names none */
  readonly language: Language;
  /** how often the folder is looked at (100 ms – 1 min; default 1 s) */
  readonly pollMs: number;
  /** the web app's origin that cloud templates (named by id) are read from; "" or absent: none */
  readonly server?: string;
}

/** "https://Labels.example.com/" → "https://labels.example.com"; "" when not an http(s) URL. */
function originOf(v: unknown): string {
  try {
    const u = new URL(String(v ?? "").trim());
    return u.protocol === "http:" || u.protocol === "https:" ? u.origin : "";
  } catch {
    return "";
  }
}

export function hotFolderSettingsOf(
  v: unknown,
  cli: { dir?: string; server?: string } = {},
  defaultServers: readonly unknown[] = [],
): HotFolderSettings | null {
  const o = (typeof v === "string" ? { dir: v } : v && typeof v === "object" ? v : {}) as Record<
    string,
    unknown
  >;
  const dir = cli.dir?.trim() || (typeof o.dir === "string" ? o.dir.trim() : "");
  if (!dir) return null;
  const poll = Number(o.pollMs ?? 1000);
  return {
    dir: resolve(dir),
    language: isLanguage(o.language) ? o.language : "en",
    pollMs: Number.isFinite(poll) ? Math.min(60_000, Math.max(100, Math.round(poll))) : 1000,
    server: [cli.server, o.server, ...defaultServers].map(originOf).find(Boolean) ?? "",
  };
}
