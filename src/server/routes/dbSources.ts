// Database query sources (issue 38; docs/data-sources.md): save (connection settings sealed on the
// server; an empty password keeps the kept one), list (never the password), delete. A label reads
// one through the import call with FileUrl `/query/<id>` (routes/misc.ts).
import { DEFAULT_PORTS, isDbKind, isParamName, MAX_QUERY_PARAMS } from "../../data/namedParams";
import { bool, type Fields, num, secret, str } from "../http/body";
import { ok, type Routes, userOf } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import {
  type DbSourceInput,
  deleteDbSource,
  listDbSources,
  saveDbSource,
  testDbSource,
} from "../services/dbSources";
import { checkName } from "../validate";

const fail = (key: string, vars: Record<string, string | number> = {}) =>
  new ApiError(Code.failed, key, vars);

const MAX_QUERY = 20_000;

/** Named parameter values: an object of short strings (numbers are written as text). */
export function readParams(f: Fields, name: string): Record<string, string> {
  const raw = f[name];
  const out: Record<string, string> = Object.create(null);
  if (raw === undefined || raw === null || raw === "") return out;
  if (typeof raw !== "object" || Array.isArray(raw)) throw fail("dbsource.error.badParams");
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > MAX_QUERY_PARAMS) throw fail("dbsource.error.badParams");
  for (const [k, v] of entries) {
    if (!isParamName(k)) throw fail("dbsource.error.badParams");
    if (typeof v === "number" && Number.isFinite(v)) out[k] = String(v);
    else if (typeof v === "string" && v.length <= 1000) out[k] = v;
    else throw fail("dbsource.error.badParams");
  }
  return out;
}

/** The fields of a source as the editor sends them, checked; `name` is optional for a test. */
function readInput(f: Fields, named: boolean): DbSourceInput {
  const name = named ? checkName(str(f, "name", 100), 100) : str(f, "name", 100);
  const host = str(f, "host", 255);
  const kind = str(f, "kind", 20) || "postgres";
  if (!isDbKind(kind)) throw fail("dbsource.error.settings");
  const port = num(f, "port") ?? DEFAULT_PORTS[kind];
  const database = str(f, "database", 63);
  const user = str(f, "user", 63);
  const query = str(f, "query", MAX_QUERY);
  if (!host || !database || !user) throw fail("dbsource.error.settings");
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw fail("dbsource.error.settings");
  if (!query) throw fail("dbsource.error.emptyQuery");
  return {
    kind,
    name,
    settings: { host, port, database, user, password: secret(f, "password", 500), ssl: bool(f, "ssl") },
    query,
    params: readParams(f, "params"),
  };
}

export const dbSourceRoutes: Routes = {
  "/api/dbsource/save": {
    auth: true,
    async handle(ctx) {
      const id = str(ctx.fields, "id", 64) || undefined;
      const input = readInput(ctx.fields, true);
      return ok({ id: await saveDbSource(ctx.db, ctx.config, userOf(ctx).id, input, id) });
    },
  },
  // the editor's "Test": the settings as typed, run with the row cap, nothing saved
  "/api/dbsource/test": {
    auth: true,
    async handle(ctx) {
      const id = str(ctx.fields, "id", 64) || undefined;
      const input = readInput(ctx.fields, false);
      return ok(await testDbSource(ctx.db, ctx.config, userOf(ctx).id, input, id));
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
