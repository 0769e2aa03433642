// Teams and roles (issue 40): invitations by account (kept for it, sent through the outbox) and by
// link, the role table enforced by the server on every content call of a team space (each role
// tried on each write API directly, not through the app), reading and printing, the owner rules,
// and the personal space left as it was.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../src/i18n/messages";
import type { Role } from "../../src/model/teamRoles";
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

const DIST = "/api/tem.distInterface/distData";
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 1, 2, 3]);
const ROLE_REFUSED = translate("server.error.teamRole", {}, "en");

type Who = Role | "outsider";
/** What each caller gets from a write call in the team space: writers pass, the others are refused
 * by role (403), someone outside the team finds nothing (209, like any id that is not theirs). */
const WRITE_CODE: Record<Who, number> = {
  owner: 200,
  designer: 200,
  operator: 403,
  viewer: 403,
  outsider: 209,
};

describe.each(ENGINES)("teams on $name", (engine) => {
  let s: TestServer;
  let teamId: string;
  const c = {} as Record<Who, Client>;
  const ids = {} as Record<Who, string>;
  const accounts = {} as Record<Who, string>;

  /** A client acting in the team's space. */
  const inTeam = (who: Who) => {
    c[who].space = teamId;
    return c[who];
  };

  beforeAll(async () => {
    s = await startServer(engine);
    for (const who of ["owner", "designer", "operator", "viewer", "outsider"] as const) {
      const u = await newUser(s.base, who.slice(0, 4));
      c[who] = u.client;
      ids[who] = u.user.userid;
      accounts[who] = u.user.account;
    }
    const made = await c.owner.call("/api/team/create", { name: "Packing" });
    expect(made.body.code).toBe(200);
    teamId = made.body.data.id;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it("invites by account (waiting for it, and in the outbox) and by link; accept and decline", async () => {
    const designerAccount = accounts.designer;
    const inv = await c.owner.call("/api/team/invite", {
      id: teamId,
      account: designerAccount,
      role: "designer",
    });
    expect(inv.body.code).toBe(200);
    const mail = readdirSync(join(s.dataDir, "outbox"))
      .map((f) => JSON.parse(readFileSync(join(s.dataDir, "outbox", f), "utf8")))
      .find((m) => m.to === designerAccount);
    expect(mail.subject).toContain("Packing");
    // the invitation waits for that account, and only that one
    const mine = (await c.designer.call("/api/team/invites")).body.data;
    expect(mine).toMatchObject([{ team_id: teamId, team_name: "Packing", role: "designer" }]);
    expect((await c.outsider.call("/api/team/invites")).body.data).toEqual([]);
    expect((await c.outsider.call("/api/team/accept", { invite: mine[0].id })).body.code).toBe(209);
    expect((await c.designer.call("/api/team/accept", { invite: mine[0].id })).body.code).toBe(200);
    // used up
    expect((await c.designer.call("/api/team/accept", { invite: mine[0].id })).body.code).toBe(209);

    // a declined invitation is gone
    const viewerAccount = accounts.viewer;
    await c.owner.call("/api/team/invite", { id: teamId, account: viewerAccount, role: "viewer" });
    const vInv = (await c.viewer.call("/api/team/invites")).body.data[0];
    expect((await c.viewer.call("/api/team/decline", { invite: vInv.id })).body.code).toBe(200);
    expect((await c.viewer.call("/api/team/invites")).body.data).toEqual([]);

    // links: only an owner makes them; the token joins with the link's role
    expect((await c.designer.call("/api/team/inviteLink", { id: teamId, role: "operator" })).body.code).toBe(
      403,
    );
    expect(
      (await c.owner.call("/api/team/inviteLink", { id: teamId, role: "operator", days: 0 })).body.code,
    ).toBe(209);
    for (const role of ["operator", "viewer"] as const) {
      const link = await c.owner.call("/api/team/inviteLink", { id: teamId, role, days: 3 });
      const token = new URL(link.body.data.url).searchParams.get("token");
      expect((await c[role].call("/api/team/linkInfo", { token })).body.data).toMatchObject({
        team_name: "Packing",
        role,
      });
      expect((await c[role].call("/api/team/accept", { token })).body.code).toBe(200);
    }
    expect((await c.outsider.call("/api/team/accept", { token: "x".repeat(32) })).body.code).toBe(209);
    const members = (await c.viewer.call("/api/team/detail", { id: teamId })).body.data.members;
    expect(members.map((m: { role: string }) => m.role).sort()).toEqual([
      "designer",
      "operator",
      "owner",
      "viewer",
    ]);
    expect((await c.designer.call("/api/team/list")).body.data).toMatchObject([
      { id: teamId, role: "designer" },
    ]);
    expect((await c.outsider.call("/api/team/detail", { id: teamId })).body.code).toBe(209);
  });

  /** A template saved by the designer in the team's space; its id and file URL. */
  async function teamTemplate(name: string) {
    const t = await addTemplate(inTeam("designer"), teamId, name);
    return t;
  }
  async function teamFile(name: string) {
    const d = inTeam("designer");
    const url = (await upload(d, `${teamId}/sheets/${name}.csv`, "a,b\n1,2\n", `${name}.csv`)).body.data.url;
    const folders = (await d.call("/api/tem.app_public/getCloudDataList", { type: 2 })).body.data;
    const r = await d.call("/api/tem.app_public/addCloudFile", {
      tid: folders[0].id,
      name: `${name}.csv`,
      url,
    });
    expect(r.body.code).toBe(200);
    return { ...r.body.data, url, folder: folders[0].id };
  }
  let n = 0;
  /** A fresh label file uploaded by the designer under the team's prefix. */
  const teamUpload = async () =>
    (await upload(inTeam("designer"), `${teamId}/tprt/w/${n++}.tprt`, EMPTY_LABEL, "l.tprt")).body.data.url;

  // Each write API of a team space; `prepare` makes what the call acts on (as the designer).
  const WRITES: Record<string, (who: Client) => Promise<{ body: { code: number; msg?: string } }>> = {
    addUserTemplate: async (w) =>
      w.call("/api/tem.app_public/addUserTemplate", {
        name: `new ${n++}`,
        width: 40,
        height: 30,
        url: await teamUpload(),
      }),
    coverUserTemplate: async (w) => {
      const t = await teamTemplate(`cover ${n++}`);
      return w.call("/api/tem.app_public/coverUserTemplate", {
        name: t.name,
        width: 40,
        height: 30,
        url: await teamUpload(),
      });
    },
    "editUserTemplate (save)": async (w) => {
      const t = await teamTemplate(`save ${n++}`);
      const url = await teamUpload();
      return w.call("/api/tem.app_public/editUserTemplate", {
        id: t.id,
        name: t.name,
        width: 40,
        height: 30,
        url,
        base_file: t.file_web,
      });
    },
    "editUserTemplate (rename)": async (w) => {
      const t = await teamTemplate(`rename ${n++}`);
      return w.call("/api/tem.app_public/editUserTemplate", { id: t.id, name: `renamed ${n++}` });
    },
    delUserTemplate: async (w) => {
      const t = await teamTemplate(`del ${n++}`);
      return w.call("/api/tem.app_public/delUserTemplate", { id: t.id });
    },
    restoreTemplateVersion: async (w) => {
      const t = await teamTemplate(`restore ${n++}`);
      await inTeam("designer").call("/api/tem.app_public/editUserTemplate", {
        id: t.id,
        name: t.name,
        width: 40,
        height: 30,
        url: await teamUpload(),
        base_file: t.file_web,
      });
      return w.call("/api/tem.app_public/restoreTemplateVersion", { id: t.id, number: 1 });
    },
    editTemplateVersionNote: async (w) => {
      const t = await teamTemplate(`note ${n++}`);
      return w.call("/api/tem.app_public/editTemplateVersionNote", { id: t.id, number: 1, note: "checked" });
    },
    addUserClass: (w) => w.call("/api/tem.app_public/addUserClass", { name: `folder ${n++}` }),
    editUserClass: async (w) => {
      const f = await inTeam("designer").call("/api/tem.app_public/addUserClass", { name: `folder ${n++}` });
      return w.call("/api/tem.app_public/editUserClass", { id: f.body.data.id, name: `folder ${n++}` });
    },
    delUserClass: async (w) => {
      const f = await inTeam("designer").call("/api/tem.app_public/addUserClass", { name: `folder ${n++}` });
      return w.call("/api/tem.app_public/delUserClass", { id: f.body.data.id });
    },
    addCloudClass: (w) => w.call("/api/tem.app_public/addCloudClass", { type: 2, name: `data ${n++}` }),
    addCloudFile: async (w) => {
      const url = (await upload(inTeam("designer"), `${teamId}/sheets/up${n++}.csv`, "a\n1\n", "up.csv")).body
        .data.url;
      const folders = (await inTeam("designer").call("/api/tem.app_public/getCloudDataList", { type: 2 }))
        .body.data;
      return w.call("/api/tem.app_public/addCloudFile", { tid: folders[0].id, name: `up${n++}.csv`, url });
    },
    editCloudFile: async (w) => {
      const f = await teamFile(`edit${n++}`);
      return w.call("/api/tem.app_public/editCloudFile", {
        id: f.id,
        name: `renamed${n++}.csv`,
        tid: f.folder,
      });
    },
    delCloudFile: async (w) => {
      const f = await teamFile(`del${n++}`);
      return w.call("/api/tem.app_public/delCloudFile", { id: f.id });
    },
  };

  const table = Object.keys(WRITES).flatMap((api) =>
    (["owner", "designer", "operator", "viewer", "outsider"] as const).map((who) => ({ api, who })),
  );
  it.each(table)("$who calling $api in the team space", async ({ api, who }) => {
    const before = (await inTeam("designer").call("/api/tem.app_public/getUserTemplateList", { size: 200 }))
      .body.count;
    const r = await WRITES[api](inTeam(who));
    expect(r.body.code).toBe(WRITE_CODE[who]);
    if (WRITE_CODE[who] === 403) expect(r.body.msg).toBe(ROLE_REFUSED);
    if (WRITE_CODE[who] !== 200) {
      // a refused call changed nothing: the designer's preparation is all that was added
      const after = (await inTeam("designer").call("/api/tem.app_public/getUserTemplateList", { size: 200 }))
        .body;
      const made = [
        "addUserTemplate",
        "addUserClass",
        "editUserClass",
        "delUserClass",
        "addCloudClass",
        "addCloudFile",
        "editCloudFile",
        "delCloudFile",
      ].includes(api)
        ? 0
        : 1;
      expect(after.count).toBe(before + made);
    }
  });

  it("every member reads the team's templates, versions, data and files; an outsider does not", async () => {
    const t = await teamTemplate("Shared box");
    const f = await teamFile("stock");
    for (const who of ["owner", "designer", "operator", "viewer"] as const) {
      const w = inTeam(who);
      const list = (await w.call("/api/tem.app_public/getUserTemplateList", { keyword: "Shared box" })).body;
      expect(list.data.map((x: { id: string }) => x.id)).toEqual([t.id]);
      expect((await w.call("/api/tem.app_public/getTemplateVersions", { id: t.id })).body.code).toBe(200);
      expect((await w.raw(new URL(t.file_web, s.base).pathname)).status).toBe(200);
      const data = (await w.call("/api/tem.app_public/getCloudDataList", { type: 2 })).body.data;
      expect(data.flatMap((d: { data: { id: string }[] }) => d.data.map((x) => x.id))).toContain(f.id);
      // what printing with data needs: the team's spreadsheet imported
      expect((await w.call("/api/tem.new_class/import", { FileUrl: f.url })).body.code).toBe(200);
    }
    const o = inTeam("outsider");
    expect((await o.call("/api/tem.app_public/getUserTemplateList")).body.code).toBe(209);
    expect((await o.raw(new URL(t.file_web, s.base).pathname)).status).toBe(404);
    o.space = "";
    expect((await o.call("/api/tem.new_class/import", { FileUrl: f.url })).body.code).not.toBe(200);
  });

  it("the team's printer: the owner binds it, operators see it and print, a viewer may not print", async () => {
    expect((await inTeam("designer").call("/api/device/bind", { name: "Line 1" })).body.code).toBe(403);
    const dev = (await inTeam("owner").call("/api/device/bind", { name: "Line 1" })).body.data;
    const op = inTeam("operator");
    const listed = (await op.call(DIST, { fun: "hmBindEquipmentList" })).body.data;
    expect(listed.map((d: { sn: string }) => d.sn)).toEqual([dev.sn]);
    // the operator's printed picture goes under their own prefix (getToken of a non-writer)
    const img = (await upload(op, `${ids.operator}/print/p.png`, png, "p.png")).body.data.url;
    const job = { fun: "hmPrintFile", sn: dev.sn, files: img, print_type: "ESC", phr: 1, print_file_type: 1 };
    expect((await op.call(DIST, job)).body.code).toBe(200);
    const viewer = await inTeam("viewer").call(DIST, job);
    expect(viewer.body.code).toBe(403);
    expect((await inTeam("outsider").call(DIST, job)).body.code).toBe(209);
    // the personal space does not see the team's printer
    c.operator.space = "";
    expect((await c.operator.call(DIST, { fun: "hmBindEquipmentList" })).body.data).toEqual([]);
  });

  it("keeps the personal space apart: a member's own list holds none of the team's templates", async () => {
    const t = await teamTemplate("Team only");
    c.designer.space = "";
    const own = (await c.designer.call("/api/tem.app_public/getUserTemplateList", { keyword: "Team only" }))
      .body;
    expect(own.count).toBe(0);
    expect((await c.designer.call("/api/tem.app_public/delUserTemplate", { id: t.id })).body.code).toBe(209);
  });

  it("owners change roles and remove members, members leave, a team always keeps an owner", async () => {
    expect(
      (await c.designer.call("/api/team/setRole", { id: teamId, user: ids.viewer, role: "owner" })).body.code,
    ).toBe(403);
    const last = await c.owner.call("/api/team/leave", { id: teamId });
    expect(last.body.code).toBe(209);
    expect(last.body.msg).toBe(translate("server.error.lastOwner", {}, "en"));
    expect(
      (await c.owner.call("/api/team/setRole", { id: teamId, user: ids.owner, role: "viewer" })).body.code,
    ).toBe(209);
    expect(
      (await c.owner.call("/api/team/setRole", { id: teamId, user: ids.viewer, role: "boss" })).body.code,
    ).toBe(209);
    // the viewer becomes a designer, and may now write
    expect(
      (await c.owner.call("/api/team/setRole", { id: teamId, user: ids.viewer, role: "designer" })).body.code,
    ).toBe(200);
    expect(
      (await inTeam("viewer").call("/api/tem.app_public/addUserClass", { name: "Viewer's" })).body.code,
    ).toBe(200);
    // a removed operator sees nothing of the team any more
    expect((await c.owner.call("/api/team/removeMember", { id: teamId, user: ids.operator })).body.code).toBe(
      200,
    );
    expect((await inTeam("operator").call("/api/tem.app_public/getUserTemplateList")).body.code).toBe(209);
    c.operator.space = "";
    expect((await c.operator.call("/api/team/list")).body.data).toEqual([]);
    // a member leaves; with a second owner the first may leave too
    expect((await c.designer.call("/api/team/leave", { id: teamId })).body.code).toBe(200);
    await c.owner.call("/api/team/setRole", { id: teamId, user: ids.viewer, role: "owner" });
    expect((await c.owner.call("/api/team/leave", { id: teamId })).body.code).toBe(200);
    expect((await c.viewer.call("/api/team/detail", { id: teamId })).body.data.members).toMatchObject([
      { user_id: ids.viewer, role: "owner" },
    ]);
  });
  it("cancelling an account takes a team only its owner is in, and waits while others are", async () => {
    const a = await newUser(s.base, "solo");
    const b = await newUser(s.base, "mate");
    const solo = (await a.client.call("/api/team/create", { name: "Solo" })).body.data.id;
    const shared = (await a.client.call("/api/team/create", { name: "Shared" })).body.data.id;
    const link = (await a.client.call("/api/team/inviteLink", { id: shared, role: "viewer", days: 1 })).body
      .data.url;
    await b.client.call("/api/team/accept", { token: new URL(link).searchParams.get("token") });
    const cancel = () =>
      a.client.call("/api/user/cancelAccount", { confirm: a.user.account, password: a.password });
    const refused = await cancel();
    expect(refused.body.msg).toBe(translate("server.error.lastOwner", {}, "en"));
    await a.client.call("/api/team/setRole", { id: shared, user: b.user.userid, role: "owner" });
    expect((await cancel()).body.code).toBe(200);
    const rows = await s.app.services.db.query("SELECT id FROM users WHERE id = ANY($1::text[])", [
      [solo, shared],
    ]);
    expect(rows.map((r) => (r as { id: string }).id)).toEqual([shared]);
  });
});
