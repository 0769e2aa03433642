// Sharing templates by code (issue 17): codes, validity (1 day free, 7 and 30 for members), my shares
// with expiry and use count, revoke, redeem with its messages and limits, shared with me, the shared
// files, remove, the folder-sharing switch, and what another user can never do with someone's share.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isMember } from "../../src/server/services/membership";
import { newShareCode, normalizeShareCode, SHARE_ALPHABET } from "../../src/server/services/sharing";
import {
  addTemplate,
  type Client,
  EMPTY_LABEL,
  ENGINES,
  newUser,
  startServer,
  type TestServer,
  upload,
} from "./helpers";

describe("share codes and membership", () => {
  it("draws 10 characters from the unambiguous alphabet, all different over many draws", () => {
    const codes = Array.from({ length: 2000 }, newShareCode);
    for (const c of codes) expect(c).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(SHARE_ALPHABET).not.toMatch(/[01OIL]/);
    // every character of the alphabet turns up (the draw is not stuck on a subset)
    expect(new Set(codes.join("")).size).toBe(SHARE_ALPHABET.length);
  });

  it("reads a typed or pasted code: case, spaces, dashes, or a whole share link", () => {
    expect(normalizeShareCode(" ab2c-d3ef 4g ")).toBe("AB2CD3EF4G");
    expect(normalizeShareCode("http://host/label/editLabel?share=xy23zq7890&x=1")).toBe("XY23ZQ7890");
    expect(normalizeShareCode("   ")).toBe("");
  });

  it("isMember honours member_expire", () => {
    const now = new Date("2026-05-01T12:00:00Z");
    expect(isMember({ is_member: false, member_expire: null }, now)).toBe(false);
    expect(isMember({ is_member: true, member_expire: "not a date" }, now)).toBe(false);
    expect(isMember({ is_member: true, member_expire: null }, now)).toBe(true);
    expect(isMember({ is_member: true, member_expire: "2026-05-02T00:00:00Z" }, now)).toBe(true);
    expect(isMember({ is_member: true, member_expire: new Date("2026-05-01T11:59:59Z") }, now)).toBe(false);
  });
});

