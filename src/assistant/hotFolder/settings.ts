// The hot folder's settings: `hotFolder` in the assistant's settings file, a folder path or
// `{ "dir": "…", "language": "en", "pollMs": 1000 }`; `--hot-folder <dir>` on the command line
// names (or replaces) the folder. Absent or invalid: no hot folder.
import { resolve } from "node:path";
import { isLanguage } from "../../i18n/messages";
import type { Language } from "../../model/constants";

export interface HotFolderSettings {
  readonly dir: string;
  /** the reason files' language when a job names none */
  readonly language: Language;
  /** how often the folder is looked at (100 ms – 1 min; default 1 s) */
  readonly pollMs: number;
}

export function hotFolderSettingsOf(v: unknown, cliDir?: string): HotFolderSettings | null {
  const o = (typeof v === "string" ? { dir: v } : v && typeof v === "object" ? v : {}) as Record<
    string,
    unknown
  >;
  const dir = cliDir?.trim() || (typeof o.dir === "string" ? o.dir.trim() : "");
  if (!dir) return null;
  const poll = Number(o.pollMs ?? 1000);
  return {
    dir: resolve(dir),
    language: isLanguage(o.language) ? o.language : "en",
    pollMs: Number.isFinite(poll) ? Math.min(60_000, Math.max(100, Math.round(poll))) : 1000,
  };
}
