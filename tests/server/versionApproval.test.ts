// Versions and approval (issue 40): an owner turns "needs approval" on for a team folder; a
// designer's save there is a draft; operators print the latest approved version on every print
// path (the print API and the app's open-for-print: services/printableVersion.ts), until the owner
// approves (or rejects with a note); print records name the version printed; a team's retention
// (count and days) applies on save and the space its versions use is reported.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../src/i18n/messages";
import type { Role } from "../../src/model/teamRoles";
import { takeJob } from "../../src/server/services/deviceJobs";
import { createToken, tokenApi } from "../print/support/tokenApi";
import { type Client, ENGINES, newUser, startServer, type TestServer, untilDrawn, upload } from "./helpers";

const label = (w: number) =>
  `<?xml version="1.0" encoding="UTF-8"?><LabelFile><FileInfo><Width>${w}</Width><Height>30</Height></FileInfo><ObjectList/></LabelFile>`;
const ROLE_REFUSED = translate("server.error.teamRole", {}, "en");

/** The pixel width of a PNG (its IHDR). */
const pngWidth = (b64: string) => Buffer.from(b64, "base64").readUInt32BE(16);
/** A label `mm` wide drawn at the print API's 203 dpi. */
const dots = (mm: number) => Math.round((mm / 25.4) * 203);

