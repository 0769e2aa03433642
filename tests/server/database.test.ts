// The test runs' PostgreSQL databases (tests/server/database.ts): each run's are its own, and a run
// drops its own and those of runs that are gone, never those of a run still going.
import { spawnSync } from "node:child_process";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { dropRunDatabases, emptyDatabase, workerDatabaseName } from "./database";

const serverUrl = process.env.TEST_DATABASE_URL;

async function exists(name: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return (await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1;
  } finally {
    await c.end();
  }
}

describe.runIf(serverUrl)("test databases on PostgreSQL", () => {
  it("names a worker's database for its run, so two runs at once have different ones", () => {
    expect(workerDatabaseName(4242, 1)).toBe("inkless_test_p4242_w1");
    expect(workerDatabaseName(4242, 1)).not.toBe(workerDatabaseName(4343, 1));
    // this file's own database is named for the vitest run (the worker's parent)
    expect(workerDatabaseName(process.ppid, 1)).toContain(String(process.ppid));
  });

  it("drops the databases of its own run and of runs that are gone, not of a run still going", async () => {
    const url = serverUrl as string;
    const gone = spawnSync(process.execPath, [
      "-e",
      "process.stdout.write(String(process.pid))",
    ]).stdout.toString();
    const ended = workerDatabaseName(Number(gone), 7);
    // a run still going: this test's own process stands for it
    const going = workerDatabaseName(process.pid, 7);
    const own = workerDatabaseName(4_000_000, 7); // no process has this pid (above pid_max)
    for (const name of [ended, going, own]) await emptyDatabase(url, name);

    const dropped = await dropRunDatabases(url, 4_000_000);
    expect(dropped).toEqual(expect.arrayContaining([ended, own]));
    expect(dropped).not.toContain(going);
    expect(await exists(going)).toBe(true);
    expect(await exists(ended)).toBe(false);

    await dropRunDatabases(url, process.pid);
    expect(await exists(going)).toBe(false);
  });
});
