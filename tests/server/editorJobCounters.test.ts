// Counters in the editor's own prints (issue 38; docs/data-sources.md "Counters"): the editor
// reserves a job's numbers of every counter the label uses at once (/api/counter/jobReserve, the
// print API's service), and the job's end settles them (/api/counter/jobEnd: used or void); a cloud
// job takes the reservation's id (hmPrintFile job_id), so the device's report settles it.
import { describe, expect, it } from "vitest";
import { reportJob, takeJob } from "../../src/server/services/deviceJobs";
import { ENGINES, newUser, startServer, upload } from "./helpers";

const DIST = "/api/tem.distInterface/distData";
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 1, 2, 3]);

describe.each(ENGINES)("the editor's print jobs with counters on $name", (engine) => {
  it("reserves all counters of a job, continues the sequence, settles used and void, never reuses", async () => {
    const s = await startServer(engine);
    try {
      const { client, user } = await newUser(s.base, "edctr");
      const other = (await newUser(s.base, "edctr2")).client;
      const make = async (name: string, prefix: string) =>
        (await client.call("/api/counter/create", { name, start: 1, width: 3, prefix })).body.data
          .id as string;
      const serial = await make("Serial", "S");
      const box = await make("Box", "B");
      const reserve = (job: string, count = 3, counters = [serial, box]) =>
        client.call("/api/counter/jobReserve", { job, counters, count });
      const history = async (id: string) =>
        (await client.call("/api/counter/history", { id })).body.data as {
          job: string;
          state: string;
          printed: number | null;
          numbers: string[];
        }[];

      const first = await reserve("job-1");
      expect(first.body.code).toBe(200);
      expect(first.body.data.numbers).toEqual({
        [serial]: ["S001", "S002", "S003"],
        [box]: ["B001", "B002", "B003"],
      });
      // another user cannot settle this user's job
      expect((await other.call("/api/counter/jobEnd", { job: "job-1", done: false })).body.data.settled).toBe(
        0,
      );
      expect((await client.call("/api/counter/jobEnd", { job: "job-1", done: true })).body.data.settled).toBe(
        2,
      );
      expect((await history(serial))[0]).toMatchObject({ job: "job-1", state: "used", printed: 3 });

      // the next print continues; a cancelled one is void and its numbers are not given again
      const second = await reserve("job-2");
      expect(second.body.data.numbers[serial]).toEqual(["S004", "S005", "S006"]);
      await client.call("/api/counter/jobEnd", { job: "job-2", done: false });
      expect((await history(box))[0]).toMatchObject({ job: "job-2", state: "void", printed: 0 });
      // settled once: a late report changes nothing
      expect((await client.call("/api/counter/jobEnd", { job: "job-2", done: true })).body.data.settled).toBe(
        0,
      );
      expect((await reserve("job-3", 1)).body.data.numbers[serial]).toEqual(["S007"]);

      // a counter that cannot be reserved refuses the job and voids what it already took
      const refused = await reserve("job-4", 2, [serial, "nosuchcounter"]);
      expect(refused.body.code).not.toBe(200);
      expect((await history(serial))[0]).toMatchObject({
        job: "job-4",
        state: "void",
        numbers: ["S008", "S009"],
      });
      expect(
        (await client.call("/api/counter/jobReserve", { job: "job-5", counters: "x", count: 1 })).body.code,
      ).toBe(209);
      expect(
        (await client.call("/api/counter/jobReserve", { job: "bad id!", counters: [serial], count: 1 })).body
          .code,
      ).toBe(209);

      // a cloud job takes the reservation's id: the device's report settles its numbers
      const dev = (await client.call("/api/device/bind", { name: "Line" })).body.data;
      const img = (await upload(client, `${user.userid}/print/p1.png`, png, "p1.png")).body.data.url;
      await reserve("cloud-1", 1, [serial]);
      const sent = await client.call(DIST, {
        fun: "hmPrintFile",
        sn: dev.sn,
        files: img,
        print_type: "ESC",
        phr: 1,
        print_file_type: 1,
        job_id: "cloud-1",
      });
      expect(sent.body.data.job_id).toBe("cloud-1");
      const { db, files } = s.app.services;
      expect((await takeJob(db, files, dev.sn))?.id).toBe("cloud-1");
      expect(await reportJob(db, dev.sn, "cloud-1", true, "")).toBe(true);
      expect((await history(serial))[0]).toMatchObject({ job: "cloud-1", state: "used", numbers: ["S010"] });
    } finally {
      await s.close();
    }
  }, 300_000);
});
