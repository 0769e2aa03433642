// Counters in server-drawn print jobs (issue 38; docs/data-sources.md "Counters"): POST /api/v1/print
// reserves one number per label of each counter the label uses (copies repeat it), draws the labels
// with them, and the device's report settles the reservation: used when the job is done, void when
// it failed or the queue gave up on it. A counter that cannot be reserved refuses the print and queues nothing.
import { describe, expect, it } from "vitest";
import { decodePng, type Pixels } from "../../src/export/pdf/png";
import { DRAW_ABANDONED, reportJob, sweepJobs, takeJob } from "../../src/server/services/deviceJobs";
import { decode } from "../codes/support/zxing";
import { counterLabel } from "../print/support/label";
import { printApiOf } from "../print/support/printApi";
import { ENGINES, newUser, startServer, untilDrawn } from "./helpers";

describe.each(ENGINES)("print API jobs with a counter on $name", (engine) => {
  it("reserves one number per label, prints them, marks them used when done and void when failed", async () => {
    const s = await startServer(engine);
    try {
      const { client, user } = await newUser(s.base, "jobctr");
      const counter = (
        await client.call("/api/counter/create", { name: "Serial", start: 1, width: 4, prefix: "SN" })
      ).body.data;
      const { template, dev, call } = await printApiOf(client, user.userid, {
        label: counterLabel(counter.id),
        templateName: "Serials",
        deviceName: "Line",
      });
      const print = async (body: unknown) => (await call("/api/v1/print", body)).body;
      const history = async () =>
        (await client.call("/api/counter/history", { id: counter.id })).body.data as {
          job: string;
          state: string;
          printed: number | null;
          numbers: string[];
        }[];
      const { db, files } = s.app.services;
      const job = { template_id: template.id, records: [{}, {}, {}], target: dev.sn, copies: 2 };

      const first = await print(job);
      expect(first.code).toBe(200);
      expect(first.data.labels).toBe(6);
      expect(await history()).toMatchObject([
        { job: first.data.job_id, state: "reserved", printed: null, numbers: ["SN0001", "SN0002", "SN0003"] },
      ]);
      await untilDrawn(db, first.data.job_id);
      const sent = await takeJob(db, files, dev.sn);
      expect(sent?.id).toBe(first.data.job_id);
      // one drawing per label, each repeated per copy
      expect(sent?.order).toEqual([0, 0, 1, 1, 2, 2]);
      const read = await Promise.all(
        (sent?.images ?? []).map(
          async (b64) =>
            (
              await decode(decodePng(new Uint8Array(Buffer.from(b64, "base64"))) as Pixels, {
                formats: ["Code128"],
              })
            )[0]?.text,
        ),
      );
      expect(read).toEqual(["SN0001", "SN0002", "SN0003"]);
      expect(await reportJob(db, dev.sn, first.data.job_id, true, "")).toBe(true);
      expect((await history())[0]).toMatchObject({ state: "used", printed: 3 });

      const second = await print({ ...job, copies: 1 });
      expect(second.code).toBe(200);
      await untilDrawn(db, second.data.job_id);
      await takeJob(db, files, dev.sn);
      expect(await reportJob(db, dev.sn, second.data.job_id, false, "paper out")).toBe(true);
      expect((await history())[0]).toMatchObject({
        job: second.data.job_id,
        state: "void",
        printed: 0,
        numbers: ["SN0004", "SN0005", "SN0006"],
      });

      // a job the queue gives up on (taken, never reported) is void too
      const third = await print({ ...job, copies: 1 });
      await untilDrawn(db, third.data.job_id);
      await takeJob(db, files, dev.sn);
      await db.query(
        "UPDATE print_jobs SET status = 'printing', taken_at = now() - interval '1 day' WHERE id = $1",
        [third.data.job_id],
      );
      expect((await sweepJobs(db)).failed).toBe(1);
      expect((await history())[0]).toMatchObject({ job: third.data.job_id, state: "void", printed: 0 });

      // a job whose drawing a stopped server left behind fails (the reason on the job), void too
      const fourth = await print({ ...job, copies: 1 });
      await untilDrawn(db, fourth.data.job_id);
      await db.query(
        "UPDATE print_jobs SET status = 'drawing', created_at = now() - interval '1 day' WHERE id = $1",
        [fourth.data.job_id],
      );
      expect((await sweepJobs(db)).failed).toBe(1);
      const [left] = await db.query<{ status: string; message: string }>(
        "SELECT status, message FROM print_jobs WHERE id = $1",
        [fourth.data.job_id],
      );
      expect(left).toEqual({ status: "failed", message: DRAW_ABANDONED });
      expect((await history())[0]).toMatchObject({ job: fourth.data.job_id, state: "void", printed: 0 });

      // a deleted counter: refused, nothing queued
      await client.call("/api/counter/delete", { id: counter.id });
      const refused = await print(job);
      expect(refused.code).toBe(209);
      const jobs = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM print_jobs WHERE user_id = $1",
        [user.userid],
      );
      expect(jobs[0].n).toBe(4);
    } finally {
      await s.close();
    }
  }, 300_000);
});
