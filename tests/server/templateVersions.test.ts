// Template versions (issue 40): every content save keeps a version (author, time, note, file),
// listed newest first; a restore is a new version with the old content (nothing deleted); only the
// newest VERSIONS_KEPT are kept, the files of a dropped one going with it; someone else's template
// reads as not found; deleting a template forever removes its versions' files.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../src/i18n/messages";
import { VERSIONS_KEPT } from "../../src/server/services/templateVersions";
import { type Client, ENGINES, newUser, startServer, type TestServer, upload } from "./helpers";

const label = (w: number) =>
  `<?xml version="1.0" encoding="UTF-8"?><LabelFile><FileInfo><Width>${w}</Width><Height>30</Height></FileInfo><ObjectList/></LabelFile>`;

describe.each(ENGINES)("template versions on $name", (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(engine);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  let n = 0;
  /** Uploads a label file `width` mm wide; its URL. */
  async function file(c: Client, userId: string, width: number): Promise<string> {
    const up = await upload(c, `${userId}/tprt/v/${n++}.tprts`, label(width), "l.tprts");
    return up.body.data.url;
  }
  const versions = async (c: Client, id: string) =>
    (await c.call("/api/tem.app_public/getTemplateVersions", { id })).body;
  const status = async (c: Client, url: string) => (await c.raw(new URL(url, s.base).pathname)).status;

  it("keeps a version per save (add, full edit, cover), lists them newest first, restores one", async () => {
    const { client, user } = await newUser(s.base, "ver");
    const v1 = await file(client, user.userid, 40);
    const add = await client.call("/api/tem.app_public/addUserTemplate", {
      name: "Jar",
      width: 40,
      height: 30,
      url: v1,
      note: "first",
    });
    const id = add.body.data.id;
    const v2 = await file(client, user.userid, 50);
    const edit = await client.call("/api/tem.app_public/editUserTemplate", {
      id,
      name: "Jar",
      width: 50,
      height: 30,
      url: v2,
      base_file: v1,
    });
    expect(edit.body.data.version).toBe(2);
    const v3 = await file(client, user.userid, 60);
    await client.call("/api/tem.app_public/coverUserTemplate", {
      name: "Jar",
      width: 60,
      height: 30,
      url: v3,
    });
    // a rename is no new version
    await client.call("/api/tem.app_public/editUserTemplate", { id, name: "Pot" });

    const list = await versions(client, id);
    expect(list.code).toBe(200);
    expect(list.data.map((v: { number: number }) => v.number)).toEqual([3, 2, 1]);
    expect(list.data[0]).toMatchObject({ current: true, file_web: v3, width: 60, author: "Nick ver" });
    expect(list.data[2]).toMatchObject({ current: false, file_web: v1, width: 40, note: "first" });
    expect(list.data[2].add_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // the files of older versions stay while their versions are kept
    expect(await status(client, v1)).toBe(200);
    expect(await status(client, v2)).toBe(200);

    const note = await client.call("/api/tem.app_public/editTemplateVersionNote", {
      id,
      number: 2,
      note: "wider",
    });
    expect(note.body.code).toBe(200);
    const badNote = await client.call("/api/tem.app_public/editTemplateVersionNote", {
      id,
      number: 2,
      note: "a\u0007b",
    });
    expect(badNote.body.Reason).toBe(translate("server.validation.noteChars"));

    const restored = await client.call("/api/tem.app_public/restoreTemplateVersion", { id, number: 1 });
    expect(restored.body.code).toBe(200);
    expect(restored.body.data).toMatchObject({ id, name: "Pot", width: 40, version: 4 });
    // a copy: a new file with the old content (the editor's stale-save check compares files)
    const now = restored.body.data.file_web;
    expect(now).not.toBe(v1);
    expect(await (await client.raw(new URL(now, s.base).pathname)).text()).toBe(label(40));
    const after = (await versions(client, id)).data;
    expect(after.map((v: { number: number }) => v.number)).toEqual([4, 3, 2, 1]);
    expect(after[0]).toMatchObject({ current: true, restored_from: 1, file_web: now });
    expect(after[2]).toMatchObject({ note: "wider" });
    // an editor still open on version 3 cannot overwrite the restore
    const stale = await client.call("/api/tem.app_public/editUserTemplate", {
      id,
      name: "Pot",
      width: 60,
      height: 30,
      url: await file(client, user.userid, 70),
      base_file: v3,
    });
    expect(stale.body.code).toBe(409);

    const gone = await client.call("/api/tem.app_public/restoreTemplateVersion", { id, number: 9 });
    expect(gone.body.Reason).toBe(translate("server.error.versionGone"));
    const junk = await client.call("/api/tem.app_public/restoreTemplateVersion", { id, number: "x" });
    expect(junk.body.Reason).toBe(translate("server.error.versionGone"));
  });

  it(`keeps only the newest ${VERSIONS_KEPT} versions, deleting the files of the dropped ones`, async () => {
    const { client, user } = await newUser(s.base, "cap");
    const first = await file(client, user.userid, 10);
    const add = await client.call("/api/tem.app_public/addUserTemplate", {
      name: "Cap",
      width: 10,
      height: 30,
      url: first,
    });
    const id = add.body.data.id;
    const urls = [first];
    for (let i = 2; i <= VERSIONS_KEPT + 2; i++) {
      const url = await file(client, user.userid, 10 + i);
      const r = await client.call("/api/tem.app_public/editUserTemplate", {
        id,
        name: "Cap",
        width: 10 + i,
        height: 30,
        url,
        base_file: urls[urls.length - 1],
      });
      expect(r.body.code).toBe(200);
      urls.push(url);
    }
    const list = (await versions(client, id)).data;
    expect(list).toHaveLength(VERSIONS_KEPT);
    expect(list[0].number).toBe(VERSIONS_KEPT + 2);
    expect(list[list.length - 1].number).toBe(3);
    expect(await status(client, urls[0])).toBe(404);
    expect(await status(client, urls[1])).toBe(404);
    expect(await status(client, urls[2])).toBe(200);
    const dropped = await client.call("/api/tem.app_public/restoreTemplateVersion", { id, number: 1 });
    expect(dropped.body.Reason).toBe(translate("server.error.versionGone"));
  });

  it("refuses another user's template: list, note and restore read as not found", async () => {
    const owner = await newUser(s.base, "own");
    const other = await newUser(s.base, "oth");
    const url = await file(owner.client, owner.user.userid, 40);
    const add = await owner.client.call("/api/tem.app_public/addUserTemplate", {
      name: "Mine",
      width: 40,
      height: 30,
      url,
    });
    const id = add.body.data.id;
    const notFound = translate("server.error.itemNotFound");
    expect((await versions(other.client, id)).Reason).toBe(notFound);
    const note = await other.client.call("/api/tem.app_public/editTemplateVersionNote", {
      id,
      number: 1,
      note: "x",
    });
    expect(note.body.Reason).toBe(notFound);
    const restore = await other.client.call("/api/tem.app_public/restoreTemplateVersion", { id, number: 1 });
    expect(restore.body.Reason).toBe(notFound);
    const list = (await versions(owner.client, id)).data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ number: 1, note: "" });
  });

  it("seeds samples with a first version; deleting a template forever removes its versions' files", async () => {
    const { client, user } = await newUser(s.base, "del");
    const sample = (await client.call("/api/tem.app_public/getUserTemplateList", {})).body.data[0];
    expect((await versions(client, sample.id)).data).toHaveLength(1);
    const v1 = await file(client, user.userid, 40);
    const add = await client.call("/api/tem.app_public/addUserTemplate", {
      name: "Bin",
      width: 40,
      height: 30,
      url: v1,
    });
    const id = add.body.data.id;
    const v2 = await file(client, user.userid, 41);
    await client.call("/api/tem.app_public/editUserTemplate", {
      id,
      name: "Bin",
      width: 41,
      height: 30,
      url: v2,
    });
    await client.call("/api/tem.app_public/delUserTemplate", { id });
    // in data recovery: no versions to reach, the files stay
    expect((await versions(client, id)).Reason).toBe(translate("server.error.itemNotFound"));
    expect(await status(client, v1)).toBe(200);
    await client.call("/api/tem.app_public/delRecycleItem", { kind: "template", id });
    expect(await status(client, v1)).toBe(404);
    expect(await status(client, v2)).toBe(404);
  });
});
