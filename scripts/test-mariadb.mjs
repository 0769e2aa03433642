// A throwaway MariaDB server for the database-source tests: a fresh data folder under the system's
// temp folder, its own port on 127.0.0.1 and its own socket, a database `inkless_test` and a user
// `inkless` (password `inkless`). Run as root it runs as the `mysql` user (MariaDB refuses root);
// otherwise as the current user. `startTestMariadb()` answers { url, stop } (stop ends the server and
// removes its folder) or null when Debian's mariadb-server is not installed (scripts/test-deps.mjs
// installs it). Run directly it prints the URL alone on stdout and leaves the server running.
import { spawn, spawnSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { which } from "./test-deps.mjs";

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The ids of the `mysql` user, or null (not root, or no such user). */
function mysqlUser(uid) {
  if (uid !== 0) return null;
  const r = spawnSync("id", ["-u", "mysql"], { encoding: "utf8" });
  const g = spawnSync("id", ["-g", "mysql"], { encoding: "utf8" });
  return r.status === 0 && g.status === 0 ? { uid: Number(r.stdout), gid: Number(g.stdout) } : null;
}

export async function startTestMariadb({
  env = process.env,
  uid = process.getuid?.() ?? -1,
  log = console,
} = {}) {
  const server = which("mariadbd", { PATH: `${env.PATH ?? ""}:/usr/sbin:/usr/bin` });
  const install = which("mariadb-install-db", { PATH: `${env.PATH ?? ""}:/usr/bin:/usr/sbin` });
  const client = which("mariadb", { PATH: `${env.PATH ?? ""}:/usr/bin` });
  if (!server || !install || !client) {
    log.log("[inkless] MariaDB not started: Debian's mariadb-server is not installed");
    return null;
  }
  const dir = mkdtempSync(join(tmpdir(), "inkless-mariadb-"));
  const data = join(dir, "data");
  const socket = join(dir, "mysqld.sock");
  const owner = mysqlUser(uid);
  if (uid === 0 && !owner) {
    log.error("[inkless] MariaDB not started: running as root needs the mysql user of mariadb-server");
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const userArgs = owner ? ["--user=mysql"] : [];
  const made = spawnSync(
    install,
    [`--datadir=${data}`, "--auth-root-authentication-method=socket", "--skip-test-db", ...userArgs],
    { encoding: "utf8" },
  );
  if (made.status !== 0) {
    log.error(`[inkless] mariadb-install-db failed: ${made.stderr.slice(-500)}`);
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  const port = await freePort();
  const child = spawn(
    server,
    [
      "--no-defaults",
      `--datadir=${data}`,
      `--socket=${socket}`,
      `--port=${port}`,
      "--bind-address=127.0.0.1",
      `--pid-file=${join(dir, "mysqld.pid")}`,
      "--skip-log-bin",
      "--innodb-buffer-pool-size=16M",
      ...userArgs,
    ],
    { stdio: "ignore", detached: true },
  );
  const sql = (text) =>
    spawnSync(client, ["--no-defaults", `--socket=${socket}`, "-uroot", "-e", text], { encoding: "utf8" });
  let ready = false;
  for (let i = 0; i < 240 && !ready; i++) {
    if (child.exitCode !== null) break;
    ready = sql("SELECT 1").status === 0;
    if (!ready) await sleep(250);
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(20_000)]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    rmSync(dir, { recursive: true, force: true });
  };
  if (!ready) {
    log.error("[inkless] MariaDB did not start");
    await stop();
    return null;
  }
  const setup = sql(
    "CREATE DATABASE inkless_test; CREATE USER 'inkless'@'127.0.0.1' IDENTIFIED BY 'inkless'; " +
      "GRANT ALL ON inkless_test.* TO 'inkless'@'127.0.0.1';",
  );
  if (setup.status !== 0) {
    log.error(`[inkless] MariaDB setup failed: ${setup.stderr}`);
    await stop();
    return null;
  }
  const url = `mysql://inkless:inkless@127.0.0.1:${port}/inkless_test`;
  log.log(`[inkless] MariaDB ready: ${url}`);
  return { url, stop, root: sql };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // `export TEST_MARIADB_URL=$(node scripts/test-mariadb.mjs)`: the URL alone on stdout
  const started = await startTestMariadb({ log: { log: console.error, error: console.error } });
  if (started) {
    console.log(started.url);
    process.exit(0); // the server is detached and keeps running
  }
  process.exit(1);
}
