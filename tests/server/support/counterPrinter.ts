// A printing process of the counter tests (issue 38): prints `labels` labels in jobs of `perJob`,
// each job's numbers reserved from one server-kept counter, each label "printed" as one line
// `<job id> <number>` appended to a spool file (a label that reached the printer). Started again
// after being killed, it reads its spool and resumes its unfinished job from where it stopped: the
// job's reservation is asked for again under the same job id, so it gets the same numbers, never new
// ones, and prints only those not printed yet.
// As a process: node --import tsx counterPrinter.ts <json options> (DATABASE_URL in the env).
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { type Db, openDb } from "../../../src/server/db";
import { reservedNumbers, reserveNumbers, settleReservation } from "../../../src/server/services/counters";

export interface PrinterOptions {
  userId: string;
  counterId: string;
  /** This printer's name: its job ids are `<name>-<n>`. */
  name: string;
  labels: number;
  perJob: number;
  spool: string;
  /** Stop (throw) after printing this many labels in this run: a process dying mid-job. */
  dieAfter?: number;
}

/** The spool's lines as [job id, number]. */
export const spoolLines = (spool: string): [string, string][] =>
  existsSync(spool)
    ? readFileSync(spool, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => l.split(" ") as [string, string])
    : [];

export async function printLabels(db: Db, o: PrinterOptions): Promise<void> {
  const done = spoolLines(o.spool);
  let printedThisRun = 0;
  const jobs = Math.ceil(o.labels / o.perJob);
  for (let j = 0; j < jobs; j++) {
    const jobId = `${o.name}-${j}`;
    const count = Math.min(o.perJob, o.labels - j * o.perJob);
    const already = new Set(done.filter(([id]) => id === jobId).map(([, n]) => n));
    if (already.size === count) continue; // finished before a restart
    const r = await reserveNumbers(db, o.userId, o.counterId, jobId, count);
    for (const n of reservedNumbers(r)) {
      if (already.has(n)) continue;
      if (o.dieAfter !== undefined && printedThisRun === o.dieAfter) throw new Error("died mid-job");
      appendFileSync(o.spool, `${jobId} ${n}\n`);
      printedThisRun++;
      await new Promise((go) => setImmediate(go)); // the printer takes a moment: others run meanwhile
    }
    await settleReservation(db, o.userId, r.id, "all");
  }
}

if (process.argv[1]?.endsWith("counterPrinter.ts")) {
  const o = JSON.parse(process.argv[2]) as PrinterOptions;
  const db = await openDb({ databaseUrl: process.env.DATABASE_URL, dataDir: "" });
  try {
    await printLabels(db, o);
  } finally {
    await db.close();
  }
}
