// The counter routes (issue 38; docs/api.md "Counters"): a signed-in user creates, edits, lists and
// deletes named counters, previews the next numbers without taking them, reserves a job's numbers and
// marks them used or void; bad settings answer translated messages; another user's counter reads as
// not found; signed out, nothing is reachable.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_RESERVE } from "../../src/model/counters";
import { type Client, ENGINES, newUser, startServer, type TestServer } from "./helpers";

describe.each(ENGINES)("counter routes on $name", (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(engine);
  }, 300_000);
  afterAll(async () => {
    await s?.close();
  });

  const create = (c: Client, body: Record<string, unknown> = {}) =>
    c.call("/api/counter/create", {
      name: "Lot",
      start: 1,
      step: 1,
      width: 5,
      prefix: "L",
      reset: "never",
      ...body,
    });

  it("creates, lists, previews, reserves, marks used and void, edits and deletes", async () => {
    const { client } = await newUser(s.base, "ctr");
    const made = await create(client);
    expect(made.body.code).toBe(200);
    const id: string = made.body.data.id;
    expect(made.body.data).toMatchObject({ name: "Lot", next: "L00001", reset: "never", width: 5 });
    expect((await client.call("/api/counter/list")).body.data.map((c: { id: string }) => c.id)).toEqual([id]);

    const preview = await client.call("/api/counter/preview", { id, count: 3 });
    expect(preview.body.data.numbers).toEqual(["L00001", "L00002", "L00003"]);
    const r1 = await client.call("/api/counter/reserve", { id, job: "job-1", count: 4 });
    expect(r1.body.data).toMatchObject({ job: "job-1", count: 4, state: "reserved", printed: null });
    expect(r1.body.data.numbers).toEqual(["L00001", "L00002", "L00003", "L00004"]);
    const again = await client.call("/api/counter/reserve", { id, job: "job-1", count: 4 });
    expect(again.body.data.id).toBe(r1.body.data.id);

    const used = await client.call("/api/counter/used", { id: r1.body.data.id });
    expect(used.body.data).toMatchObject({ state: "used", printed: 4 });
    expect((await client.call("/api/counter/used", { id: r1.body.data.id })).body.msg).toBe(
      "This reservation is already marked used or void",
    );

    const r2 = await client.call("/api/counter/reserve", { id, job: "job-2", count: 10 });
    expect(r2.body.data.numbers[0]).toBe("L00005");
    const voided = await client.call("/api/counter/void", { id: r2.body.data.id, printed: 2 });
    expect(voided.body.data).toMatchObject({ state: "void", printed: 2 });
    // the void numbers L00007…L00014 are never given again
    expect((await client.call("/api/counter/preview", { id })).body.data.numbers).toEqual(["L00015"]);
    const history = await client.call("/api/counter/history", { id });
    expect(history.body.data.map((r: { job: string; state: string }) => `${r.job}:${r.state}`)).toEqual([
      "job-2:void",
      "job-1:used",
    ]);

    const edited = await client.call("/api/counter/edit", {
      id,
      name: "Lot B",
      prefix: "B-",
      width: 0,
      reset: "daily",
    });
    expect(edited.body.data).toMatchObject({ name: "Lot B", next: "B-15", reset: "daily" });
    expect((await client.call("/api/counter/delete", { id })).body.code).toBe(200);
    expect((await client.call("/api/counter/list")).body.data).toEqual([]);
  });

  it("refuses bad settings and requests with translated messages", async () => {
    const { client } = await newUser(s.base, "ctrbad");
    const msg = async (path: string, body: Record<string, unknown>) => {
      const r = await client.call(path, body);
      expect(r.body.code).toBe(209);
      return r.body.msg as string;
    };
    expect(await msg("/api/counter/create", { name: "" })).toBe("The name cannot be empty");
    expect(await msg("/api/counter/create", { name: "x", start: -1 })).toBe(
      "The start must be a whole number from 0 to 2000000000",
    );
    expect(await msg("/api/counter/create", { name: "x", step: 0 })).toContain("step");
    expect(await msg("/api/counter/create", { name: "x", step: 1.5 })).toContain("step");
    expect(await msg("/api/counter/create", { name: "x", width: 19 })).toContain("width");
    expect(await msg("/api/counter/create", { name: "x", reset: "hourly" })).toBe(
      "Choose when the counter starts again: never, daily, monthly, yearly",
    );
    expect(await msg("/api/counter/create", { name: "x", prefix: "a\u0007" })).toContain("prefix");
    expect(await msg("/api/counter/create", { name: "x", prefix: "a\u200Eb" })).toContain("invisible");
    const id = (await create(client)).body.data.id;
    expect(await msg("/api/counter/create", { name: "Lot" })).toContain("“Lot” already exists");
    expect(await msg("/api/counter/reserve", { id, job: "a b", count: 1 })).toContain("job id");
    expect(await msg("/api/counter/reserve", { id, job: "j", count: 0 })).toBe(
      `Ask for 1 to ${MAX_RESERVE} numbers`,
    );
    expect(await msg("/api/counter/reserve", { id, job: "j", count: MAX_RESERVE + 1 })).toContain("Ask for");
    const r = (await client.call("/api/counter/reserve", { id, job: "j", count: 3 })).body.data;
    expect(await msg("/api/counter/reserve", { id, job: "j", count: 2 })).toBe(
      "This job already reserved 3 numbers of this counter",
    );
    expect(await msg("/api/counter/void", { id: r.id, printed: 4 })).toContain("from 0 to 3");
    // in another language
    client.lang = "es";
    expect(await msg("/api/counter/create", { name: "x", reset: "hourly" })).toBe(
      "Elija cuándo vuelve a empezar el contador: never, daily, monthly, yearly",
    );
  });

  it("keeps each user's counters and reservations their own; signed out, nothing is reachable", async () => {
    const a = await newUser(s.base, "ctra");
    const b = await newUser(s.base, "ctrb");
    const id = (await create(a.client)).body.data.id;
    const res = (await a.client.call("/api/counter/reserve", { id, job: "j", count: 1 })).body.data.id;
    for (const [path, body] of [
      ["/api/counter/preview", { id }],
      ["/api/counter/reserve", { id, job: "k", count: 1 }],
      ["/api/counter/edit", { id, name: "Mine" }],
      ["/api/counter/delete", { id }],
      ["/api/counter/history", { id }],
      ["/api/counter/used", { id: res }],
      ["/api/counter/void", { id: res }],
    ] as const) {
      const r = await b.client.call(path, body);
      expect(r.body.code, path).toBe(209);
    }
    expect((await b.client.call("/api/counter/list")).body.data).toEqual([]);
    const out = await newUser(s.base, "ctrout");
    out.client.cookie = "";
    expect((await out.client.call("/api/counter/list")).body.code).toBe(301);
    expect((await out.client.call("/api/counter/reserve", { id, job: "x", count: 1 })).body.code).toBe(301);
    // a's counter and reservation are untouched
    expect((await a.client.call("/api/counter/preview", { id })).body.data.numbers).toEqual(["L00002"]);
  });
});
