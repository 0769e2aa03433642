// Scheduled jobs run once per period for all the processes on a database (db/jobs.ts): claims on a
// fake clock, and two schedulers (as two processes would have) of which only one runs each tick.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedEmptyDatabase } from "../../e2e/support/pgliteTemplate";
import { type Db, openDb } from "../../src/server/db";
import { claimJob, type JobOutcome, scheduleJob } from "../../src/server/db/jobs";
import { ENGINES } from "./helpers";

const HOUR = 3600_000;

describe.each(ENGINES)("scheduled jobs on $name", (engine) => {
  let dir: string;
  let one: Db;
  /** a second connection pool on PostgreSQL (another process's); PGlite has one process */
  let two: Db;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "inkless-jobs-"));
    // PGlite: a copy of the migrated empty database, not an initdb (e2e/support/pgliteTemplate.ts)
    if (!engine.databaseUrl) await seedEmptyDatabase(dir);
    one = await openDb({ databaseUrl: engine.databaseUrl, dataDir: dir });
    two = engine.databaseUrl ? await openDb({ databaseUrl: engine.databaseUrl, dataDir: dir }) : one;
  }, 120_000);
  afterAll(async () => {
    if (two !== one) await two?.close();
    await one?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("claims a job once per period on the clock given, each job on its own", async () => {
    const name = `test-${randomUUID()}`;
    const t0 = new Date("2026-11-25T10:00:00Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);
    expect(await claimJob(one, name, HOUR, t0)).toBe(true);
    expect(await claimJob(two, name, HOUR, t0)).toBe(false); // the same tick on another process
    expect(await claimJob(two, name, HOUR, at(30 * 60_000))).toBe(false);
    // a timer a little early still claims it (90 % of the period)
    expect(await claimJob(two, name, HOUR, at(HOUR - 5 * 60_000))).toBe(true);
    expect(await claimJob(one, name, HOUR, at(HOUR))).toBe(false);
    expect(await claimJob(one, `${name}-other`, HOUR, at(HOUR))).toBe(true);
    // a process that stopped leaves it to the others: the next period is claimed by whoever ticks
    expect(await claimJob(two, name, HOUR, at(3 * HOUR))).toBe(true);
  });

  it("two schedulers on one database run the job once per tick between them", async () => {
    const name = `test-${randomUUID()}`;
    let runs = 0;
    const outcomes: JobOutcome[] = [];
    const work = async () => {
      runs++;
    };
    const a = scheduleJob(
      one,
      name,
      HOUR,
      work,
      () => {},
      (o) => outcomes.push(o),
    );
    const b = scheduleJob(
      two,
      name,
      HOUR,
      work,
      () => {},
      (o) => outcomes.push(o),
    );
    await vi.waitFor(() => expect(outcomes).toHaveLength(2), { timeout: 10_000, interval: 20 });
    await a.stop();
    await b.stop();
    expect(runs).toBe(1);
    expect(outcomes.sort()).toEqual(["ok", "skipped"]);
  });

  it("tells a failed run and logs it", async () => {
    const name = `test-${randomUUID()}`;
    const logs: string[] = [];
    const outcomes: JobOutcome[] = [];
    const job = scheduleJob(
      one,
      name,
      HOUR,
      async () => {
        throw new Error("disk full");
      },
      (l) => logs.push(l),
      (o) => outcomes.push(o),
    );
    await vi.waitFor(() => expect(outcomes).toEqual(["failed"]), { timeout: 10_000, interval: 20 });
    await job.stop();
    expect(logs).toEqual([`[inkless] ${name} failed: disk full`]);
  });
});
