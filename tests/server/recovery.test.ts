// Data recovery: deleting moves templates, folders and data files to data recovery (kept 6 months);
// list, restore (members; into the original folder or the default one; a clash gets a suffix),
// delete forever (row and file), and the purge after 6 months with an injected clock.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../src/i18n/messages";
import { purgeDeleted } from "../../src/server/services/recovery";
import { addTemplate, type Client, ENGINES, newUser, startServer, type TestServer, upload } from "./helpers";

const TPRT = "<LabelFile/>";
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 1]);
const DAY = 86_400_000;

interface Item {
  kind: string;
  id: string;
  name: string;
  folder: string;
  items: number;
  delete_time: string;
  days_left: number;
}

describe.each(ENGINES)("data recovery on $name", (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(engine);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const setMember = async (userId: string, expire: Date | null) => {
    await s.app.services.db.query("UPDATE users SET is_member = true, member_expire = $2 WHERE id = $1", [
      userId,
      expire,
    ]);
    s.app.services.sessions.clear();
  };
  const list = async (c: Client): Promise<Item[]> =>
    (await c.call("/api/tem.app_public/getRecycleList")).body.data;
  const restore = (c: Client, kind: string, id: string) =>
    c.call("/api/tem.app_public/recoverRecycleItem", { kind, id });
  const forever = (c: Client, kind: string, id: string) =>
    c.call("/api/tem.app_public/delRecycleItem", { kind, id });

  const templates = async (c: Client, parent_id = "") =>
    (await c.call("/api/tem.app_public/getUserTemplateList", { parent_id, size: 200 })).body.data as {
      id: string;
      name: string;
      parent_id: string;
    }[];
  const folders = async (c: Client) =>
    (await c.call("/api/tem.app_public/getUserClassList")).body.data as {
      id: string;
      name: string;
      is_default: number;
      count: number;
    }[];

  it("lists deleted templates, folders and files with folder, date and days left; free users cannot restore", async () => {
    const { client, user } = await newUser(s.base, "rlist");
    const home = (await folders(client))[0].id;
    const t = await addTemplate(client, user.userid, "Rack tag", { parent_id: home });
    const box = await client.call("/api/tem.app_public/addUserClass", { name: "Box" });
    await addTemplate(client, user.userid, "Inner", { parent_id: box.body.data.id });
    const img = (await client.call("/api/tem.app_public/getCloudDataList", { type: 1 })).body.data[0];
    const up = await upload(client, `${user.userid}/img/r.png`, PNG, "r.png");
    const file = (
      await client.call("/api/tem.app_public/addCloudFile", {
        tid: img.id,
        name: "r.png",
        url: up.body.data.url,
      })
    ).body.data;

    expect(await list(client)).toEqual([]);
    expect((await client.call("/api/tem.app_public/delUserTemplate", { id: t.id })).body.code).toBe(200);
    expect((await client.call("/api/tem.app_public/delUserClass", { id: box.body.data.id })).body.code).toBe(
      200,
    );
    expect((await client.call("/api/tem.app_public/delCloudFile", { id: file.id })).body.code).toBe(200);

    // gone from every list call
    expect((await templates(client)).map((x) => x.name)).not.toContain("Rack tag");
    expect((await templates(client)).map((x) => x.name)).not.toContain("Inner");
    expect((await folders(client)).map((x) => x.name)).not.toContain("Box");
    const imgs = (await client.call("/api/tem.app_public/getCloudDataList", { type: 1 })).body.data;
    expect(imgs[0].data.map((f: { name: string }) => f.name)).not.toContain("r.png");

    const items = await list(client);
    // the folder's template is listed inside the folder, not on its own
    expect(items.map((i) => [i.kind, i.name, i.folder, i.items]).sort()).toEqual(
      [
        ["dataFile", "r.png", img.name, 0],
        ["template", "Rack tag", "Default folder", 0],
        ["templateFolder", "Box", "", 1],
      ].sort(),
    );
    for (const i of items) {
      expect(Math.abs(Date.parse(i.delete_time.replace(" ", "T")) - Date.now())).toBeLessThan(DAY);
      expect(i.days_left).toBeGreaterThanOrEqual(180);
      expect(i.days_left).toBeLessThanOrEqual(184);
    }
    const refused = await restore(client, "template", t.id);
    expect(refused.body).toMatchObject({
      code: 402,
      msg: translate("server.error.recoveryMember", {}, "en"),
    });
    expect((await list(client)).length).toBe(3);
    expect((await restore(client, "nope", t.id)).body.code).toBe(209);
  });

  it("restores into the original folder, or the default one when it is gone, with a suffix on a clash", async () => {
    const { client, user } = await newUser(s.base, "rrest");
    await setMember(user.userid, null);
    const home = (await folders(client))[0].id;
    const box = (await client.call("/api/tem.app_public/addUserClass", { name: "Box" })).body.data.id;
    const a = await addTemplate(client, user.userid, "Tag", { parent_id: box });
    const b = await addTemplate(client, user.userid, "Loose", { parent_id: box });
    // "Tag" deleted alone, then its folder (with "Loose") deleted forever
    await client.call("/api/tem.app_public/delUserTemplate", { id: b.id });
    await client.call("/api/tem.app_public/delUserClass", { id: box });
    expect((await forever(client, "templateFolder", box)).body.code).toBe(200);
    // "Loose" was in the folder: deleted with it for good
    expect((await restore(client, "template", b.id)).body.code).toBe(209);
    expect((await restore(client, "template", a.id)).body.code).toBe(209);

    // a template whose folder is gone comes back into the default folder, renamed on a clash
    const box2 = (await client.call("/api/tem.app_public/addUserClass", { name: "Box 2" })).body.data.id;
    const c = await addTemplate(client, user.userid, "Price", { parent_id: box2 });
    await client.call("/api/tem.app_public/delUserTemplate", { id: c.id });
    await client.call("/api/tem.app_public/delUserClass", { id: box2 });
    const d = await addTemplate(client, user.userid, "Price", { parent_id: home });
    const back = await restore(client, "template", c.id);
    expect(back.body).toMatchObject({ code: 200, data: { name: "Price (1)", folder: home } });
    await client.call("/api/tem.app_public/delUserTemplate", { id: d.id });
    await addTemplate(client, user.userid, "Price", { parent_id: home });
    expect((await restore(client, "template", d.id)).body.data.name).toBe("Price (2)");
    expect(
      (await templates(client, home))
        .map((x) => x.name)
        .filter((n) => /^Price( \(\d\))?$/.test(n))
        .sort(),
    ).toEqual(["Price", "Price (1)", "Price (2)"]);
    // still in recovery: Box 2 (empty) only
    expect((await list(client)).map((i) => [i.kind, i.name, i.items])).toEqual([
      ["templateFolder", "Box 2", 0],
    ]);

    // a folder comes back with the templates deleted with it; a folder-name clash gets a suffix
    const box3 = (await client.call("/api/tem.app_public/addUserClass", { name: "Shelf" })).body.data.id;
    const e = await addTemplate(client, user.userid, "Inside", { parent_id: box3 });
    await client.call("/api/tem.app_public/delUserClass", { id: box3 });
    await client.call("/api/tem.app_public/addUserClass", { name: "Shelf" });
    expect((await restore(client, "templateFolder", box3)).body.data.name).toBe("Shelf (1)");
    expect((await templates(client, box3)).map((x) => x.id)).toEqual([e.id]);
    expect((await folders(client)).find((f) => f.id === box3)).toMatchObject({ name: "Shelf (1)", count: 1 });
    // the default folder stays the one default
    expect((await folders(client)).filter((f) => f.is_default).map((f) => f.id)).toEqual([home]);

    // a data file keeps its extension: "r (1).png"; a gone image folder sends it to the first one
    const first = (await client.call("/api/tem.app_public/getCloudDataList", { type: 1 })).body.data[0].id;
    const other = (await client.call("/api/tem.app_public/addCloudClass", { type: 1, name: "Logos" })).body
      .data.id;
    const up = await upload(client, `${user.userid}/img/r.png`, PNG, "r.png");
    const f = (
      await client.call("/api/tem.app_public/addCloudFile", {
        tid: other,
        name: "r.png",
        url: up.body.data.url,
      })
    ).body.data;
    await client.call("/api/tem.app_public/delCloudFile", { id: f.id });
    await client.call("/api/tem.app_public/delCloudClass", { id: other });
    const up2 = await upload(client, `${user.userid}/img/r2.png`, PNG, "r.png");
    await client.call("/api/tem.app_public/addCloudFile", {
      tid: first,
      name: "r.png",
      url: up2.body.data.url,
    });
    expect((await restore(client, "dataFile", f.id)).body.data).toMatchObject({
      name: "r (1).png",
      folder: first,
    });
    expect((await client.raw(new URL(up.body.data.url).pathname)).status).toBe(200);
  });

  it("deletes forever: the row and its stored files (a file another row uses stays)", async () => {
    const { client, user } = await newUser(s.base, "rdel");
    const t = await addTemplate(client, user.userid, "Gone");
    await client.call("/api/tem.app_public/delUserTemplate", { id: t.id });
    expect((await forever(client, "template", t.id)).body.code).toBe(200);
    expect((await client.raw(new URL(t.file_web).pathname)).status).toBe(404);
    expect(await list(client)).toEqual([]);
    expect((await forever(client, "template", t.id)).body.code).toBe(209);
    // a live item cannot be deleted forever through recovery
    const live = await addTemplate(client, user.userid, "Live");
    expect((await forever(client, "template", live.id)).body.code).toBe(209);
    expect((await client.raw(new URL(live.file_web).pathname)).status).toBe(200);
  });

  it("deleting the default folder makes another the default; restored, it is an ordinary folder", async () => {
    const { client, user } = await newUser(s.base, "rdef");
    await setMember(user.userid, null);
    const home = (await folders(client))[0];
    expect(home.is_default).toBe(1);
    const other = (await client.call("/api/tem.app_public/addUserClass", { name: "Other" })).body.data.id;
    expect((await client.call("/api/tem.app_public/delUserClass", { id: home.id })).body.code).toBe(200);
    expect((await folders(client)).map((f) => [f.id, f.is_default])).toEqual([[other, 1]]);
    // a template saved without a folder goes to the new default
    expect((await addTemplate(client, user.userid, "Next")).parent_id).toBe(other);
    expect((await restore(client, "templateFolder", home.id)).body.code).toBe(200);
    const after = await folders(client);
    expect(after.filter((f) => f.is_default).map((f) => f.id)).toEqual([other]);
    expect(after.find((f) => f.id === home.id)?.count).toBe(home.count);
  });

  it("treats an expired member as a free user everywhere (restore, folder and template quotas, member info)", async () => {
    const { client, user } = await newUser(s.base, "rexp");
    const t = await addTemplate(client, user.userid, "Old");
    await client.call("/api/tem.app_public/delUserTemplate", { id: t.id });
    const db = s.app.services.db;
    // 50 folders of each kind: the free quota
    await db.query(
      `INSERT INTO template_classes (id, user_id, name) SELECT 'tf' || g || $1, $1, 'F' || g FROM generate_series(2, 50) g`,
      [user.userid],
    );
    await db.query(
      `INSERT INTO cloud_classes (id, user_id, type, name) SELECT 'cf' || g || $1, $1, 1, 'C' || g FROM generate_series(2, 50) g`,
      [user.userid],
    );
    const quota = s.app.services.config.templateQuota;
    s.app.services.config.templateQuota = 4; // 3 samples + "Old" would be 4, but "Old" is deleted
    try {
      await addTemplate(client, user.userid, "Fourth");
      const checks = async () => ({
        restore: (await restore(client, "template", t.id)).body.code,
        folder: (await client.call("/api/tem.app_public/addUserClass", { name: "More" })).body.code,
        cloudFolder: (await client.call("/api/tem.app_public/addCloudClass", { type: 1, name: "More" })).body
          .code,
        member: (await client.call("/api/tem.app_member/getMemberUser")).body.data.is_member,
      });
      await setMember(user.userid, new Date(Date.now() - 60_000));
      expect(await checks()).toEqual({ restore: 402, folder: 402, cloudFolder: 402, member: false });
      const up = await upload(client, `${user.userid}/tprt/r/x.tprt`, TPRT, "x.tprt");
      const add = { name: "Fifth", width: 10, height: 10, url: up.body.data.url };
      expect((await client.call("/api/tem.app_public/addUserTemplate", add)).body.code).toBe(402);
      expect((await client.call("/api/tem.app_public/coverUserTemplate", add)).body.code).toBe(402);
      await setMember(user.userid, new Date(Date.now() + DAY));
      expect(await checks()).toEqual({ restore: 200, folder: 200, cloudFolder: 200, member: true });
      expect((await client.call("/api/tem.app_public/addUserTemplate", add)).body.code).toBe(200);
    } finally {
      s.app.services.config.templateQuota = quota;
    }
  });

  it("purges items deleted more than 6 months ago, with their files (injected clock)", async () => {
    const { client, user } = await newUser(s.base, "rpurge");
    const t = await addTemplate(client, user.userid, "Aged");
    const img = (await client.call("/api/tem.app_public/getCloudDataList", { type: 1 })).body.data[0];
    const up = await upload(client, `${user.userid}/img/aged.png`, PNG, "aged.png");
    const f = (
      await client.call("/api/tem.app_public/addCloudFile", {
        tid: img.id,
        name: "aged.png",
        url: up.body.data.url,
      })
    ).body.data;
    const box = (await client.call("/api/tem.app_public/addUserClass", { name: "Aged box" })).body.data.id;
    const inner = await addTemplate(client, user.userid, "Inner", { parent_id: box });
    await client.call("/api/tem.app_public/delUserTemplate", { id: t.id });
    await client.call("/api/tem.app_public/delCloudFile", { id: f.id });
    await client.call("/api/tem.app_public/delUserClass", { id: box });
    const { db, files } = s.app.services;
    const mine = async () => (await list(client)).map((i) => i.name).sort();
    const now = Date.now();
    // five months on: everything is still there
    await purgeDeleted(db, files, new Date(now + 150 * DAY));
    expect(await mine()).toEqual(["Aged", "Aged box", "aged.png"]);
    // a day past six months: rows and files are gone
    await purgeDeleted(db, files, new Date(now + 185 * DAY));
    expect(await mine()).toEqual([]);
    expect((await client.raw(new URL(t.file_web).pathname)).status).toBe(404);
    expect((await client.raw(new URL(inner.file_web).pathname)).status).toBe(404);
    expect((await client.raw(new URL(up.body.data.url).pathname)).status).toBe(404);
    const rows = await db.query("SELECT 1 FROM templates WHERE id = ANY($1)", [[t.id, inner.id]]);
    expect(rows).toEqual([]);
  });
});
