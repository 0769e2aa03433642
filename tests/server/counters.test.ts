// Named counters that never repeat (issue 38): the service keeps each counter on the server,
// reserves a whole job's numbers at once, resets by the server's date, and records a cancelled job's
// unused numbers as void, never given again. Two printers sharing one counter print 1,000 distinct,
// consecutive numbers, also when one dies mid-job and resumes; on PostgreSQL they are two processes
// and one is killed (SIGKILL).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedEmptyDatabase } from "../../e2e/support/pgliteTemplate";
import { type CounterSettings, MAX_COUNTERS } from "../../src/model/counters";
import { type Db, openDb } from "../../src/server/db";
import type { ApiError } from "../../src/server/http/envelope";
import {
  counterReservations,
  createCounter,
  deleteCounter,
  findCounter,
  previewNumbers,
  reservedNumbers,
  reserveNumbers,
  settleReservation,
  updateCounter,
  userCounters,
} from "../../src/server/services/counters";
import { ENGINES } from "./helpers";
import { printLabels, spoolLines } from "./support/counterPrinter";

const SETTINGS: CounterSettings = { name: "Serial", start: 1, step: 1, width: 0, prefix: "", reset: "never" };

/** The error key a call fails with. */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => "no error",
    (e: ApiError) => e.key,
  );

