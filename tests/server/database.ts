// The PostgreSQL databases of the tests (and benches) on the one test server: each emptied for its
// user, named for the vitest run that owns it, and dropped with that run (or by the next run once its
// owner is gone, e.g. killed).
import pg from "pg";

/** An empty database of its own: dropped if it was there, then created; answers its URL. */
export async function emptyDatabase(serverUrl: string, name: string): Promise<string> {
  await asAdmin(serverUrl, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const PREFIX = "inkless_test_p";
/** a worker database's name, its run's pid captured */
const WORKER_DATABASE = new RegExp(`^${PREFIX}(\\d+)_w\\d+$`);

/**
 * The database of one vitest worker (VITEST_POOL_ID) of one vitest run: the run is its main process
 * (the workers' parent, `process.ppid`), so two runs at once on one machine (two engineers, the load
 * check) never drop each other's databases.
 */
export const workerDatabaseName = (runPid: number, poolId: number) => `${PREFIX}${runPid}_w${poolId}`;

/** Drops the worker databases of the run `ownPid` and of every run whose process is gone. */
export async function dropRunDatabases(serverUrl: string, ownPid: number): Promise<string[]> {
  return asAdmin(serverUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE $1",
      [`${PREFIX}%`],
    );
    const dropped: string[] = [];
    for (const { datname } of rows) {
      const pid = Number(WORKER_DATABASE.exec(datname)?.[1]);
      if (!pid || (pid !== ownPid && isAlive(pid))) continue;
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      dropped.push(datname);
    }
    return dropped;
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM"; // alive, someone else's
  }
}

async function asAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
