// Print records (issue 17): the spec's preview-image record with our printer and records fields,
// the paged list with its filters, the totals, delete, the print-record switch, retention in the
// query (7 days free, 3 months member) and the scheduled purge with an injected clock.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgePrintRecords } from "../../src/server/services/printRecords";
import { type Client, ENGINES, newUser, startServer, type TestServer, upload } from "./helpers";

const DAY = 86_400_000;

describe.each(ENGINES)("print records on $name", (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(engine);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const db = () => s.app.services.db;
  const add = (c: Client, over: Record<string, unknown> = {}) =>
    c.call("/api/tem.app_public/printHistoryNewAdd", {
      tmp_id: "t1",
      name: "Shelf tag",
      width: 60,
      height: 40,
      print_num: 2,
      is_copy: 0,
      tmp_type: "cloud",
      data_type: "label",
      printer_kind: "driver",
      printer: "Shelf TSPL",
      records: "1-3",
      labels: 6,
      pages: 6,
      ...over,
    });
  const list = async (c: Client, q: Record<string, unknown> = {}) =>
    (await c.call("/api/tem.app_public/getPrintHistory", q)).body;
  /** Moves a record `days` days into the past (the clock of the rows). */
  const age = (id: string, days: number, now = Date.now()) =>
    db().query("UPDATE print_history SET created_at = $2 WHERE id = $1", [id, new Date(now - days * DAY)]);

  it("stores the spec's fields and ours, and lists them for their owner only", async () => {
    const a = await newUser(s.base, "pa");
    const b = await newUser(s.base, "pb");
    const r = await add(a.client, { user_id: a.user.userid });
    expect(r.body.code).toBe(200);
    const got = await list(a.client);
    expect(got.count).toBe(1);
    expect(got.data[0]).toMatchObject({
      id: r.body.data.id,
      template_id: "t1",
      name: "Shelf tag",
      width: 60,
      height: 40,
      copies: 2,
      is_copy: false,
      tmp_type: "cloud",
      data_type: "label",
      printer_kind: "driver",
      printer: "Shelf TSPL",
      records: "1-3",
      labels: 6,
      pages: 6,
    });
    expect((await list(b.client)).data).toEqual([]);
    // nobody records in another user's name; unknown kinds are not stored as given
    expect((await add(b.client, { user_id: a.user.userid })).body.code).toBe(403);
    await add(b.client, { printer_kind: "<script>", data_type: "x" });
    expect((await list(b.client)).data[0]).toMatchObject({ printer_kind: "", data_type: "label" });
  });

  it("pages, filters by time, name and printer kind, and deletes", async () => {
    const { client: c } = await newUser(s.base, "pf");
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        (
          await add(c, {
            name: i % 2 ? "Price label" : "Shelf tag",
            printer_kind: i < 2 ? "browser" : "cloud",
          })
        ).body.data.id,
      );
    await age(ids[0], 3);
    const page1 = await list(c, { page: 1, size: 2 });
    expect(page1.count).toBe(5);
    expect(page1.data.map((r: { id: string }) => r.id)).not.toContain(ids[0]);
    const page3 = await list(c, { page: 3, size: 2 });
    expect(page3.data.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    expect((await list(c, { keyword: "PRICE" })).count).toBe(2);
    expect((await list(c, { printer_kind: "browser" })).count).toBe(2);
    const since = new Date(Date.now() - DAY).toISOString();
    expect((await list(c, { from: since })).count).toBe(4);
    expect((await list(c, { to: since })).data.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    expect((await list(c, { from: "not a time" })).count).toBe(5);
    const del = await c.call("/api/tem.app_public/delPrintHistory", { ids: [ids[1], ids[2], "x'--"] });
    expect(del.body.data.deleted).toBe(2);
    expect((await list(c)).count).toBe(3);
  });

  it("deletes a record's printed picture with it, unless another record names the same picture", async () => {
    const { client: c, user } = await newUser(s.base, "pp");
    const files = s.app.services.files;
    const picture = async (name: string) => {
      const key = `${user.userid}/tprt/printed/20261206/${name}.png`;
      const r = await upload(c, key, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5]));
      expect(r.body.code).toBe(200);
      return { key, url: r.body.data.url as string };
    };
    const shared = await picture("shared");
    const own = await picture("own");
    const a = (await add(c, { image_address: shared.url })).body.data.id;
    const b = (await add(c, { image_address: shared.url })).body.data.id;
    const d = (await add(c, { image_address: own.url })).body.data.id;

    await c.call("/api/tem.app_public/delPrintHistory", { ids: [a, d] });
    expect(await files.get(own.key)).toBeNull();
    // record b still shows the shared picture
    expect(await files.get(shared.key)).not.toBeNull();

    await c.call("/api/tem.app_public/delPrintHistory", { ids: [b] });
    expect(await files.get(shared.key)).toBeNull();
  });

  it("the purge deletes the printed pictures of the records it deletes", async () => {
    const { client: c, user } = await newUser(s.base, "pq");
    const key = `${user.userid}/tprt/printed/20261206/old.png`;
    const url = (await upload(c, key, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 9]))).body.data.url;
    const id = (await add(c, { image_address: url })).body.data.id;
    await age(id, 8);
    expect((await purgePrintRecords(db(), new Set())).images).toContainEqual({
      userId: user.userid,
      image: url,
    });
  });

  it("totals labels since the client's starts of today, week and month, and in all kept", async () => {
    const { client: c } = await newUser(s.base, "pt");
    const now = Date.now();
    const a = (await add(c, { labels: 1 })).body.data.id;
    const b = (await add(c, { labels: 10 })).body.data.id;
    const d = (await add(c, { labels: 100 })).body.data.id;
    await age(a, 0.5, now);
    await age(b, 3, now);
    await age(d, 6, now);
    const iso = (days: number) => new Date(now - days * DAY).toISOString();
    const t = (
      await c.call("/api/tem.app_public/getPrintTotals", { today: iso(1), week: iso(4), month: iso(30) })
    ).body.data;
    expect(t).toMatchObject({ today: 1, week: 11, month: 111, kept: 111, recording: true, member: false });
  });

  it("records nothing while the print-record switch is off", async () => {
    const { client: c } = await newUser(s.base, "ps");
    expect(
      (await c.call("/api/tem.app_public/setPrintRecordSwitch", { on: false })).body.data.recording,
    ).toBe(false);
    expect((await add(c)).body.data.id).toBe("");
    expect((await list(c)).count).toBe(0);
    expect((await c.call("/api/tem.app_public/getPrintTotals")).body.data.recording).toBe(false);
    await c.call("/api/tem.app_public/setPrintRecordSwitch", { on: true });
    await add(c);
    expect((await list(c)).count).toBe(1);
  });

  it("shows 7 days to a free user and 3 months to a member; the purge deletes the rest (fake clock)", async () => {
    const free = await newUser(s.base, "rf");
    const member = await newUser(s.base, "rm");
    const operator = await newUser(s.base, "ro");
    await db().query("UPDATE users SET is_member = true, member_expire = NULL WHERE id = $1", [
      member.user.userid,
    ]);
    s.app.services.sessions.clear();
    const now = Date.now();
    const rows: Record<string, Record<number, string>> = {};
    for (const [tag, u] of Object.entries({ free, member, operator })) {
      rows[tag] = {};
      for (const days of [1, 6, 8, 80, 95]) {
        const id = (await add(u.client, { name: `${tag} ${days}` })).body.data.id;
        await age(id, days, now);
        rows[tag][days] = id;
      }
    }
    const names = async (c: Client) => (await list(c)).data.map((r: { name: string }) => r.name);
    expect(await names(free.client)).toEqual(["free 1", "free 6"]);
    expect(await names(member.client)).toEqual(["member 1", "member 6", "member 8", "member 80"]);

    // with membership switched off everyone keeps 3 months: only the 95-day-old records go
    expect((await purgePrintRecords(db(), new Set(), new Date(now), true)).deleted).toBe(3);
    // the purge at "now": what the list no longer shows goes; the operator's member accounts keep 3 months
    const n = (await purgePrintRecords(db(), new Set([operator.user.account.toLowerCase()]), new Date(now)))
      .deleted;
    expect(n).toBe(2);
    const left = async (userId: string) =>
      (
        await db().query<{ name: string }>(
          "SELECT name FROM print_history WHERE user_id = $1 ORDER BY created_at DESC",
          [userId],
        )
      ).map((r) => r.name);
    expect(await left(free.user.userid)).toEqual(["free 1", "free 6"]);
    expect(await left(member.user.userid)).toEqual(["member 1", "member 6", "member 8", "member 80"]);
    expect(await left(operator.user.userid)).toEqual([
      "operator 1",
      "operator 6",
      "operator 8",
      "operator 80",
    ]);

    // two days later, with the membership lapsed: the member keeps 7 days only
    await db().query("UPDATE users SET member_expire = $2 WHERE id = $1", [
      member.user.userid,
      new Date(now),
    ]);
    // (other tests' rows go too: the count is not checked here)
    await purgePrintRecords(db(), new Set(), new Date(now + 2 * DAY));
    expect(await left(free.user.userid)).toEqual(["free 1"]);
    expect(await left(member.user.userid)).toEqual(["member 1"]);
    expect(await left(operator.user.userid)).toEqual(["operator 1"]);
  });
});
