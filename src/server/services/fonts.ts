// The font list (spec call 17): public/fonts/fonts.json as the app and the member-content rule
// (memberContent.ts: a free user may not save a label using a member font) read it.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { ServerConfig } from "../config";

interface FontEntry {
  name?: unknown;
  file?: unknown;
  boldFile?: unknown;
  url?: unknown;
  is_me_sp?: unknown;
  license?: unknown;
  scripts?: unknown;
}

/** public/fonts/fonts.json, read on every call (it may change while the server runs). */
export async function fontList(ctx: { config: Pick<ServerConfig, "publicDir" | "log"> }) {
  let entries: FontEntry[] = [];
  try {
    const parsed = JSON.parse(await readFile(join(ctx.config.publicDir, "fonts", "fonts.json"), "utf8"));
    entries = Array.isArray(parsed) ? parsed : Array.isArray(parsed?.fonts) ? parsed.fonts : [];
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT")
      ctx.config.log(`[inkless] fonts.json unreadable: ${e}`);
    return [];
  }
  const fontUrl = (f: unknown) =>
    typeof f === "string" && /^[\w.() -]+$/.test(f) ? `/label/fonts/${f}` : "";
  return entries
    .filter((f) => f && typeof f.name === "string" && f.name)
    .map((f) => ({
      name: f.name as string,
      url: typeof f.url === "string" ? f.url : fontUrl(f.file),
      bold_url: fontUrl(f.boldFile),
      is_me_sp: Number(f.is_me_sp) === 1 ? 1 : 0,
      license: typeof f.license === "string" ? f.license : "",
      // the scripts a family draws, shown in the font picker (ids, translated by the app)
      scripts: Array.isArray(f.scripts) ? f.scripts.filter((x): x is string => typeof x === "string") : [],
    }));
}