/** Every number a list of spool lines printed, as integers (the prefix dropped). */
const valuesOf = (lines: [string, string][]) => lines.map(([, n]) => Number(n.replace(/^\D+/, "")));
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe.each(ENGINES)("counters on $name", (engine) => {
  let db: Db;
  let dir: string;
  let n = 0;
  const newUserId = async () => {
    const id = `cu${++n}`;
    await db.query(
      "INSERT INTO users (id, account, password_hash, nickname, industry) VALUES ($1, $2, 'x', 'N', 'retail')",
      [id, `${id}@example.com`],
    );
    return id;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "inkless-counters-"));
    // PGlite: a copy of the migrated empty database, not an initdb (e2e/support/pgliteTemplate.ts)
    if (!engine.databaseUrl) await seedEmptyDatabase(dir);
    db = await openDb({ databaseUrl: engine.databaseUrl, dataDir: dir });
  }, 300_000);
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reserves a job's numbers at once, consecutive, with step, width and prefix", async () => {
    const u = await newUserId();
    const c = await createCounter(db, u, { ...SETTINGS, start: 98, step: 2, width: 4, prefix: "SN-" });
    expect(previewNumbers(c, 2)).toEqual(["SN-0098", "SN-0100"]);
    const a = await reserveNumbers(db, u, c.id, "job-a", 3);
    expect(reservedNumbers(a)).toEqual(["SN-0098", "SN-0100", "SN-0102"]);
    const b = await reserveNumbers(db, u, c.id, "job-b", 2);
    expect(reservedNumbers(b)).toEqual(["SN-0104", "SN-0106"]);
    // a preview shows the next numbers and reserves nothing
    const now = await findCounter(db, u, c.id);
    expect(previewNumbers(now, 1)).toEqual(["SN-0108"]);
    expect(previewNumbers(await findCounter(db, u, c.id), 1)).toEqual(["SN-0108"]);
    expect(a.state).toBe("reserved");
  });

  it("asked again for the same job, answers the same numbers; another count is refused", async () => {
    const u = await newUserId();
    const c = await createCounter(db, u, SETTINGS);
    const first = await reserveNumbers(db, u, c.id, "retry", 5);
    const again = await reserveNumbers(db, u, c.id, "retry", 5);
    expect(again.id).toBe(first.id);
    expect(reservedNumbers(again)).toEqual(["1", "2", "3", "4", "5"]);
    expect(await failure(reserveNumbers(db, u, c.id, "retry", 6))).toBe("server.counter.jobReserved");
    expect(reservedNumbers(await reserveNumbers(db, u, c.id, "next", 1))).toEqual(["6"]);
  });

  it("resets by the server's date: daily, monthly, yearly; never counts on", async () => {
    const u = await newUserId();
    const at = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12);
    const take = async (id: string, job: string, when: Date) =>
      reservedNumbers(await reserveNumbers(db, u, id, job, 2, when));
    const daily = await createCounter(db, u, { ...SETTINGS, name: "d", reset: "daily", start: 10 });
    expect(await take(daily.id, "1", at(2026, 3, 1))).toEqual(["10", "11"]);
    expect(await take(daily.id, "2", at(2026, 3, 1))).toEqual(["12", "13"]);
    expect(await take(daily.id, "3", at(2026, 3, 2))).toEqual(["10", "11"]);
    const monthly = await createCounter(db, u, { ...SETTINGS, name: "m", reset: "monthly" });
    expect(await take(monthly.id, "1", at(2026, 3, 1))).toEqual(["1", "2"]);
    expect(await take(monthly.id, "2", at(2026, 3, 31))).toEqual(["3", "4"]);
    expect(await take(monthly.id, "3", at(2026, 4, 1))).toEqual(["1", "2"]);
    const yearly = await createCounter(db, u, { ...SETTINGS, name: "y", reset: "yearly" });
    expect(await take(yearly.id, "1", at(2026, 12, 31))).toEqual(["1", "2"]);
    expect(await take(yearly.id, "2", at(2026, 1, 5))).toEqual(["3", "4"]);
    expect(await take(yearly.id, "4", at(2025, 6, 1))).toEqual(["1", "2"]); // a clock set back: another period
    expect(await take(yearly.id, "3", at(2027, 1, 1))).toEqual(["1", "2"]);
    const never = await createCounter(db, u, { ...SETTINGS, name: "n" });
    expect(await take(never.id, "1", at(2026, 1, 1))).toEqual(["1", "2"]);
    expect(await take(never.id, "2", at(2030, 6, 1))).toEqual(["3", "4"]);
    // the preview follows the clock too
    expect(previewNumbers(await findCounter(db, u, daily.id), 1, at(2026, 3, 3))).toEqual(["10"]);
  });

  it("records a cancelled job's unused numbers as void and never gives them again", async () => {
    const u = await newUserId();
    const c = await createCounter(db, u, SETTINGS);
    const r = await reserveNumbers(db, u, c.id, "cancelled", 10);
    expect(await failure(settleReservation(db, u, r.id, 11))).toBe("server.counter.badPrinted");
    const v = await settleReservation(db, u, r.id, 3);
    expect(v).toMatchObject({ state: "void", printed: 3, first: 1, count: 10 });
    expect(await failure(settleReservation(db, u, r.id, 10))).toBe("server.counter.settled");
    expect(reservedNumbers(await reserveNumbers(db, u, c.id, "after", 2))).toEqual(["11", "12"]);
    const done = await reserveNumbers(db, u, c.id, "full", 2);
    expect((await settleReservation(db, u, done.id, 2)).state).toBe("used");
    expect((await counterReservations(db, u, c.id)).map((x) => [x.job_id, x.state])).toEqual([
      ["full", "used"],
      ["after", "reserved"],
      ["cancelled", "void"],
    ]);
    // another user's counter and reservation read as not found
    const other = await newUserId();
    expect(await failure(reserveNumbers(db, other, c.id, "x", 1))).toBe("server.error.itemNotFound");
    expect(await failure(settleReservation(db, other, done.id, 2))).toBe("server.error.itemNotFound");
  });

  it("an edit never makes a number come back; names are unique; a user keeps at most the cap", async () => {
    const u = await newUserId();
    const c = await createCounter(db, u, { ...SETTINGS, start: 100 });
    await reserveNumbers(db, u, c.id, "a", 5);
    const lower = await updateCounter(db, u, c.id, { ...SETTINGS, start: 1, prefix: "X" });
    expect(previewNumbers(lower, 1)).toEqual(["X105"]);
    const higher = await updateCounter(db, u, c.id, { ...SETTINGS, start: 500 });
    expect(previewNumbers(higher, 1)).toEqual(["500"]);
    // a new reset rule carries on from the next number; the next period starts again
    const day = new Date(2026, 5, 1, 12);
    const daily = await updateCounter(db, u, c.id, { ...SETTINGS, start: 1, reset: "daily" }, day);
    expect(previewNumbers(daily, 1, day)).toEqual(["500"]);
    expect(reservedNumbers(await reserveNumbers(db, u, c.id, "b", 1, day))).toEqual(["500"]);
    expect(previewNumbers(await findCounter(db, u, c.id), 1, new Date(2026, 5, 2, 12))).toEqual(["1"]);
    expect(await failure(createCounter(db, u, { ...SETTINGS, name: "Serial" }))).toBe(
      "server.counter.nameTaken",
    );
    for (let i = (await userCounters(db, u)).length; i < MAX_COUNTERS; i++)
      await createCounter(db, u, { ...SETTINGS, name: `c${i}` });
    expect(await failure(createCounter(db, u, { ...SETTINGS, name: "one more" }))).toBe(
      "server.counter.tooMany",
    );
    await deleteCounter(db, u, c.id);
    expect(await failure(findCounter(db, u, c.id))).toBe("server.error.itemNotFound");
    expect(await failure(deleteCounter(db, u, c.id))).toBe("server.error.itemNotFound");
  });

  it("two printers at once, 500 labels each, one dying mid-job and resuming: 1,000 distinct consecutive numbers", async () => {
    const u = await newUserId();
    const c = await createCounter(db, u, { ...SETTINGS, start: 1000, prefix: "P" });
    const spools = [join(dir, "a.txt"), join(dir, "b.txt")];
    const opts = (i: number) => ({
      userId: u,
      counterId: c.id,
      name: `p${i}`,
      labels: 500,
      perJob: 30,
      spool: spools[i],
    });
    const died = await Promise.allSettled([
      printLabels(db, { ...opts(0), dieAfter: 217 }),
      printLabels(db, opts(1)),
    ]);
    expect(died[0].status).toBe("rejected");
    expect(died[1].status).toBe("fulfilled");
    expect(spoolLines(spools[0])).toHaveLength(217);
    await printLabels(db, opts(0)); // started again: resumes its unfinished job
    const printed = valuesOf([...spoolLines(spools[0]), ...spoolLines(spools[1])]);
    expect(printed).toHaveLength(1000);
    expect([...printed].sort((a, b) => a - b)).toEqual(range(1000, 1000));
    const kept = await counterReservations(db, u, c.id, 1000);
    expect(kept.every((r) => r.state === "used")).toBe(true);
  });
});

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const postgres = ENGINES.find((e) => e.name === "postgres");