describe.each(ENGINES)("sharing on $name", (engine) => {
  let s: TestServer;
  let a: Client;
  let b: Client;
  let c: Client;
  let aId: string;
  let aFolder: string;
  let aTemplates: { id: string; name: string; file_web: string; image: string }[];

  beforeAll(async () => {
    s = await startServer(engine, { sessionCacheMs: 0 });
    const ua = await newUser(s.base, "sha");
    a = ua.client;
    aId = ua.user.userid;
    b = (await newUser(s.base, "shb")).client;
    c = (await newUser(s.base, "shc")).client;
    aFolder = (await a.call("/api/tem.app_public/getUserClassList")).body.data[0].id;
    aTemplates = (await a.call("/api/tem.app_public/getUserTemplateList")).body.data;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const share = (cl: Client, fields: Record<string, unknown>) => cl.call("/api/share/create", fields);
  const redeem = (cl: Client, code: string) => cl.call("/api/share/redeem", { code });
  const received = async (cl: Client) => (await cl.call("/api/share/received")).body.data;
  const clearLimits = () => s.app.services.db.query("DELETE FROM rate_limits");

  it("shares a template for 1 day: a code, its expiry, listed with no use yet", async () => {
    const r = await share(a, { kind: "template", id: aTemplates[0].id, days: 1 });
    expect(r.body).toMatchObject({
      code: 200,
      data: { kind: "template", name: aTemplates[0].name, days: 1, uses: 0 },
    });
    expect(r.body.data.code).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    const expire = Date.parse(`${r.body.data.expire_time.replace(" ", "T")}Z`);
    expect(Math.abs(expire - Date.now() - 86_400_000)).toBeLessThan(120_000);
    expect((await a.call("/api/share/settings")).body.data).toEqual({ folder_sharing: 1 });
    const mine = (await a.call("/api/share/mine")).body;
    expect(mine.data.map((x: { id: string }) => x.id)).toContain(r.body.data.id);
  });

  it("7 and 30 days answer 402 for a free user and work for a member; other days are refused", async () => {
    for (const days of [7, 30]) {
      const r = await share(a, { kind: "template", id: aTemplates[0].id, days });
      expect(r.body.code).toBe(402);
      expect(r.body.msg).toContain("member");
    }
    expect((await share(a, { kind: "template", id: aTemplates[0].id, days: 2 })).body.code).toBe(209);
    await s.app.services.db.query(
      "UPDATE users SET is_member = true, member_expire = now() + interval '1 day' WHERE id = $1",
      [aId],
    );
    const r = await share(a, { kind: "template", id: aTemplates[0].id, days: 30 });
    expect(r.body).toMatchObject({ code: 200, data: { days: 30 } });
    // an expired membership is no membership
    await s.app.services.db.query(
      "UPDATE users SET member_expire = now() - interval '1 minute' WHERE id = $1",
      [aId],
    );
    expect((await share(a, { kind: "template", id: aTemplates[0].id, days: 7 })).body.code).toBe(402);
    await s.app.services.db.query("UPDATE users SET is_member = false, member_expire = NULL WHERE id = $1", [
      aId,
    ]);
  });

  it("B adds the code: listed with the template, the files readable; the use is counted once", async () => {
    const t = aTemplates[1];
    const code = (await share(a, { kind: "template", id: t.id, days: 1 })).body.data.code;
    expect((await b.raw(t.file_web)).status).toBe(404);
    const r = await redeem(b, code.toLowerCase());
    expect(r.body).toMatchObject({ code: 200, data: { code, kind: "template", owner: "Nick sha" } });
    expect(r.body.data.templates).toEqual([
      expect.objectContaining({ id: t.id, name: t.name, file_web: t.file_web }),
    ]);
    expect((await redeem(b, code)).body.code).toBe(200);
    const list = await received(b);
    expect(list.filter((x: { code: string }) => x.code === code)).toHaveLength(1);
    const got = await b.raw(t.file_web);
    expect(got.status).toBe(200);
    expect(await got.text()).toBe(await (await a.raw(t.file_web)).text());
    // C, who did not add the code, still cannot read the file
    expect((await c.raw(t.file_web)).status).toBe(404);
    const mine = (await a.call("/api/share/mine")).body.data.find((x: { code: string }) => x.code === code);
    expect(mine.uses).toBe(1);
  });

  it("clear messages: empty, unknown, expired, revoked, own code", async () => {
    await clearLimits();
    expect((await redeem(b, "  ")).body).toMatchObject({ code: 209, msg: "Share code must be entered" });
    expect((await redeem(b, "ZZZZZZZZZZ")).body).toMatchObject({ code: 209, msg: "No share has this code" });
    const own = (await share(a, { id: aTemplates[0].id, days: 1 })).body.data;
    expect((await redeem(a, own.code)).body).toMatchObject({ code: 209, msg: "This is your own share code" });
    const old = (await share(a, { id: aTemplates[0].id, days: 1 })).body.data;
    await s.app.services.db.query(
      "UPDATE shares SET expires_at = now() - interval '1 second' WHERE id = $1",
      [old.id],
    );
    expect((await redeem(b, old.code)).body).toMatchObject({ code: 209, msg: "This share code has expired" });
    expect((await a.call("/api/share/revoke", { id: own.id })).body.code).toBe(200);
    expect((await redeem(b, own.code)).body).toMatchObject({
      code: 209,
      msg: "This share code has been revoked by its owner",
    });
    // in the recipient's language
    b.lang = "zh";
    expect((await redeem(b, "")).body.msg).toBe("请输入分享码");
    b.lang = "en";
  });

  it("a revoked or expired share disappears for everyone, files included", async () => {
    const t = aTemplates[2];
    const sh = (await share(a, { id: t.id, days: 1 })).body.data;
    await redeem(b, sh.code);
    await redeem(c, sh.code);
    expect((await received(c)).some((x: { id: string }) => x.id === sh.id)).toBe(true);
    expect((await a.call("/api/share/revoke", { id: sh.id })).body.code).toBe(200);
    for (const cl of [b, c]) {
      expect((await received(cl)).some((x: { id: string }) => x.id === sh.id)).toBe(false);
      expect((await cl.raw(t.file_web)).status).toBe(404);
    }
    expect((await a.call("/api/share/mine")).body.data.some((x: { id: string }) => x.id === sh.id)).toBe(
      false,
    );
    const sh2 = (await share(a, { id: t.id, days: 1 })).body.data;
    await redeem(b, sh2.code);
    expect((await b.raw(t.file_web)).status).toBe(200);
    await s.app.services.db.query(
      "UPDATE shares SET expires_at = now() - interval '1 second' WHERE id = $1",
      [sh2.id],
    );
    expect((await received(b)).some((x: { id: string }) => x.id === sh2.id)).toBe(false);
    expect((await b.raw(t.file_web)).status).toBe(404);
  });

  it("B removes a share from the list; the share itself stays A's", async () => {
    await clearLimits();
    const sh = (await share(a, { id: aTemplates[0].id, days: 1 })).body.data;
    await redeem(b, sh.code);
    expect((await b.call("/api/share/remove", { id: sh.id })).body.code).toBe(200);
    expect((await received(b)).some((x: { id: string }) => x.id === sh.id)).toBe(false);
    expect((await b.call("/api/share/remove", { id: sh.id })).body.code).toBe(209);
    expect((await a.call("/api/share/mine")).body.data.some((x: { id: string }) => x.id === sh.id)).toBe(
      true,
    );
  });

  it("a template A deletes leaves B's list and its share; restored from data recovery, it is back", async () => {
    await clearLimits();
    const t = aTemplates[2];
    const sh = (await share(a, { kind: "template", id: t.id, days: 1 })).body.data;
    await redeem(b, sh.code);
    const listed = async () =>
      (await received(b))
        .find((x: { id: string }) => x.id === sh.id)
        ?.templates.map((x: { id: string }) => x.id) ?? [];
    expect(await listed()).toEqual([t.id]);
    expect((await a.call("/api/tem.app_public/delUserTemplate", { id: t.id })).body.code).toBe(200);
    expect(await listed()).toEqual([]);
    expect((await b.raw(t.file_web)).status).toBe(404);
    expect((await a.call("/api/share/mine")).body.data.some((x: { id: string }) => x.id === sh.id)).toBe(
      false,
    );
    // nor can a deleted template be shared again
    expect((await share(a, { kind: "template", id: t.id, days: 1 })).body.code).not.toBe(200);
    await s.app.services.db.query("UPDATE users SET is_member = true WHERE id = $1", [aId]);
    expect(
      (await a.call("/api/tem.app_public/recoverRecycleItem", { kind: "template", id: t.id })).body.code,
    ).toBe(200);
    await s.app.services.db.query("UPDATE users SET is_member = false WHERE id = $1", [aId]);
    expect(await listed()).toEqual([t.id]);
  });

  it("a folder share lists the folder's templates; the switch turns every folder share off and on", async () => {
    await clearLimits();
    const sh = (await share(a, { kind: "folder", id: aFolder, days: 1 })).body.data;
    expect(sh).toMatchObject({ kind: "folder", name: "Default folder" });
    const entry = (await redeem(c, sh.code)).body.data;
    expect(entry.folder).toBe("Default folder");
    expect(entry.templates.map((t: { id: string }) => t.id).sort()).toEqual(
      aTemplates.map((t) => t.id).sort(),
    );
    expect((await a.call("/api/share/setFolderSharing", { on: false })).body.data).toEqual({
      folder_sharing: 0,
    });
    expect((await received(c)).some((x: { id: string }) => x.id === sh.id)).toBe(false);
    expect((await c.raw(aTemplates[0].file_web)).status).toBe(404);
    expect((await share(a, { kind: "folder", id: aFolder, days: 1 })).body).toMatchObject({
      code: 209,
      msg: "Folder sharing is switched off. Switch it on to share a folder.",
    });
    expect((await redeem(b, sh.code)).body.msg).toBe("The owner has switched folder sharing off");
    expect((await a.call("/api/share/settings")).body.data.folder_sharing).toBe(0);
    await a.call("/api/share/setFolderSharing", { on: true });
    expect((await received(c)).some((x: { id: string }) => x.id === sh.id)).toBe(true);
  });

  it("redemption is rate-limited per user (wrong codes), then answers too frequent", async () => {
    await clearLimits();
    const got: string[] = [];
    for (let i = 0; i < 12; i++) got.push((await redeem(c, `WRONG${i}CODE`)).body.msg);
    expect(got.slice(0, 10).every((m) => m === "No share has this code")).toBe(true);
    expect(got.slice(10)).toEqual([
      "Request too frequent, retry after 1 minute",
      "Request too frequent, retry after 1 minute",
    ]);
    // a valid code is refused too while blocked (nothing can be probed), B is not blocked
    const sh = (await share(a, { id: aTemplates[0].id, days: 1 })).body.data;
    expect((await redeem(c, sh.code)).body.msg).toBe("Request too frequent, retry after 1 minute");
    expect((await redeem(b, sh.code)).body.code).toBe(200);
    await clearLimits();
  });

  it("a share gives the exact objects only: an address that ends in another user's path reads nothing", async () => {
    await clearLimits();
    // V's never-shared spreadsheet
    const v = await newUser(s.base, "shv");
    const vKey = `${v.user.userid}/excel/20260101/k/customers.csv`;
    const vUrl = new URL((await upload(v.client, vKey, "name\nsecret", "customers.csv")).body.data.url)
      .pathname;
    // B's template whose preview address is B's own key ending in V's path, shared to C
    const bId = (await b.call("/api/user/getUserInfo")).body.data.userid;
    const bFile = (await upload(b, `${bId}/tprt/t/trap.tprt`, EMPTY_LABEL, "label.tprt")).body.data.url;
    const added = await b.call("/api/tem.app_public/addUserTemplate", {
      name: `trap ${Date.now()}`,
      width: 40,
      height: 30,
      url: bFile,
      image: `/files/${bId}/files/${vKey}`,
    });
    expect(added.body.code).toBe(200);
    const bt = added.body.data;
    const sh = (await share(b, { id: bt.id, days: 1 })).body.data;
    expect((await redeem(c, sh.code)).body.code).toBe(200);
    expect((await c.raw(new URL(bt.file_web).pathname)).status).toBe(200);
    expect((await c.raw(vUrl)).status).toBe(404);
    const imported = await c.call("/api/tem.new_class/import", { FileUrl: vUrl });
    expect(imported.body).toMatchObject({ code: 209, msg: "The file does not exist" });
  });

  it("a shared label carries its spreadsheet: B imports it while the share lives, never after", async () => {
    await clearLimits();
    const csv = "Name,Price\nApple,1.5\nPear,2.25\nPlum,3";
    const key = `${aId}/excel/20260101/s/stock.csv`;
    const sheetUrl = new URL((await upload(a, key, csv, "stock.csv")).body.data.url).pathname;
    const other = `${aId}/excel/20260101/o/other.csv`;
    const otherUrl = new URL((await upload(a, other, "x\ny", "other.csv")).body.data.url).pathname;
    const label = `<LabelFile><FileInfo><Width>40</Width><Height>20</Height></FileInfo><ObjectList>
      <DrawObject><ID>T1</ID><Type>Text</Type><Data>x</Data><Width>30</Width><Height>8</Height>
      <DataSourceList><DataSource Type="1" ConnectionStr="${sheetUrl}" SheetIndex="0,0" PrintFirstLine="no"/></DataSourceList>
      </DrawObject></ObjectList></LabelFile>`;
    const t = await addTemplate(a, aId, `bound ${Date.now()}`, { file: label });
    const sh = (await share(a, { id: t.id, days: 1 })).body.data;
    const importAs = (cl: Client, url: string) => cl.call("/api/tem.new_class/import", { FileUrl: url });
    expect((await importAs(b, sheetUrl)).body.code).toBe(209);
    expect((await redeem(b, sh.code)).body.code).toBe(200);
    const got = await importAs(b, sheetUrl);
    expect(got.body).toMatchObject({ code: 200 });
    expect(got.body.data[0].data).toEqual([
      ["Name", "Price"],
      ["Apple", "1.5"],
      ["Pear", "2.25"],
      ["Plum", "3"],
    ]);
    expect((await b.raw(sheetUrl)).status).toBe(200);
    // only what the label links: A's other spreadsheet stays A's; C, who did not add the code, nothing
    expect((await b.raw(otherUrl)).status).toBe(404);
    expect((await importAs(b, otherUrl)).body.code).toBe(209);
    expect((await importAs(c, sheetUrl)).body.code).toBe(209);
    expect((await a.call("/api/share/revoke", { id: sh.id })).body.code).toBe(200);
    expect((await importAs(b, sheetUrl)).body.code).toBe(209);
    expect((await b.raw(sheetUrl)).status).toBe(404);
  });

  it("a shared label carries its picture and background: B reads them while the share lives", async () => {
    await clearLimits();
    // a 1 × 1 PNG
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==",
      "base64",
    );
    const up = async (key: string, name: string) => (await upload(a, key, png, name)).body.data.url as string;
    const pictureUrl = await up(`${aId}/image/20260101/s/logo.png`, "logo.png");
    const backgroundUrl = await up(`${aId}/image/20260101/s/paper.png`, "paper.png");
    const unlinkedUrl = await up(`${aId}/image/20260101/s/private.png`, "private.png");
    const label = `<LabelFile><FileInfo><Width>40</Width><Height>20</Height><Background>${backgroundUrl}</Background></FileInfo><ObjectList>
      <DrawObject><ID>P1</ID><Type>Image</Type><Width>10</Width><Height>10</Height><ImageUrl>${pictureUrl}</ImageUrl></DrawObject>
      </ObjectList></LabelFile>`;
    const t = await addTemplate(a, aId, `pictured ${Date.now()}`, { file: label });
    const path = (url: string) => new URL(url).pathname;
    expect((await b.raw(path(pictureUrl))).status).toBe(404);
    const sh = (await share(a, { id: t.id, days: 1 })).body.data;
    expect((await redeem(b, sh.code)).body.code).toBe(200);
    for (const url of [pictureUrl, backgroundUrl]) {
      const got = await b.raw(path(url));
      expect(got.status, url).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(png)).toBe(true);
    }
    // only what the label links; C, who did not add the code, nothing
    expect((await b.raw(path(unlinkedUrl))).status).toBe(404);
    expect((await c.raw(path(pictureUrl))).status).toBe(404);
    expect((await a.call("/api/share/revoke", { id: sh.id })).body.code).toBe(200);
    expect((await b.raw(path(pictureUrl))).status).toBe(404);
    expect((await b.raw(path(backgroundUrl))).status).toBe(404);
  });

  it("owner checks: B cannot share, list, revoke or switch anything of A's", async () => {
    const bUser = (await b.call("/api/user/getUserInfo")).body.data.userid;
    const notFound = { code: 209, msg: "The item does not exist or has been deleted" };
    expect(
      (await share(b, { kind: "template", id: aTemplates[0].id, days: 1, user_id: aId })).body,
    ).toMatchObject(notFound);
    expect((await share(b, { kind: "folder", id: aFolder, days: 1, user_id: aId })).body).toMatchObject(
      notFound,
    );
    const sh = (await share(a, { id: aTemplates[0].id, days: 1 })).body.data;
    expect((await b.call("/api/share/revoke", { id: sh.id, user_id: aId })).body).toMatchObject(notFound);
    expect(
      (await b.call("/api/share/mine", { user_id: aId })).body.data.some(
        (x: { id: string }) => x.id === sh.id,
      ),
    ).toBe(false);
    // B cannot take a share off C's list
    await redeem(c, sh.code);
    expect((await b.call("/api/share/remove", { id: sh.id, user_id: bUser })).body).toMatchObject(notFound);
    expect((await received(c)).some((x: { id: string }) => x.id === sh.id)).toBe(true);
    // B's switch is B's only
    await b.call("/api/share/setFolderSharing", { on: false, user_id: aId });
    expect((await a.call("/api/share/settings")).body.data.folder_sharing).toBe(1);
    // GET works for the read-only lists; changes are POST only
    expect((await b.raw("/interface/api/share/received")).status).toBe(200);
    expect((await b.raw("/interface/api/share/revoke?id=x")).status).toBe(405);
    // without a session
    const anon = await fetch(`${s.base}/interface/api/share/received`);
    expect((await anon.json()).code).toBe(301);
  });
});
