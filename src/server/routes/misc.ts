// Fonts (call 17; the list is services/fonts.ts) and spreadsheet import (call 16; a shared label's
// spreadsheet too, services/shareFiles.ts); membership is in member.ts.
import { keyFromUrl, ownKeyFromUrl } from "../files/urls";
import { num, str } from "../http/body";
import { ok, type Routes, userOf } from "../http/context";
import { ApiError, Code, RawJson } from "../http/envelope";
import { isLiveUrl } from "../net/liveFetch";
import { queryIdOf, runDbSource } from "../services/dbSources";
import { fontList } from "../services/fonts";
import { fetchLiveSheet, liveFileName } from "../services/liveSheets";
import { readableThroughShare } from "../services/sharing";
import { readableInTeam } from "../services/teams";
import { readParams } from "./dbSources";

export const miscRoutes: Routes = {
  "/api/tem.app_shared/getNewFontList": {
    get: true,
    auth: false,
    async handle(ctx) {
      return ok(await fontList(ctx));
    },
  },

  // FileUrl (one of the user's uploaded spreadsheets, one a live share they added carries, or any
  // other http(s) address: a live source, fetched now under the SSRF rules of net/liveFetch.ts),
  // RowIndex (first row, 0), TableIndex (-1: all sheets).
  "/api/tem.new_class/import": {
    get: true,
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const url = str(ctx.fields, "FileUrl", 1000);
      const any = keyFromUrl(url);
      const key =
        ownKeyFromUrl(u.id, url) ??
        (any && ((await readableThroughShare(ctx.db, u.id, any)) || (await readableInTeam(ctx.db, u.id, any)))
          ? any
          : null);
      let bytes = key ? await ctx.files.get(key) : null;
      let name = key ?? "";
      const queryId = queryIdOf(url);
      if (queryId) {
        // a database source of this user: its query run now, named parameters from Params
        const { name: title, rows } = await runDbSource(
          ctx.db,
          ctx.config,
          u.id,
          queryId,
          readParams(ctx.fields, "Params"),
        );
        return ok([
          { sheetName: title, data: rows.slice(Math.max(0, Math.trunc(num(ctx.fields, "RowIndex") ?? 0))) },
        ]);
      }
      if (!any && isLiveUrl(url)) {
        // a live source: the file at the user's address, fetched now (services/liveSheets.ts)
        const live = await fetchLiveSheet(ctx.config, u.id, url);
        bytes = live.bytes;
        name = liveFileName(live);
      }
      if (!bytes) throw new ApiError(Code.failed, "server.error.fileMissing");
      const rowIndex = Math.max(Math.trunc(num(ctx.fields, "RowIndex") ?? 0), 0);
      const tableIndex = Math.trunc(num(ctx.fields, "TableIndex") ?? -1);
      // parsed, shaped and serialised in a worker thread, in this user's turn: a hostile or huge
      // workbook never blocks other users' requests (import/pool.ts)
      const res = await ctx.imports.parse(u.id, bytes, name, { rowIndex, tableIndex });
      if (!res.ok) {
        if (res.error.detail) ctx.config.log(`[inkless] import ${key ?? "live"}: ${res.error.detail}`);
        throw new ApiError(Code.failed, res.error.key, { ...(res.error.vars ?? {}) });
      }
      return ok(new RawJson(res.json));
    },
  },
};