describe.each(ENGINES)("versions and approval on $name", (engine) => {
  let s: TestServer;
  let teamId: string;
  const c = {} as Record<Role, Client>;
  const ids = {} as Record<Role, string>;
  let n = 0;

  /** Uploads a label file `width` mm wide into the team's files; its URL. */
  async function file(who: Client, width: number): Promise<string> {
    const up = await upload(who, `${teamId}/tprt/a/${n++}.tprts`, label(width), "l.tprts");
    return up.body.data.url;
  }
  const call = (who: Role, path: string, body: Record<string, unknown> = {}) =>
    c[who].call(path, body).then((r) => r.body);

  beforeAll(async () => {
    s = await startServer(engine);
    for (const role of ["owner", "designer", "operator", "viewer"] as const) {
      const u = await newUser(s.base, role.slice(0, 4));
      c[role] = u.client;
      ids[role] = u.user.userid;
    }
    teamId = (await call("owner", "/api/team/create", { name: "Dock" })).data.id;
    for (const role of ["designer", "operator", "viewer"] as const) {
      const link = await call("owner", "/api/team/inviteLink", { id: teamId, role, days: 1 });
      const token = new URL(link.data.url).searchParams.get("token");
      expect((await call(role, "/api/team/accept", { token })).code).toBe(200);
    }
    for (const role of Object.keys(c) as Role[]) c[role].space = teamId;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  /** A new folder of the team (by the owner) and a template saved there as v1 (by `by`). */
  async function folderWithTemplate(name: string, by: Role = "owner") {
    const folder = (await call("owner", "/api/tem.app_public/addUserClass", { name })).data.id;
    const url = await file(c[by], 40);
    const t = await call(by, "/api/tem.app_public/addUserTemplate", {
      name,
      parent_id: folder,
      width: 40,
      height: 30,
      url,
    });
    expect(t.code).toBe(200);
    return { folder, id: t.data.id as string, v1: url };
  }
  /** A full save of the template by `who` from what it holds now, `width` mm wide; the new version's file. */
  async function save(who: Role, id: string, width: number) {
    const now = (await call(who, "/api/tem.app_public/getTemplateVersions", { id })).data[0].file_web;
    const url = await file(c[who], width);
    const r = await call(who, "/api/tem.app_public/editUserTemplate", {
      id,
      name: (await call(who, "/api/tem.app_public/getPrintableTemplate", { id })).data.name,
      width,
      height: 30,
      url,
      base_file: now,
    });
    expect(r.code).toBe(200);
    return url;
  }
  const versions = async (id: string) =>
    (await call("owner", "/api/tem.app_public/getTemplateVersions", { id })).data as {
      number: number;
      status: string;
      review_note: string;
      reviewer: string;
      file_web: string;
    }[];

  it("only an owner turns approval on, and only for a team folder", async () => {
    const { folder } = await folderWithTemplate("Pallet");
    for (const who of ["designer", "operator", "viewer"] as const) {
      const r = await call(who, "/api/tem.app_public/setFolderApproval", { id: folder, needs_approval: 1 });
      expect([r.code, r.Reason]).toEqual([403, ROLE_REFUSED]);
    }
    expect((await call("owner", "/api/tem.app_public/getUserClassList")).data).toContainEqual(
      expect.objectContaining({ id: folder, needs_approval: 0 }),
    );
    const on = await call("owner", "/api/tem.app_public/setFolderApproval", {
      id: folder,
      needs_approval: 1,
    });
    expect(on.code).toBe(200);
    expect((await call("viewer", "/api/tem.app_public/getUserClassList")).data).toContainEqual(
      expect.objectContaining({ id: folder, needs_approval: 1 }),
    );
    // the personal space has no approval
    const personal = new (c.owner.constructor as new (b: string) => Client)(s.base);
    Object.assign(personal, c.owner, { space: "" });
    const mine = (await personal.call("/api/tem.app_public/getUserClassList")).body.data[0].id;
    const refused = await personal.call("/api/tem.app_public/setFolderApproval", {
      id: mine,
      needs_approval: 1,
    });
    expect(refused.body.Reason).toBe(translate("server.error.approvalTeamOnly", {}, "en"));
  });

  it("a designer's save is a draft: operators print the approved version until the owner approves", async () => {
    const { folder, id, v1 } = await folderWithTemplate("Crate");
    await call("owner", "/api/tem.app_public/setFolderApproval", { id: folder, needs_approval: 1 });
    const v2 = await save("designer", id, 60);
    expect((await versions(id)).map((v) => [v.number, v.status])).toEqual([
      [2, "draft"],
      [1, "approved"],
    ]);

    // the app's open-for-print: the operator and the viewer get v1, the writers the current v2
    const printable = async (who: Role) =>
      (await call(who, "/api/tem.app_public/getPrintableTemplate", { id })).data;
    expect(await printable("operator")).toMatchObject({ number: 1, file_web: v1, width: 40 });
    expect(await printable("viewer")).toMatchObject({ number: 1, file_web: v1 });
    expect(await printable("designer")).toMatchObject({ number: 2, file_web: v2, width: 60 });
    // the print station: the operator's tile prints v1 too
    const station = async () => (await call("operator", "/api/station/file", { id })).data;
    expect(await station()).toMatchObject({ id, version: 1 });

    // the print API, with the operator's own token in the team's space, on the team's printer
    const dev = (await call("owner", "/api/device/bind", { name: "Dock 1" })).data;
    const api = tokenApi(s.base, await createToken(c.operator, "WMS"));
    const print = async () =>
      (
        await api(
          "/api/v1/print",
          { template_id: id, records: [{}], target: dev.sn },
          { headers: { "x-inkless-space": teamId } },
        )
      ).body;
    const { db, files } = s.app.services;
    const first = await print();
    expect(first).toMatchObject({ code: 200, data: { version: 1 } });
    await untilDrawn(db, first.data.job_id);
    expect(pngWidth((await takeJob(db, files, dev.sn))?.images[0] ?? "")).toBe(dots(40));

    // neither the designer nor the operator may approve
    for (const who of ["designer", "operator"] as const) {
      const r = await call(who, "/api/tem.app_public/reviewTemplateVersion", { id, number: 2, approve: 1 });
      expect([r.code, r.Reason]).toEqual([403, ROLE_REFUSED]);
    }
    expect(
      (await call("owner", "/api/tem.app_public/reviewTemplateVersion", { id, number: 2, approve: 1 })).code,
    ).toBe(200);
    expect((await versions(id))[0]).toMatchObject({ number: 2, status: "approved", reviewer: "Nick owne" });
    expect(await station()).toMatchObject({ id, version: 2 });
    const second = await print();
    expect(second).toMatchObject({ code: 200, data: { version: 2 } });
    await untilDrawn(db, second.data.job_id);
    expect(pngWidth((await takeJob(db, files, dev.sn))?.images[0] ?? "")).toBe(dots(60));

    // the operator's print records name the versions printed
    const records = (await c.operator.call("/api/tem.app_public/getPrintHistory", {}).then((r) => r.body))
      .data;
    expect(records.map((r: { version: number; name: string }) => [r.name, r.version])).toEqual([
      ["Crate", 2],
      ["Crate", 1],
    ]);

    // a rejected draft (with its note) is never printed; an owner's own save is approved at once
    await save("designer", id, 80);
    const rejected = await call("owner", "/api/tem.app_public/reviewTemplateVersion", {
      id,
      number: 3,
      approve: 0,
      note: "barcode too small",
    });
    expect(rejected.code).toBe(200);
    expect((await versions(id))[0]).toMatchObject({
      number: 3,
      status: "rejected",
      review_note: "barcode too small",
    });
    expect(await printable("operator")).toMatchObject({ number: 2 });
    // a decided version is not a draft any more
    const again = await call("owner", "/api/tem.app_public/reviewTemplateVersion", {
      id,
      number: 2,
      approve: 0,
    });
    expect(again.Reason).toBe(translate("server.error.versionNotDraft", {}, "en"));
    await save("owner", id, 50);
    expect((await versions(id))[0]).toMatchObject({ number: 4, status: "approved" });
    expect(await printable("operator")).toMatchObject({ number: 4, width: 50 });
  });

  it("a template with no approved version yet cannot be printed by an operator", async () => {
    const folder = (await call("owner", "/api/tem.app_public/addUserClass", { name: "Drafts" })).data.id;
    await call("owner", "/api/tem.app_public/setFolderApproval", { id: folder, needs_approval: 1 });
    const url = await file(c.designer, 40);
    const t = await call("designer", "/api/tem.app_public/addUserTemplate", {
      name: "New box",
      parent_id: folder,
      width: 40,
      height: 30,
      url,
    });
    expect((await versions(t.data.id))[0].status).toBe("draft");
    const r = await call("operator", "/api/tem.app_public/getPrintableTemplate", { id: t.data.id });
    expect(r.Reason).toBe(translate("server.error.noApprovedVersion", { name: "New box" }, "en"));
  });

  it("the operator cannot change a template through the API", async () => {
    const { id, v1 } = await folderWithTemplate("Tote");
    const url = await file(c.owner, 70);
    const tries = [
      [
        "/api/tem.app_public/editUserTemplate",
        { id, name: "Tote", width: 70, height: 30, url, base_file: v1 },
      ],
      ["/api/tem.app_public/editUserTemplate", { id, name: "Renamed" }],
      ["/api/tem.app_public/restoreTemplateVersion", { id, number: 1 }],
      ["/api/tem.app_public/reviewTemplateVersion", { id, number: 1, approve: 1 }],
      ["/api/tem.app_public/delUserTemplate", { id }],
    ] as const;
    for (const [path, body] of tries) {
      const r = await call("operator", path, body);
      expect([path, r.code]).toEqual([path, 403]);
    }
    expect(await versions(id)).toHaveLength(1);
    expect((await call("operator", "/api/tem.app_public/getPrintableTemplate", { id })).data.name).toBe(
      "Tote",
    );
  });

  it("a team's retention (count and days) applies on save, keeping the approved version; its space is shown", async () => {
    const bad = await call("owner", "/api/team/setVersionRetention", { id: teamId, kept: 0, days: 0 });
    expect(bad.Reason).toBe(translate("server.error.versionsKept", { max: 200 }, "en"));
    const badDays = await call("owner", "/api/team/setVersionRetention", { id: teamId, kept: 3, days: -1 });
    expect(badDays.Reason).toBe(translate("server.error.versionsDays", { max: 3650 }, "en"));
    const byDesigner = await call("designer", "/api/team/setVersionRetention", {
      id: teamId,
      kept: 2,
      days: 0,
    });
    expect(byDesigner.code).toBe(403);
    expect(
      (await call("owner", "/api/team/setVersionRetention", { id: teamId, kept: 2, days: 30 })).code,
    ).toBe(200);
    expect((await call("viewer", "/api/team/versions", { id: teamId })).data).toMatchObject({
      kept: 2,
      days: 30,
    });

    const { folder, id } = await folderWithTemplate("Bin");
    await call("owner", "/api/tem.app_public/setFolderApproval", { id: folder, needs_approval: 1 });
    for (const w of [41, 42, 43]) await save("designer", id, w);
    // two newest kept, and v1: the latest approved one (what operators print)
    expect((await versions(id)).map((v) => [v.number, v.status])).toEqual([
      [4, "draft"],
      [3, "draft"],
      [1, "approved"],
    ]);
    const used = (await call("owner", "/api/team/versions", { id: teamId })).data;
    expect(used.versions).toBeGreaterThanOrEqual(3);
    expect(used.bytes).toBeGreaterThan(label(40).length * 3);
    // the age limit: a version older than the team's days goes at the next save
    await s.app.services.db.query(
      "UPDATE template_versions SET created_at = now() - interval '31 days' WHERE template_id = $1 AND number = 3",
      [id],
    );
    await save("owner", id, 44);
    expect((await versions(id)).map((v) => v.number)).toEqual([5, 4]);
  });

  it("only an owner moves a template out of a folder that needs approval", async () => {
    const { folder, id } = await folderWithTemplate("Keg");
    await call("owner", "/api/tem.app_public/setFolderApproval", { id: folder, needs_approval: 1 });
    const open = (await call("owner", "/api/tem.app_public/addUserClass", { name: "Open shelf" })).data.id;
    const moved = await call("designer", "/api/tem.app_public/editUserTemplate", {
      id,
      name: "Keg",
      parent_id: open,
    });
    expect(moved.Reason).toBe(translate("server.error.approvalMove", {}, "en"));
    expect(
      (await call("owner", "/api/tem.app_public/editUserTemplate", { id, name: "Keg", parent_id: open })).data
        .parent_id,
    ).toBe(open);
  });

  it("a web print's record names the version whose file it printed", async () => {
    const { id, v1 } = await folderWithTemplate("Sack");
    const r = await call("operator", "/api/tem.app_public/printHistoryNewAdd", {
      tmp_id: id,
      file_web: v1,
      name: "Sack",
      width: 40,
      height: 30,
      print_num: 1,
    });
    expect(r.code).toBe(200);
    const records = (await c.operator.call("/api/tem.app_public/getPrintHistory", {}).then((x) => x.body))
      .data;
    expect(records.find((x: { id: string }) => x.id === r.data.id)).toMatchObject({ version: 1 });
  });
});
