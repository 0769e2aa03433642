// Settings (issue 16): kept per user on the server, checked field by field, answered at sign-in with
// the stored configuration and the space used; and the folder indexes of migration 12 serving the
// template list.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../src/model/settings";
import { templateListSql } from "../../src/server/services/templates";
import { Client, ENGINES, newUser, startServer, type TestServer } from "./helpers";

describe.each(ENGINES)("settings on $name", (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(engine, { freeSpaceMb: 5, memberSpaceMb: 20_480, imageSizeKb: 1500 });
  }, 180_000); // a server start on a loaded machine (the build runs beside the unit tests)
  afterAll(async () => {
    await s?.close();
  });

  it("are the defaults at first, kept per user, and answered at the next sign-in", async () => {
    const { client, user, password } = await newUser(s.base, "set");
    const first = await client.call("/api/user/getSettings");
    expect(first.body.data.settings).toEqual(DEFAULT_SETTINGS);

    const saved = await client.call("/api/user/saveSettings", {
      unit: "inch",
      copies: 3,
      printer: "Zebra ZD421",
      printBackground: false,
      targetDpi: 300,
      labelWidth: 50,
      labelHeight: 30,
      language: "pt",
      sheetOffsetX: 1.25,
      sheetOffsetY: -2,
    });
    expect(saved.body.data).toEqual({
      unit: "inch",
      language: "pt",
      printer: "Zebra ZD421",
      copies: 3,
      printBackground: false,
      targetDpi: 300,
      labelWidth: 50,
      labelHeight: 30,
      // the office printer's offset (mm), to 0.1 mm
      sheetOffsetX: 1.3,
      sheetOffsetY: -2,
    });
    // a partial change keeps the rest; bad values keep what was there; unknown fields are dropped
    const bad = await client.call("/api/user/saveSettings", {
      unit: "furlong",
      copies: "many",
      targetDpi: 1000,
      labelWidth: 9999,
      language: "xx",
      admin: true,
      printBackground: "yes",
      sheetOffsetX: 25,
      sheetOffsetY: "down",
    });
    expect(bad.body.code).toBe(200);
    expect(bad.body.data).toMatchObject({
      unit: "inch",
      copies: 3,
      targetDpi: 300,
      labelWidth: 400,
      language: "pt",
      sheetOffsetX: 1.3,
      sheetOffsetY: -2,
    });
    expect(bad.body.data).not.toHaveProperty("admin");
    expect(bad.body.data.printBackground).toBe(false);

    // another user is untouched
    const other = await newUser(s.base, "set2");
    expect((await other.client.call("/api/user/getSettings")).body.data.settings).toEqual(DEFAULT_SETTINGS);

    // signing in again (another browser) answers them with the configuration and the space used
    const again = new Client(s.base);
    const login = await again.call("/api/user/login", { account: user.account, password });
    expect(login.body.data.userid).toBe(user.userid);
    expect(login.body.data.settings).toMatchObject({ unit: "inch", copies: 3, labelWidth: 400 });
    expect(login.body.data.configuration).toEqual({ member_space: "20 GB", image_size: 1500 });
    expect(login.body.data.space.total).toBe(5 * 1024 * 1024);
    expect(login.body.data.space.used).toBeGreaterThanOrEqual(0);
  });

  it("space used grows with the cloud data the user stores (what the upload quota counts)", async () => {
    const { client, user } = await newUser(s.base, "space");
    const before = (await client.call("/api/user/getSpace")).body.data.used;
    const db = s.app.services.db;
    const [folder] = await db.query<{ id: string }>(
      "SELECT id FROM cloud_classes WHERE user_id = $1 LIMIT 1",
      [user.userid],
    );
    await db.query(
      "INSERT INTO cloud_files (id, user_id, class_id, name, url, size) VALUES ($1, $2, $3, 'extra.png', '', 10000)",
      [`extra${user.userid}`, user.userid, folder.id],
    );
    const after = (await client.call("/api/user/getSpace")).body.data.used;
    expect(after - before).toBe(10_000);
  });

  it("need a session", async () => {
    const anon = new Client(s.base);
    expect((await anon.call("/api/user/saveSettings", { unit: "inch" })).body.code).toBe(301);
    expect((await anon.call("/api/user/getSettings")).body.code).toBe(301);
  });

  it("a folder's template list is served by the folder indexes", async () => {
    const db = s.app.services.db;
    const { user } = await newUser(s.base, "big");
    const [folder] = await db.query<{ id: string }>("SELECT id FROM template_classes WHERE user_id = $1", [
      user.userid,
    ]);
    // the user's other folder holds most of their templates: the folder is what narrows the list
    await db.query("INSERT INTO template_classes (id, user_id, name) VALUES ($1, $2, 'Archive')", [
      `arch${user.userid}`,
      user.userid,
    ]);
    await db.query(
      `INSERT INTO templates (id, user_id, class_id, name, width, height, updated_at)
       SELECT 'big' || g || $1, $1, CASE WHEN g % 20 = 0 THEN $2 ELSE 'arch' || $1 END, 'Label ' || g, 50, 30,
              now() - g * interval '1 minute'
         FROM generate_series(1, 6000) g`,
      [user.userid, folder.id],
    );
    await db.query("ANALYZE templates");
    const plan = async (order: "dateDesc" | "nameAsc", settings: string[]) =>
      db.tx(async (q) => {
        // a few thousand rows: the planner may still prefer a scan; what matters is that the index
        // can serve the query's filter and order, so the alternatives are priced out here
        for (const set of settings) await q.query(`SET LOCAL ${set} = off`);
        const sql = templateListSql(order).replace(
          /\$(\d)/g,
          (_, n) => ({ 1: `'${user.userid}'`, 2: `'${folder.id}'`, 3: "''", 4: "100", 5: "0" })[n as "1"],
        );
        const rows = await q.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`);
        return rows.map((r) => r["QUERY PLAN"]).join("\n");
      });
    // (on PostgreSQL the statistics of a shared test database can make a bitmap scan of the name
    // index plus a sort look cheaper: those are priced out too, as for the name order below)
    expect(await plan("dateDesc", ["enable_seqscan", "enable_bitmapscan", "enable_sort"])).toMatch(
      /Index Scan (using|on) templates_folder_updated/,
    );
    // by name: the folder's rows come from a folder index either way; given in name order, no sort
    expect(await plan("nameAsc", ["enable_seqscan"])).toMatch(/Index Scan (using|on) templates_folder_/);
    expect(await plan("nameAsc", ["enable_seqscan", "enable_bitmapscan", "enable_sort"])).toMatch(
      /Index Scan using templates_folder_name/,
    );
  });
});
