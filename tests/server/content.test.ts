// Template folders, templates (405 / 402 / cover), cloud data, uploads, files, fonts, import.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../src/i18n/messages";
import { FOLDER_QUOTA } from "../../src/server/services/membership";
import {
  Client,
  ENGINES,
  newUser,
  startServer,
  type TestServer,
  EMPTY_LABEL as TPRT,
  upload,
} from "./helpers";

describe.each(ENGINES)("content API on $name", (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(engine);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it("seeds a new user: default folder with sample labels whose files open", async () => {
    const { client, user } = await newUser(s.base, "seed");
    const classes = (await client.call("/api/tem.app_public/getUserClassList", { user_id: user.userid }))
      .body;
    expect(classes.code).toBe(200);
    expect(classes.data).toHaveLength(1);
    expect(classes.data[0]).toMatchObject({ name: "Default folder", is_default: 1, count: 3 });
    const list = (await client.call("/api/tem.app_public/getUserTemplateList", {})).body;
    expect(list.count).toBe(3);
    expect(list.data.map((t: { name: string }) => t.name).sort()).toEqual([
      "Price tag",
      "Shelf tag",
      "Shipping label",
    ]);
    for (const t of list.data) {
      const f = await client.raw(t.file_web);
      expect(f.status).toBe(200);
      expect(await f.text()).toContain("<LabelFile>");
    }
    // Logging in again does not seed twice; deleted samples stay deleted.
    await client.call("/api/tem.app_public/delUserTemplate", { id: list.data[0].id });
    await client.call("/api/user/login", { account: user.account, password: "s3cret-pass" });
    expect((await client.call("/api/tem.app_public/getUserTemplateList", {})).body.count).toBe(2);
    const images = (
      await client.call("/api/tem.app_public/getCloudDataList", { type: 1, size: 999, page: 1 })
    ).body;
    expect(images.data).toHaveLength(1);
    expect(images.data[0]).toMatchObject({ name: "My images", data: [] });
  });

  it("manages template folders: add, rename, refuse bad names, keep one", async () => {
    const { client } = await newUser(s.base, "fold");
    const add = await client.call("/api/tem.app_public/addUserClass", { name: "New folder 1" });
    expect(add.body.code).toBe(200);
    const id = add.body.data.id;
    const ren = await client.call("/api/tem.app_public/editUserClass", {
      id,
      name: "Shoes",
      user_id: "ignored",
    });
    expect(ren.body).toMatchObject({ code: 200, data: { id, name: "Shoes" } });
    const bad = await client.call("/api/tem.app_public/editUserClass", { id, name: "<script>" });
    expect(bad.body.Reason).toBe(translate("server.validation.nameChars", { chars: '\\ / : * ? " < > |' }));
    expect((await client.call("/api/tem.app_public/editUserClass", { id, name: "" })).body.Reason).toBe(
      "The name cannot be empty",
    );
    const names = (await client.call("/api/tem.app_public/getUserClassList")).body.data.map(
      (c: { name: string }) => c.name,
    );
    expect(names).toEqual(["Default folder", "Shoes"]);
    const first = (await client.call("/api/tem.app_public/getUserClassList")).body.data[0].id;
    expect((await client.call("/api/tem.app_public/delUserClass", { id: first })).body.code).toBe(200);
    const left = (await client.call("/api/tem.app_public/getUserClassList")).body.data;
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ id, is_default: 1 });
    const last = await client.call("/api/tem.app_public/delUserClass", { id });
    expect(last.body).toMatchObject({ code: 209, Reason: "Keep at least one folder" });
  });

  it("adds templates, answers 405 for the same name, covers, renames, edits and deletes", async () => {
    const { client, user } = await newUser(s.base, "tpl");
    const folder = (await client.call("/api/tem.app_public/getUserClassList")).body.data[0].id;
    const up = await upload(client, `${user.userid}/tprt/20261122/a.tprts`, TPRT, "a.tprts");
    expect(up.body).toMatchObject({ code: 200, key: `${user.userid}/tprt/20261122/a.tprts` });
    const url = up.body.data.url;
    expect(url).toBe(`${s.base}/files/${user.userid}/tprt/20261122/a.tprts`);
    const body = {
      name: "Box",
      user_id: user.userid,
      parent_id: folder,
      width: 40,
      height: 30,
      url,
      image: "",
      platform: 2,
      remark: "r",
    };
    const add = await client.call("/api/tem.app_public/addUserTemplate", body);
    expect(add.body.code).toBe(200);
    expect(add.body.data).toMatchObject({
      parent_id: folder,
      name: "Box",
      width: 40,
      height: 30,
      file_web: url,
    });
    expect(add.body.data.id).toMatch(/^\d{8}[a-z0-9]{16}$/);

    const again = await client.call("/api/tem.app_public/addUserTemplate", body);
    expect(again.body.code).toBe(405);
    expect(again.body.message).toBe(translate("server.error.templateExists"));
    expect(again.body.data.id).toBe(add.body.data.id);

    const up2 = await upload(client, `${user.userid}/tprt/20261122/b.tprts`, TPRT, "b.tprts");
    const cover = await client.call("/api/tem.app_public/coverUserTemplate", {
      ...body,
      url: up2.body.data.url,
      width: 50,
    });
    expect(cover.body.data).toMatchObject({ id: add.body.data.id, width: 50, file_web: up2.body.data.url });
    // The replaced file stays: version 1 keeps it (template versions; it goes with the version).
    expect((await client.raw(new URL(url).pathname)).status).toBe(200);

    const ren = await client.call("/api/tem.app_public/editUserTemplate", {
      id: add.body.data.id,
      name: "Crate",
      platform: 2,
    });
    expect(ren.body.data.name).toBe("Crate");
    const empty = await client.call("/api/tem.app_public/addUserTemplate", { ...body, url: "" });
    expect(empty.body.Reason).toBe(translate("server.validation.templateEmpty"));
    const noSize = await client.call("/api/tem.app_public/addUserTemplate", { ...body, width: "" });
    expect(noSize.body.Reason).toBe(translate("server.validation.labelSize"));
    const tooWide = await client.call("/api/tem.app_public/addUserTemplate", { ...body, width: 401 });
    expect(tooWide.body.code).toBe(209);

    const list = await client.call("/api/tem.app_public/getUserTemplateList", {
      parent_id: folder,
      keyword: "crat",
      size: 10,
      page: 1,
    });
    expect(list.body.count).toBe(1);
    expect(list.body.data[0].name).toBe("Crate");
    expect(
      (await client.call("/api/tem.app_public/delUserTemplate", { id: add.body.data.id })).body.code,
    ).toBe(200);
    expect(
      (await client.call("/api/tem.app_public/delUserTemplate", { id: add.body.data.id })).body.code,
    ).toBe(209);
    // In data recovery its file stays until it is deleted forever.
    expect((await client.raw(new URL(up2.body.data.url).pathname)).status).toBe(200);
    const gone = { kind: "template", id: add.body.data.id };
    expect((await client.call("/api/tem.app_public/delRecycleItem", gone)).body.code).toBe(200);
    expect((await client.raw(new URL(up2.body.data.url).pathname)).status).toBe(404);
  });

  it("saves a template in full with editUserTemplate (new file, new folder), keeping the old file as a version", async () => {
    const { client, user } = await newUser(s.base, "save");
    const folder = (await client.call("/api/tem.app_public/getUserClassList")).body.data[0].id;
    const other = (await client.call("/api/tem.app_public/addUserClass", { name: "Other" })).body.data.id;
    const v1 = await upload(client, `${user.userid}/tprt/s/v1.tprts`, TPRT, "v1.tprts");
    const pic = await upload(
      client,
      `${user.userid}/tprt/preview/v1.png`,
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1]),
      "v1.png",
    );
    const add = await client.call("/api/tem.app_public/addUserTemplate", {
      name: "Jar",
      parent_id: folder,
      width: 40,
      height: 30,
      url: v1.body.data.url,
      image: pic.body.data.url,
    });
    expect(add.body.data.image).toBe(pic.body.data.url);
    const v2 = await upload(client, `${user.userid}/tprt/s/v2.tprts`, TPRT, "v2.tprts");
    const save = await client.call("/api/tem.app_public/editUserTemplate", {
      id: add.body.data.id,
      name: "Jar",
      parent_id: other,
      width: 60,
      height: 20,
      url: v2.body.data.url,
      image: "",
      platform: 2,
    });
    expect(save.body.data).toMatchObject({
      id: add.body.data.id,
      parent_id: other,
      width: 60,
      height: 20,
      file_web: v2.body.data.url,
      image: "",
    });
    // the replaced file and preview stay while version 1 keeps them
    expect((await client.raw(new URL(v1.body.data.url).pathname)).status).toBe(200);
    expect((await client.raw(new URL(pic.body.data.url).pathname)).status).toBe(200);
    expect((await client.raw(new URL(v2.body.data.url).pathname)).status).toBe(200);
    // Renaming onto another template's name in the same folder is refused.
    await client.call("/api/tem.app_public/addUserTemplate", {
      name: "Pot",
      parent_id: other,
      width: 10,
      height: 10,
      url: v2.body.data.url,
    });
    const clash = await client.call("/api/tem.app_public/editUserTemplate", {
      id: add.body.data.id,
      name: "Pot",
    });
    expect(clash.body).toMatchObject({ code: 209, Reason: translate("server.error.nameExists") });
    // A file two templates point to survives deleting one of them.
    const pot = (await client.call("/api/tem.app_public/getUserTemplateList", { keyword: "Pot" })).body
      .data[0];
    expect((await client.call("/api/tem.app_public/delUserTemplate", { id: pot.id })).body.code).toBe(200);
    expect((await client.raw(new URL(v2.body.data.url).pathname)).status).toBe(200);
  });

  it("answers 402 over the free template quota", async () => {
    const { client, user } = await newUser(s.base, "quota");
    const quota = s.app.services.config.templateQuota;
    s.app.services.config.templateQuota = 4; // 3 samples + 1
    try {
      const up = await upload(client, `${user.userid}/tprt/q/1.tprt`, TPRT, "1.tprt");
      const body = { name: "One", width: 10, height: 10, url: up.body.data.url };
      expect((await client.call("/api/tem.app_public/addUserTemplate", body)).body.code).toBe(200);
      const over = await client.call("/api/tem.app_public/addUserTemplate", { ...body, name: "Two" });
      expect(over.body).toMatchObject({
        code: 402,
        msg: translate("server.error.templateQuota", { max: 4 }),
      });
      // Members are not limited.
      await s.app.services.db.query("UPDATE users SET is_member = true WHERE id = $1", [user.userid]);
      s.app.services.sessions.clear();
      expect(
        (await client.call("/api/tem.app_public/addUserTemplate", { ...body, name: "Two" })).body.code,
      ).toBe(200);
      expect((await client.call("/api/tem.app_member/getMemberUser")).body.data.is_member).toBe(true);
    } finally {
      s.app.services.config.templateQuota = quota;
    }
  });

  it("lists a folder in the six sort orders, page by page, and moves a template to another folder", async () => {
    const { client, user } = await newUser(s.base, "order");
    const folder = (await client.call("/api/tem.app_public/addUserClass", { name: "Sorted" })).body.data.id;
    const up = await upload(client, `${user.userid}/tprt/o/1.tprt`, TPRT, "1.tprt");
    // added in this order: b (small), a (large), c (medium)
    for (const [name, width] of [
      ["b", 10],
      ["A", 90],
      ["c", 40],
    ] as const)
      expect(
        (
          await client.call("/api/tem.app_public/addUserTemplate", {
            name,
            parent_id: folder,
            width,
            height: 10,
            url: up.body.data.url,
          })
        ).body.code,
      ).toBe(200);
    const names = async (order: string, page = 1, size = 10) =>
      (
        await client.call("/api/tem.app_public/getUserTemplateList", { parent_id: folder, order, page, size })
      ).body.data.map((t: { name: string }) => t.name);
    expect(await names("nameAsc")).toEqual(["A", "b", "c"]);
    expect(await names("nameDesc")).toEqual(["c", "b", "A"]);
    expect(await names("dateAsc")).toEqual(["b", "A", "c"]);
    expect(await names("dateDesc")).toEqual(["c", "A", "b"]);
    expect(await names("sizeAsc")).toEqual(["b", "c", "A"]);
    expect(await names("sizeDesc")).toEqual(["A", "c", "b"]);
    // an unknown order is the default (newest change first), never SQL
    expect(await names("1;DROP TABLE x")).toEqual(["c", "A", "b"]);
    expect(await names("nameAsc", 2, 2)).toEqual(["c"]);
    // the count is the whole folder's, on a page and past the end
    for (const page of [2, 9])
      expect(
        (await client.call("/api/tem.app_public/getUserTemplateList", { parent_id: folder, page, size: 2 }))
          .body.count,
      ).toBe(3);

    // move: id, name and another folder of the user's; a clash in the target folder is refused
    const a = (await client.call("/api/tem.app_public/getUserTemplateList", { keyword: "A" })).body.data[0];
    const home = (await client.call("/api/tem.app_public/getUserClassList")).body.data[0].id;
    const moved = await client.call("/api/tem.app_public/editUserTemplate", {
      id: a.id,
      name: "A",
      parent_id: home,
    });
    expect(moved.body.data).toMatchObject({ id: a.id, parent_id: home, name: "A", file_web: a.file_web });
    expect(await names("nameAsc")).toEqual(["b", "c"]);
    await client.call("/api/tem.app_public/editUserTemplate", { id: a.id, name: "b" });
    const clash = await client.call("/api/tem.app_public/editUserTemplate", {
      id: a.id,
      name: "b",
      parent_id: folder,
    });
    expect(clash.body).toMatchObject({ code: 209, Reason: translate("server.error.nameExists") });
    const missing = await client.call("/api/tem.app_public/editUserTemplate", {
      id: a.id,
      name: "b",
      parent_id: "nope",
    });
    expect(missing.body.code).toBe(209);
  });

  it("answers 402 over the free folder quota, also for a member whose membership expired", async () => {
    const { client, user } = await newUser(s.base, "folders");
    const have = (await client.call("/api/tem.app_public/getUserClassList")).body.data.length;
    for (let i = have; i < FOLDER_QUOTA; i++)
      expect((await client.call("/api/tem.app_public/addUserClass", { name: `F${i}` })).body.code).toBe(200);
    const over = await client.call("/api/tem.app_public/addUserClass", { name: "One more" });
    expect(over.body).toMatchObject({
      code: 402,
      msg: translate("server.error.folderQuota", { max: FOLDER_QUOTA }),
    });
    await s.app.services.db.query(
      "UPDATE users SET is_member = true, member_expire = now() - interval '1 day' WHERE id = $1",
      [user.userid],
    );
    s.app.services.sessions.clear();
    expect((await client.call("/api/tem.app_public/addUserClass", { name: "One more" })).body.code).toBe(402);
    await s.app.services.db.query("UPDATE users SET member_expire = now() + interval '1 day' WHERE id = $1", [
      user.userid,
    ]);
    s.app.services.sessions.clear();
    expect((await client.call("/api/tem.app_public/addUserClass", { name: "One more" })).body.code).toBe(200);
  });

  it("manages cloud folders and files (images type 1, spreadsheets type 2)", async () => {
    const { client, user } = await newUser(s.base, "cloud");
    const sheets = (await client.call("/api/tem.app_public/getCloudDataList", { type: 2 })).body.data;
    expect(sheets).toHaveLength(1);
    const tid = sheets[0].id;
    const up = await upload(client, `${user.userid}/sheet/p.csv`, "sku,name\n1,Tea\n2,Milk\n", "p.csv");
    const wrongType = await client.call("/api/tem.app_public/addCloudFile", {
      tid,
      name: "p.png",
      url: up.body.data.url,
    });
    expect(wrongType.body.Reason).toBe(translate("server.error.sheetType"));
    const add = await client.call("/api/tem.app_public/addCloudFile", {
      tid,
      name: "prices.csv",
      url: up.body.data.url,
    });
    expect(add.body.data).toMatchObject({ tid, name: "prices.csv", size: 22 });
    const list = (
      await client.call("/api/tem.app_public/getCloudDataList", { type: 2, user_id: user.userid })
    ).body.data;
    expect(list[0].data[0]).toMatchObject({ name: "prices.csv", url: up.body.data.url });
    expect(list[0].data[0].add_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const imp = await client.call("/api/tem.new_class/import", {
      FileUrl: up.body.data.url,
      RowIndex: 0,
      TableIndex: -1,
    });
    expect(imp.body.code).toBe(200);
    expect(imp.body.data[0].data).toEqual([
      ["sku", "name"],
      ["1", "Tea"],
      ["2", "Milk"],
    ]);

    const up2 = await upload(client, `${user.userid}/sheet/q.csv`, "a\n", "q.csv");
    const f2 = (
      await client.call("/api/tem.app_public/addCloudFile", { tid, name: "q.csv", url: up2.body.data.url })
    ).body.data;
    expect((await client.call("/api/tem.app_public/delCloudFile", { id: f2.id })).body.code).toBe(200);
    expect((await client.call("/api/tem.app_public/delCloudFile", { id: f2.id })).body.code).toBe(209);
    expect((await client.raw(new URL(up2.body.data.url).pathname)).status).toBe(200);
    expect(
      (await client.call("/api/tem.app_public/delRecycleItem", { kind: "dataFile", id: f2.id })).body.code,
    ).toBe(200);
    expect((await client.raw(new URL(up2.body.data.url).pathname)).status).toBe(404);
    const folder2 = await client.call("/api/tem.app_public/addCloudClass", { type: 2, name: "Archive" });
    const ren = await client.call("/api/tem.app_public/editCloudFile", {
      id: add.body.data.id,
      name: "old.csv",
      tid: folder2.body.data.id,
    });
    expect(ren.body.data).toMatchObject({ name: "old.csv", tid: folder2.body.data.id });
    const renC = await client.call("/api/tem.app_public/editCloudClass", {
      id: folder2.body.data.id,
      name: "Old",
    });
    expect(renC.body.data.name).toBe("Old");
    expect((await client.call("/api/tem.app_public/addCloudClass", { type: 3, name: "x" })).body.code).toBe(
      209,
    );
    expect(
      (await client.call("/api/tem.app_public/delCloudClass", { id: folder2.body.data.id })).body.code,
    ).toBe(200);
    // The folder's files went with it to data recovery; deleted forever, they leave storage.
    expect((await client.raw(new URL(up.body.data.url).pathname)).status).toBe(200);
    expect(
      (
        await client.call("/api/tem.app_public/delRecycleItem", {
          kind: "dataFolder",
          id: folder2.body.data.id,
        })
      ).body.code,
    ).toBe(200);
    expect((await client.raw(new URL(up.body.data.url).pathname)).status).toBe(404);
    expect((await client.call("/api/tem.app_public/delCloudClass", { id: tid })).body.Reason).toBe(
      "Keep at least one folder",
    );
  });

  it("imports only the user's own, parseable spreadsheets", async () => {
    const { client, user } = await newUser(s.base, "imp");
    const up = await upload(
      client,
      `${user.userid}/sheet/bad.xlsx`,
      new Uint8Array([0x50, 0x4b, 3, 4, 9, 9, 9]),
      "bad.xlsx",
    );
    const r = await client.call("/api/tem.new_class/import", { FileUrl: up.body.data.url });
    expect(r.body.code).toBe(209);
    expect(r.body.Reason).not.toMatch(/^spreadsheet\./);
    expect(
      (await client.call("/api/tem.new_class/import", { FileUrl: "http://example.com/x.csv" })).body.code,
    ).toBe(209);
  });

  it("uploads base64 pictures with an UpToken and refuses bad tokens", async () => {
    const { client, user } = await newUser(s.base, "b64");
    const tok = (await client.call("/api/tem.app_shared/getToken", { bucket: "na-inkless" })).body;
    expect(tok.url).toBe(`${s.base}/files/`);
    const key = `${user.userid}/tprt/preview/20261122/x.png`;
    const path = `/interface/putb64/-1/key/${Buffer.from(key).toString("base64url")}`;
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 1, 2, 3]).toString("base64");
    const r = await client.raw(path, {
      method: "POST",
      headers: { Authorization: `UpToken ${tok.data}` },
      body: png,
    });
    const j = await r.json();
    expect(j).toMatchObject({ code: 200, key });
    const img = await client.raw(`/files/${key}`);
    expect(Buffer.from(await img.arrayBuffer()).toString("base64")).toBe(png);
    const noTok = await client.raw(path, {
      method: "POST",
      headers: { Authorization: "UpToken nope-nope-nope-nope-nope" },
      body: png,
    });
    expect((await noTok.json()).code).toBe(401);
    expect((await client.call("/api/tem.app_shared/getToken", { bucket: "../etc" })).body.code).toBe(209);
  });

  it("lists fonts from public/fonts/fonts.json at request time", async () => {
    const r = await new Client(s.base).call("/api/tem.app_shared/getNewFontList");
    expect(r.body.code).toBe(200);
    for (const f of r.body.data) {
      expect(typeof f.name).toBe("string");
      expect([0, 1]).toContain(f.is_me_sp);
    }
    // the fallback families are listed with the scripts they draw
    expect(r.body.data.find((f: { name: string }) => f.name === "Noto Sans Thai")?.scripts).toEqual(["thai"]);
  });
});
