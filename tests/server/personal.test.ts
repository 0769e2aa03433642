// The personal centre's calls (issue 17): the sign-in methods; "Export my data" (a zip read back:
// profile, the template's own bytes, an image, the print records CSV, the shares); account
// cancellation (typed confirmation, password, or a fresh sign-in for an account without one), after
// which nothing of the user is left in any table or in the file store, and the account can register
// again.
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvField, zipSegment } from "../../src/server/services/exportData";
import { addTemplate, type Client, ENGINES, newUser, startServer, type TestServer, upload } from "./helpers";

const TPRT =
  '<?xml version="1.0" encoding="utf-8"?><LabelFile><FileInfo Width="40" Height="30"/></LabelFile>';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

describe("export helpers", () => {
  it("makes zip path segments and CSV fields safe", () => {
    expect(zipSegment("a/b\\c:d*?e", "x")).toBe("a_b_c_d__e");
    expect(zipSegment("..", "x")).toBe("x");
    expect(zipSegment("  ", "x")).toBe("x");
    expect(csvField('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField(3)).toBe("3");
  });
});

describe.each(ENGINES)("personal centre on $name", (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(engine);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });
  const db = () => s.app.services.db;

  async function addImage(c: Client, userId: string) {
    const folder = (await c.call("/api/tem.app_public/getCloudDataList", { type: 1 })).body.data[0];
    const up = await upload(c, `${userId}/img/logo.png`, PNG, "logo.png");
    const r = await c.call("/api/tem.app_public/addCloudFile", {
      tid: folder.id,
      name: "logo.png",
      url: up.body.data.url,
    });
    expect(r.body.code).toBe(200);
    return folder.name as string;
  }
  const exportZip = async (c: Client) => {
    const r = await c.raw("/interface/api/user/exportData");
    return { r, files: r.status === 200 ? unzipSync(new Uint8Array(await r.arrayBuffer())) : {} };
  };
  const text = (b: Uint8Array | undefined) => new TextDecoder().decode(b ?? new Uint8Array());

  it("lists the sign-in methods", async () => {
    const { client } = await newUser(s.base, "sm");
    expect((await client.call("/api/user/signInMethods")).body.data).toEqual({
      password: true,
      providers: [],
    });
  });

  it("exports a zip of the profile, templates, data files, print records and shares", async () => {
    const a = await newUser(s.base, "ex");
    const b = await newUser(s.base, "ex2");
    const tpl = await addTemplate(a.client, a.user.userid, "..Jar lid.", { file: TPRT });
    const imageFolder = await addImage(a.client, a.user.userid);
    await a.client.call("/api/tem.app_public/printHistoryNewAdd", {
      tmp_id: tpl.id,
      name: "=Jar",
      print_num: 2,
      labels: 6,
      printer_kind: "driver",
      printer: "Shelf, TSPL",
    });
    const share = (await a.client.call("/api/share/create", { id: tpl.id, days: 1 })).body.data;
    expect((await b.client.call("/api/share/redeem", { code: share.code })).body.code).toBe(200);

    const { r, files } = await exportZip(a.client);
    expect(r.headers.get("content-type")).toBe("application/zip");
    expect(r.headers.get("content-disposition")).toMatch(
      /^attachment; filename="inkless-data-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const profile = JSON.parse(text(files["profile.json"]));
    expect(profile).toMatchObject({
      userid: a.user.userid,
      account: a.user.account,
      industry: "retail",
      member: false,
    });
    // the template's own bytes, under its folder, its name made safe for a path
    const folders = (await a.client.call("/api/tem.app_public/getUserClassList")).body.data;
    const folder = folders.find((f: { id: string }) => f.id === tpl.parent_id).name;
    expect(text(files[`templates/${folder}/Jar lid.tprt`])).toBe(TPRT);
    // the three sample labels come too
    expect(Object.keys(files).filter((k) => k.startsWith("templates/")).length).toBe(4);
    expect(files[`data/images/${imageFolder}/logo.png`]).toEqual(PNG);
    const csv = text(files["print-records.csv"]).split("\r\n");
    expect(csv[0]).toBe(
      "time_utc,label,template_id,width_mm,height_mm,printer_kind,printer,records,copies,labels,pages,label_type",
    );
    expect(csv[1]).toContain(`,'=Jar,${tpl.id},0,0,driver,"Shelf, TSPL",,2,6,0,`);
    expect(csv).toHaveLength(3);
    const shares = JSON.parse(text(files["shares.json"]));
    expect(shares.given).toEqual([
      expect.objectContaining({ code: share.code, name: "..Jar lid.", uses: 1 }),
    ]);
    expect(JSON.parse(text((await exportZip(b.client)).files["shares.json"])).added).toEqual([
      expect.objectContaining({ code: share.code, kind: "template" }),
    ]);
    // only signed-in users export, and only their own data
    const anon = await fetch(`${s.base}/interface/api/user/exportData`);
    expect((await anon.json()).code).toBe(301);
    expect(Object.keys((await exportZip(b.client)).files).some((k) => k.includes("Jar"))).toBe(false);
  });

  it("cancels an account: confirmation and password checked, then nothing of it is left", async () => {
    const a = await newUser(s.base, "ca");
    const b = await newUser(s.base, "cb");
    const tpl = await addTemplate(a.client, a.user.userid, "Gone", { file: TPRT });
    await addImage(a.client, a.user.userid);
    await a.client.call("/api/tem.app_public/printHistoryNewAdd", { tmp_id: tpl.id, name: "Gone" });
    const share = (await a.client.call("/api/share/create", { id: tpl.id, days: 1 })).body.data;
    await b.client.call("/api/share/redeem", { code: share.code });
    await a.client.call("/api/feedback/submit", {
      kind: "other",
      description: "bye",
      contact: a.user.account,
    });
    expect((await s.app.services.files.list(`${a.user.userid}/`)).length).toBeGreaterThan(0);

    const cancel = (c: Client, body: Record<string, unknown>) => c.call("/api/user/cancelAccount", body);
    expect((await cancel(a.client, { confirm: "someone else", password: a.password })).body.code).toBe(209);
    expect((await cancel(a.client, { confirm: a.user.account, password: "wrong-pass" })).body.code).toBe(401);
    const r = await cancel(a.client, { confirm: a.user.account.toUpperCase(), password: a.password });
    expect(r.body.code).toBe(200);
    expect(r.headers.getSetCookie().some((c) => /^token=;/.test(c))).toBe(true);
    // the session ended; the account cannot sign in
    expect((await a.client.call("/api/user/getUserInfo")).body.code).toBe(301);
    const login = await new (a.client.constructor as typeof Client)(s.base).call("/api/user/login", {
      account: a.user.account,
      password: a.password,
    });
    expect(login.body.code).toBe(401);

    // no row of the user in any table with a user_id column, nor by account; no stored file
    const tables = await db().query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns
        WHERE column_name = 'user_id' AND table_schema = current_schema()`,
    );
    expect(tables.length).toBeGreaterThan(10);
    for (const { table_name } of tables) {
      const [{ n }] = await db().query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table_name} WHERE user_id = $1`,
        [a.user.userid],
      );
      expect(n, table_name).toBe(0);
    }
    expect(await db().query("SELECT 1 FROM users WHERE account = $1", [a.user.account])).toEqual([]);
    expect(
      await db().query("SELECT 1 FROM feedback WHERE account = $1 OR contact = $1", [a.user.account]),
    ).toEqual([]);
    expect(await s.app.services.files.list(`${a.user.userid}/`)).toEqual([]);
    // B keeps their own things; the share A gave is gone for them
    expect((await b.client.call("/api/share/received")).body.data).toEqual([]);
    expect((await b.client.call("/api/user/getUserInfo")).body.code).toBe(200);
    // and the account can be registered again
    const again = await new (a.client.constructor as typeof Client)(s.base).call("/api/user/register", {
      account: a.user.account,
      password: a.password,
      password2: a.password,
      nickname: "Again",
      industry: "retail",
      agree: true,
    });
    expect(again.body.code).toBe(200);
    expect(again.body.data.userid).not.toBe(a.user.userid);
  });

  it("asks an account without a password to sign in again unless its session is fresh", async () => {
    const a = await newUser(s.base, "co");
    await db().query("UPDATE users SET password_hash = '' WHERE id = $1", [a.user.userid]);
    await db().query("UPDATE sessions SET created_at = now() - interval '1 hour' WHERE user_id = $1", [
      a.user.userid,
    ]);
    const old = await a.client.call("/api/user/cancelAccount", { confirm: a.user.account });
    expect(old.body).toMatchObject({ code: 209, data: { reauth: true } });
    expect((await db().query("SELECT 1 FROM users WHERE id = $1", [a.user.userid])).length).toBe(1);
    await db().query("UPDATE sessions SET created_at = now() WHERE user_id = $1", [a.user.userid]);
    expect((await a.client.call("/api/user/cancelAccount", { confirm: a.user.account })).body.code).toBe(200);
    expect(await db().query("SELECT 1 FROM users WHERE id = $1", [a.user.userid])).toEqual([]);
  });
});
