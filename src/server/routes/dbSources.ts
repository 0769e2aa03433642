// Database query sources (issue 38; docs/data-sources.md): save (connection settings sealed on the
// server; an empty password keeps the kept one), list (never the password), delete. A label reads
// one through the import call with FileUrl `/query/<id>` (routes/misc.ts).
import { bool, type Fields, num, secret, str } from "../http/body";
import { ok, type Routes, userOf } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import { deleteDbSource, listDbSources, saveDbSource } from "../services/dbSources";
import { checkName } from "../validate";

const fail = (key: string, vars: Record<string, string | number> = {}) =>
  new ApiError(Code.failed, key, vars);

const MAX_QUERY = 20_000;
const MAX_PARAMS = 50;

/** Named parameter values: an object of short strings (numbers are written as text). */
export function readParams(f: Fields, name: string): Record<string, string> {
  const raw = f[name];
  const out: Record<string, string> = Object.create(null);
  if (raw === undefined || raw === null || raw === "") return out;
  if (typeof raw !== "object" || Array.isArray(raw)) throw fail("dbsource.error.badParams");
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > MAX_PARAMS) throw fail("dbsource.error.badParams");
  for (const [k, v] of entries) {
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(k)) throw fail("dbsource.error.badParams");
    if (typeof v === "number" && Number.isFinite(v)) out[k] = String(v);
    else if (typeof v === "string" && v.length <= 1000) out[k] = v;
    else throw fail("dbsource.error.badParams");
  }
  return out;
}

export const dbSourceRoutes: Routes = {
  "/api/dbsource/save": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const id = str(ctx.fields, "id", 64) || undefined;
      const name = checkName(str(ctx.fields, "name", 100), 100);
      const host = str(ctx.fields, "host", 255);
      const port = num(ctx.fields, "port") ?? 5432;
      const database = str(ctx.fields, "database", 63);
      const user = str(ctx.fields, "user", 63);
      const query = str(ctx.fields, "query", MAX_QUERY);
      if (!host || !database || !user) throw fail("dbsource.error.settings");
      if (!Number.isInteger(port) || port < 1 || port > 65535) throw fail("dbsource.error.settings");
      if (!query) throw fail("dbsource.error.emptyQuery");
      const saved = await saveDbSource(
        ctx.db,
        ctx.config,
        u.id,
        {
          name,
          settings: {
            host,
            port,
            database,
            user,
            password: secret(ctx.fields, "password", 500),
            ssl: bool(ctx.fields, "ssl"),
          },
          query,
          params: readParams(ctx.fields, "params"),
        },
        id,
      );
      return ok({ id: saved });
    },
  },
  "/api/dbsource/list": {
    auth: true,
    async handle(ctx) {
      return ok(await listDbSources(ctx.db, ctx.config, userOf(ctx).id));
    },
  },
  "/api/dbsource/delete": {
    auth: true,
    async handle(ctx) {
      await deleteDbSource(ctx.db, userOf(ctx).id, str(ctx.fields, "id", 64));
      return ok(null);
    },
  },
};
