// The PostgreSQL server of the storage tests (they run on embedded PGlite too): starts Debian's
// cluster (creating one if there is none), the `inkless` role and the `inkless_test` database, each
// only if missing, and answers TEST_DATABASE_URL. Run by scripts/test.mjs after the test packages
// are in place. A TEST_DATABASE_URL already set is used as it is; without root (the cluster is
// run as the postgres user) it answers null and the storage tests run on PGlite only.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { which } from "./test-deps.mjs";

export const TEST_DATABASE_URL = "postgres://inkless:inkless@127.0.0.1:5432/inkless_test";

const sh = (cmd, args) => spawnSync(cmd, args, { encoding: "utf8" });
const asPostgres = (sql) => sh("su", ["postgres", "-c", `psql -qtAc "${sql}"`]);

export function startTestPostgres({ env = process.env, uid = process.getuid?.() ?? -1, log = console } = {}) {
  if (env.TEST_DATABASE_URL) return env.TEST_DATABASE_URL;
  if (uid !== 0 || !which("pg_lsclusters", env)) {
    log.log(
      "[inkless] PostgreSQL not started (needs root and Debian's postgresql); storage tests use PGlite",
    );
    return null;
  }
  let [ver, name] = (sh("pg_lsclusters", ["-h"]).stdout.split("\n")[0] ?? "").trim().split(/\s+/);
  if (!ver) {
    ver = readdirSync("/usr/lib/postgresql")
      .sort((a, b) => Number(a) - Number(b))
      .at(-1);
    name = "main";
    sh("pg_createcluster", [ver, name]);
  }
  sh("pg_ctlcluster", [ver, name, "start"]); // already running: a harmless error
  for (let i = 0; i < 60 && sh("pg_isready", ["-q"]).status !== 0; i++) spawnSync("sleep", ["0.5"]);
  if (asPostgres("SELECT 1 FROM pg_roles WHERE rolname='inkless'").stdout.trim() !== "1")
    asPostgres("CREATE ROLE inkless LOGIN SUPERUSER PASSWORD 'inkless'");
  if (asPostgres("SELECT 1 FROM pg_database WHERE datname='inkless_test'").stdout.trim() !== "1")
    asPostgres("CREATE DATABASE inkless_test OWNER inkless");
  if (asPostgres("SELECT 1 FROM pg_database WHERE datname='inkless_test'").stdout.trim() !== "1") {
    log.error("[inkless] PostgreSQL did not start; storage tests use PGlite only");
    return null;
  }
  log.log(`[inkless] PostgreSQL ready: ${TEST_DATABASE_URL}`);
  return TEST_DATABASE_URL;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // `export TEST_DATABASE_URL=$(node scripts/test-postgres.mjs)`: the URL alone on stdout
  const url = startTestPostgres({ log: { log: console.error, error: console.error } });
  if (url) console.log(url);
}
