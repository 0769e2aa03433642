// Fonts (call 17) and spreadsheet import (call 16); membership is in member.ts.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { keyFromUrl, ownKeyFromUrl } from "../files/urls";
import { num, str } from "../http/body";
import { type Ctx, ok, type Routes, userOf } from "../http/context";
import { ApiError, Code } from "../http/envelope";

interface FontEntry {
  name?: unknown;
  file?: unknown;
  boldFile?: unknown;
  url?: unknown;
  is_me_sp?: unknown;
  license?: unknown;
}

/** public/fonts/fonts.json, read on every call (it may change while the server runs). */
export async function fontList(ctx: Pick<Ctx, "config">) {
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
    }));
}

export const miscRoutes: Routes = {
  "/api/tem.app_shared/getNewFontList": {
    get: true,
    auth: false,
    async handle(ctx) {
      return ok(await fontList(ctx));
    },
  },

  // FileUrl (one of the user's uploaded spreadsheets), RowIndex (first row, 0), TableIndex (-1: all sheets).
  "/api/tem.new_class/import": {
    get: true,
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const url = str(ctx.fields, "FileUrl", 1000);
      const key = ownKeyFromUrl(u.id, url);
      const bytes = key ? await ctx.files.get(key) : null;
      if (!bytes) throw new ApiError(Code.failed, "server.error.fileMissing");
      // in a worker thread: a hostile workbook never blocks other users' requests
      const res = await ctx.imports.parse(u.id, bytes, keyFromUrl(url) ?? "");
      if (!res.ok) {
        if (res.error.detail) ctx.config.log(`[inkless] import ${key}: ${res.error.detail}`);
        throw new ApiError(Code.failed, res.error.key, { ...(res.error.vars ?? {}) });
      }
      const rowIndex = Math.max(Math.trunc(num(ctx.fields, "RowIndex") ?? 0), 0);
      const tableIndex = Math.trunc(num(ctx.fields, "TableIndex") ?? -1);
      const sheets =
        tableIndex >= 0 ? res.workbook.sheets.slice(tableIndex, tableIndex + 1) : res.workbook.sheets;
      return ok(sheets.map((s) => ({ sheetName: s.sheetName, data: s.data.slice(rowIndex) })));
    },
  },
};
