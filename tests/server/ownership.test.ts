// Ownership: user B can never read, rename, move or delete user A's folders, files or templates by id,
// nor store into or read from A's file prefix.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, ENGINES, newUser, startServer, type TestServer, upload } from "./helpers";

describe.each(ENGINES)("ownership on $name", (engine) => {
  let s: TestServer;
  let a: Client;
  let b: Client;
  let aId: string;
  let bId: string;
  let aFolder: string;
  let aTemplate: { id: string; file_web: string; name: string };
  let aCloudFolder: string;
  let aCloudFile: { id: string; url: string };

  beforeAll(async () => {
    s = await startServer(engine);
    const ua = await newUser(s.base, "owna");
    const ub = await newUser(s.base, "ownb");
    a = ua.client;
    b = ub.client;
    aId = ua.user.userid;
    bId = ub.user.userid;
    aFolder = (await a.call("/api/tem.app_public/getUserClassList")).body.data[0].id;
    aTemplate = (await a.call("/api/tem.app_public/getUserTemplateList")).body.data[0];
    aCloudFolder = (await a.call("/api/tem.app_public/getCloudDataList", { type: 1 })).body.data[0].id;
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0]);
    const up = await upload(a, `${aId}/img/logo.png`, png, "logo.png");
    aCloudFile = (
      await a.call("/api/tem.app_public/addCloudFile", {
        tid: aCloudFolder,
        name: "logo.png",
        url: up.body.data.url,
      })
    ).body.data;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const notFound = { code: 209, Reason: "The item does not exist or has been deleted" };

  it("B cannot rename or delete A's template folder", async () => {
    expect(
      (await b.call("/api/tem.app_public/editUserClass", { id: aFolder, name: "pwned", user_id: aId })).body,
    ).toMatchObject(notFound);
    expect(
      (await b.call("/api/tem.app_public/delUserClass", { id: aFolder, user_id: aId })).body,
    ).toMatchObject(notFound);
    const mine = (await a.call("/api/tem.app_public/getUserClassList")).body.data;
    expect(mine.map((c: { name: string }) => c.name)).toEqual(["Default folder"]);
    // Passing A's user_id does not list A's folders.
    const bList = (await b.call("/api/tem.app_public/getUserClassList", { user_id: aId })).body.data;
    expect(bList.map((c: { id: string }) => c.id)).not.toContain(aFolder);
  });

  it("B cannot read, rename, overwrite, move into or delete A's templates", async () => {
    const bList = (await b.call("/api/tem.app_public/getUserTemplateList", { parent_id: aFolder })).body;
    expect(bList).toMatchObject({ code: 200, data: [], count: 0 });
    expect(
      (await b.call("/api/tem.app_public/editUserTemplate", { id: aTemplate.id, name: "pwned" })).body,
    ).toMatchObject(notFound);
    expect((await b.call("/api/tem.app_public/delUserTemplate", { id: aTemplate.id })).body).toMatchObject(
      notFound,
    );
    // B cannot move A's template, nor its own template into A's folder.
    expect(
      (
        await b.call("/api/tem.app_public/editUserTemplate", {
          id: aTemplate.id,
          name: aTemplate.name,
          parent_id: (await b.call("/api/tem.app_public/getUserClassList")).body.data[0].id,
        })
      ).body,
    ).toMatchObject(notFound);
    const bTemplate = (await b.call("/api/tem.app_public/getUserTemplateList")).body.data[0];
    expect(
      (
        await b.call("/api/tem.app_public/editUserTemplate", {
          id: bTemplate.id,
          name: bTemplate.name,
          parent_id: aFolder,
        })
      ).body,
    ).toMatchObject(notFound);
    // B adding into A's folder, even with its own file, is refused.
    const up = await upload(b, `${bId}/tprt/x.tprt`, "<LabelFile/>", "x.tprt");
    const into = await b.call("/api/tem.app_public/addUserTemplate", {
      name: aTemplate.name,
      parent_id: aFolder,
      width: 10,
      height: 10,
      url: up.body.data.url,
    });
    expect(into.body).toMatchObject(notFound);
    const cover = await b.call("/api/tem.app_public/coverUserTemplate", {
      name: aTemplate.name,
      parent_id: aFolder,
      width: 10,
      height: 10,
      url: up.body.data.url,
    });
    expect(cover.body).toMatchObject(notFound);
    // B cannot point a template at A's file.
    const steal = await b.call("/api/tem.app_public/addUserTemplate", {
      name: "Steal",
      width: 10,
      height: 10,
      url: aTemplate.file_web,
    });
    expect(steal.body.code).toBe(209);
    const still = (await a.call("/api/tem.app_public/getUserTemplateList")).body.data.find(
      (t: { id: string }) => t.id === aTemplate.id,
    );
    expect(still.name).toBe(aTemplate.name);
  });

  it("B cannot read, rename, move or delete A's cloud folders and files", async () => {
    expect(
      (await b.call("/api/tem.app_public/editCloudClass", { id: aCloudFolder, name: "pwned" })).body,
    ).toMatchObject(notFound);
    expect((await b.call("/api/tem.app_public/delCloudClass", { id: aCloudFolder })).body).toMatchObject(
      notFound,
    );
    expect(
      (
        await b.call("/api/tem.app_public/editCloudFile", {
          id: aCloudFile.id,
          name: "p.png",
          tid: aCloudFolder,
        })
      ).body,
    ).toMatchObject(notFound);
    expect((await b.call("/api/tem.app_public/delCloudFile", { id: aCloudFile.id })).body).toMatchObject(
      notFound,
    );
    const bFolder = (await b.call("/api/tem.app_public/getCloudDataList", { type: 1 })).body.data[0].id;
    // Registering A's file into B's folder fails: the URL is not B's.
    expect(
      (await b.call("/api/tem.app_public/addCloudFile", { tid: bFolder, name: "l.png", url: aCloudFile.url }))
        .body.code,
    ).toBe(209);
    // Moving B's own file into A's folder fails.
    const up = await upload(b, `${bId}/img/b.png`, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1]), "b.png");
    const bFile = (
      await b.call("/api/tem.app_public/addCloudFile", { tid: bFolder, name: "b.png", url: up.body.data.url })
    ).body.data;
    expect(
      (await b.call("/api/tem.app_public/editCloudFile", { id: bFile.id, name: "b.png", tid: aCloudFolder }))
        .body,
    ).toMatchObject(notFound);
    expect(
      (
        await b.call("/api/tem.app_public/addCloudFile", {
          tid: aCloudFolder,
          name: "b.png",
          url: up.body.data.url,
        })
      ).body,
    ).toMatchObject(notFound);
    const aList = (await a.call("/api/tem.app_public/getCloudDataList", { type: 1 })).body.data;
    expect(aList[0].data.map((f: { name: string }) => f.name)).toEqual(["logo.png"]);
  });

  it("B cannot list, restore or delete forever A's deleted items (data recovery)", async () => {
    // A deletes a template, a template folder, a cloud file and a cloud folder
    const up = await upload(
      a,
      `${aId}/img/gone.png`,
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 2]),
      "gone.png",
    );
    const file = (
      await a.call("/api/tem.app_public/addCloudFile", {
        tid: aCloudFolder,
        name: "gone.png",
        url: up.body.data.url,
      })
    ).body.data;
    const folder = (await a.call("/api/tem.app_public/addUserClass", { name: "Gone" })).body.data.id;
    const cloudFolder = (await a.call("/api/tem.app_public/addCloudClass", { type: 2, name: "Gone" })).body
      .data.id;
    const tpl = (await a.call("/api/tem.app_public/getUserTemplateList")).body.data.find(
      (t: { id: string }) => t.id !== aTemplate.id,
    );
    await a.call("/api/tem.app_public/delUserTemplate", { id: tpl.id });
    await a.call("/api/tem.app_public/delUserClass", { id: folder });
    await a.call("/api/tem.app_public/delCloudFile", { id: file.id });
    await a.call("/api/tem.app_public/delCloudClass", { id: cloudFolder });
    const items = [
      { kind: "template", id: tpl.id },
      { kind: "templateFolder", id: folder },
      { kind: "dataFile", id: file.id },
      { kind: "dataFolder", id: cloudFolder },
    ];
    // B is a member, so a refusal is the owner check, not the membership
    await s.app.services.db.query("UPDATE users SET is_member = true WHERE id = $1", [bId]);
    s.app.services.sessions.clear();
    expect((await b.call("/api/tem.app_public/getRecycleList", { user_id: aId })).body.data).toEqual([]);
    for (const item of items) {
      expect(
        (await b.call("/api/tem.app_public/recoverRecycleItem", { ...item, user_id: aId })).body,
      ).toMatchObject(notFound);
      expect(
        (await b.call("/api/tem.app_public/delRecycleItem", { ...item, user_id: aId })).body,
      ).toMatchObject(notFound);
    }
    const still = (await a.call("/api/tem.app_public/getRecycleList")).body.data;
    expect(
      still
        .map((i: { kind: string; id: string }) => ({ kind: i.kind, id: i.id }))
        .sort((x: { id: string }, y: { id: string }) => x.id.localeCompare(y.id)),
    ).toEqual([...items].sort((x, y) => x.id.localeCompare(y.id)));
    expect((await a.raw(new URL(up.body.data.url).pathname)).status).toBe(200);
  });

  it("B cannot fetch A's files, import them, or upload into A's prefix", async () => {
    expect((await b.raw(new URL(aCloudFile.url).pathname)).status).toBe(404);
    expect((await b.raw(aTemplate.file_web)).status).toBe(404);
    expect((await a.raw(aTemplate.file_web)).status).toBe(200);
    const anonymous = await fetch(`${s.base}${aTemplate.file_web}`);
    expect(anonymous.status).toBe(404);
    expect((await b.call("/api/tem.new_class/import", { FileUrl: aCloudFile.url })).body.code).toBe(209);
    const into = await upload(b, `${aId}/img/logo.png`, "overwrite", "logo.png");
    expect(into.body.code).toBe(403);
    expect(Buffer.from(await (await a.raw(new URL(aCloudFile.url).pathname)).arrayBuffer())[1]).toBe(0x50);
  });

  it.each([
    "../x.png",
    "%s/../%o/img/x.png",
    "%s/./x.png",
    "/%s/x.png",
    "%s//x.png",
    "%s\\..\\x.png",
    "%s/a\u0000b.png",
    "%s/..",
    "x.png",
  ])("refuses the upload key %s (path traversal, outside the user's prefix)", async (pattern) => {
    const key = pattern.replace("%s", bId).replace("%o", aId);
    const r = await upload(b, key, "data", "x.png");
    expect(r.body.code).toBe(403);
    const files = await s.app.services.files.list("");
    expect(files.every((f) => f.key.startsWith(`${aId}/`) || f.key.startsWith(`${bId}/`))).toBe(true);
  });

  it("B cannot share A's template or folder, revoke A's share, or take it off another's list", async () => {
    expect(
      (await b.call("/api/share/create", { kind: "template", id: aTemplate.id, days: 1, user_id: aId })).body,
    ).toMatchObject(notFound);
    expect(
      (await b.call("/api/share/create", { kind: "folder", id: aFolder, days: 1, user_id: aId })).body,
    ).toMatchObject(notFound);
    const sh = (await a.call("/api/share/create", { id: aTemplate.id, days: 1 })).body.data;
    expect((await b.call("/api/share/revoke", { id: sh.id, user_id: aId })).body).toMatchObject(notFound);
    expect((await b.call("/api/share/remove", { id: sh.id, user_id: aId })).body).toMatchObject(notFound);
    const bMine = (await b.call("/api/share/mine", { user_id: aId })).body.data;
    expect(bMine).toEqual([]);
    // A's file stays A's until B adds the code
    expect((await b.raw(aTemplate.file_web)).status).toBe(404);
    expect((await a.call("/api/share/mine")).body.data[0]).toMatchObject({ id: sh.id, uses: 0 });
  });

  it("the database refuses a row pointing into another user's folder", async () => {
    const db = s.app.services.db;
    await expect(
      db.query(
        "INSERT INTO templates (id, user_id, class_id, name, width, height) VALUES ('x1', $1, $2, 'evil', 1, 1)",
        [bId, aFolder],
      ),
    ).rejects.toThrow();
  });
});