describe.skipIf(!DATABASE_URL)("counters across processes on PostgreSQL (TEST_DATABASE_URL)", () => {
  let db: Db;
  let dir: string;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "inkless-counters-proc-"));
    db = await openDb({ databaseUrl: postgres?.databaseUrl, dataDir: dir });
  }, 300_000);
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A printing process (tests/server/support/counterPrinter.ts); resolves with its exit code. */
  function printer(o: object): { child: ChildProcess; exit: Promise<number | null> } {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", join(__dirname, "support/counterPrinter.ts"), JSON.stringify(o)],
      { env: { ...process.env, DATABASE_URL: postgres?.databaseUrl }, stdio: ["ignore", "ignore", "pipe"] },
    );
    children.push(child);
    let err = "";
    child.stderr?.on("data", (d) => {
      err += d;
    });
    const exit = new Promise<number | null>((done) =>
      child.on("exit", (code) => {
        if (code) console.error(err);
        done(code);
      }),
    );
    return { child, exit };
  }

  it.each([
    ["both finish", false],
    ["one is killed mid-job and started again", true],
  ])(
    "two processes, 500 labels each from one counter: 1,000 distinct consecutive numbers (%s)",
    async (_, kill) => {
      const u = `proc${kill ? 2 : 1}`;
      await db.query(
        "INSERT INTO users (id, account, password_hash, nickname, industry) VALUES ($1, $2, 'x', 'N', 'retail')",
        [u, `${u}@example.com`],
      );
      const c = await createCounter(db, u, { ...SETTINGS, start: 1, width: 6, prefix: "LOT-" });
      const spools = [join(dir, `${u}-a.txt`), join(dir, `${u}-b.txt`)];
      const opts = (i: number) => ({
        userId: u,
        counterId: c.id,
        name: `p${i}`,
        labels: 500,
        perJob: 40,
        spool: spools[i],
      });
      const a = printer(opts(0));
      const b = printer(opts(1));
      if (kill) {
        // killed while it prints: some of its labels are out, its current job is not finished
        await vi.waitFor(() => expect(spoolLines(spools[0]).length).toBeGreaterThan(150), {
          timeout: 120_000,
          interval: 20,
        });
        a.child.kill("SIGKILL");
        expect(await a.exit).toBe(null);
        const before = spoolLines(spools[0]).length;
        expect(before).toBeLessThan(500);
        const open = await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM counter_reservations WHERE counter_id = $1 AND state = 'reserved' AND job_id LIKE 'p0-%'",
          [c.id],
        );
        expect(open[0].n).toBeLessThanOrEqual(1);
        expect(await printer(opts(0)).exit).toBe(0);
      } else expect(await a.exit).toBe(0);
      expect(await b.exit).toBe(0);
      const lines = [...spoolLines(spools[0]), ...spoolLines(spools[1])];
      expect(lines).toHaveLength(1000);
      expect(new Set(lines.map(([, n]) => n)).size).toBe(1000);
      expect([...valuesOf(lines)].sort((x, y) => x - y)).toEqual(range(1, 1000));
      expect(lines[0][1]).toMatch(/^LOT-\d{6}$/);
      const kept = await counterReservations(db, u, c.id, 1000);
      expect(kept.every((r) => r.state === "used")).toBe(true);
    },
    300_000,
  );
});
