// GET /api/v1/templates/<id> (issue 39): one template's label file for other software (the print
// assistant's hot folder). The token needs templates:read; it reads its owner's own templates and
// their teams' (the role decides the version: an operator the latest approved), never another
// user's nor a shared one (404, the same as an unknown id); an ETag sent back answers 304 until the
// template changes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../src/i18n/messages";
import { parseLabelFile } from "../../src/model/file";
import type { Role } from "../../src/model/teamRoles";
import { addTemplate, type Client, ENGINES, newUser, startServer, type TestServer, upload } from "./helpers";

const label = (w: number) =>
  `<?xml version="1.0" encoding="UTF-8"?><LabelFile><FileInfo><Width>${w}</Width><Height>30</Height></FileInfo><ObjectList/></LabelFile>`;

describe.each(ENGINES)("GET /api/v1/templates/<id> on $name", (engine) => {
  let s: TestServer;
  let n = 0;
  beforeAll(async () => {
    s = await startServer(engine);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const tokenOf = async (c: Client, scopes: string[]) =>
    (await c.call("/api/token/create", { name: "hot folder", scopes, days: 7 })).body.data.token as string;
  const get = async (token: string, id: string, etag?: string) => {
    const r = await fetch(`${s.base}/interface/api/v1/templates/${id}`, {
      headers: { authorization: `Bearer ${token}`, ...(etag ? { "if-none-match": etag } : {}) },
    });
    const text = await r.text();
    return {
      status: r.status,
      etag: r.headers.get("etag") ?? "",
      text,
      body: text ? JSON.parse(text) : null,
    };
  };
  /** A full save of template `id` by `c`, `width` mm wide (a new version). */
  async function save(c: Client, owner: string, id: string, name: string, width: number) {
    const now = (await c.call("/api/tem.app_public/getTemplateVersions", { id })).body.data[0].file_web;
    const url = (await upload(c, `${owner}/tprt/s/${n++}.tprt`, label(width), "l.tprt")).body.data.url;
    const r = await c.call("/api/tem.app_public/editUserTemplate", {
      id,
      name,
      width,
      height: 30,
      url,
      base_file: now,
    });
    expect(r.body.code).toBe(200);
  }

  it("answers the owner's template with an ETag, 304 while unchanged, the new version once saved", async () => {
    const { client, user } = await newUser(s.base, "at");
    const t = await addTemplate(client, user.userid, "Bin", { file: label(40) });
    const token = await tokenOf(client, ["templates:read"]);
    const first = await get(token, t.id);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id: t.id, name: "Bin", version: 1, width: 40, height: 30 });
    const parsed = parseLabelFile(first.body.data.label, "x.tprt");
    expect(parsed.ok && parsed.doc.attrs.width).toBe(40);
    expect(first.etag).toMatch(/^"1-[0-9a-f]{16}"$/);

    const again = await get(token, t.id, first.etag);
    expect([again.status, again.text]).toEqual([304, ""]);
    expect(again.etag).toBe(first.etag);

    await save(client, user.userid, t.id, "Bin", 60);
    const changed = await get(token, t.id, first.etag);
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ version: 2, width: 60 });
    expect(changed.etag).not.toBe(first.etag);
    // the audit log shows each call's answer: the 304 too
    // (an entry is written once its answer has gone: wait for the third)
    const auditLog = async () =>
      (await client.call("/api/token/audit", {})).body.data as { status: number; route: string }[];
    await expect
      .poll(async () => (await auditLog()).map((a) => a.status), { timeout: 20_000 })
      .toEqual([200, 304, 200]);
    const audit = await auditLog();
    expect(audit[0].route).toBe(`/api/v1/templates/${t.id}`);
  });

  it("refuses a token without templates:read, another user's template and a shared one", async () => {
    const a = await newUser(s.base, "ata");
    const b = await newUser(s.base, "atb");
    const t = await addTemplate(a.client, a.user.userid, "Private");
    const printOnly = await tokenOf(a.client, ["print"]);
    const scope = await get(printOnly, t.id);
    expect([scope.status, scope.body.code, scope.body.msg]).toEqual([
      403,
      403,
      translate("server.apiToken.scope", {}, "en"),
    ]);
    const bToken = await tokenOf(b.client, ["templates:read"]);
    const other = await get(bToken, t.id);
    expect([other.status, other.body.code, other.body.msg]).toEqual([
      404,
      209,
      translate("server.error.itemNotFound", {}, "en"),
    ]);
    expect(other.text).not.toContain("LabelFile");
    // B adds A's share: B may open it in the app, but not through the API
    const code = (await a.client.call("/api/share/create", { id: t.id, days: 1 })).body.data.code;
    expect((await b.client.call("/api/share/redeem", { code })).body.code).toBe(200);
    expect((await get(bToken, t.id)).status).toBe(404);
    // an unknown id reads the same
    expect((await get(bToken, "20260101abcdefgh12345678")).body.msg).toBe(other.body.msg);
  });

  it("reads a team's template by role: an operator gets the latest approved version; a non-member nothing", async () => {
    const c = {} as Record<Role, Client>;
    for (const role of ["owner", "designer", "operator"] as const)
      c[role] = (await newUser(s.base, role)).client;
    const teamId = (await c.owner.call("/api/team/create", { name: "Dock" })).body.data.id;
    for (const role of ["designer", "operator"] as const) {
      const link = await c.owner.call("/api/team/inviteLink", { id: teamId, role, days: 1 });
      const token = new URL(link.body.data.url).searchParams.get("token");
      expect((await c[role].call("/api/team/accept", { token })).body.code).toBe(200);
    }
    for (const role of Object.keys(c) as Role[]) c[role].space = teamId;
    const folder = (await c.owner.call("/api/tem.app_public/addUserClass", { name: "Crates" })).body.data.id;
    const t = await addTemplate(c.owner, teamId, "Crate", { parent_id: folder, file: label(40) });
    await c.owner.call("/api/tem.app_public/setFolderApproval", { id: folder, needs_approval: 1 });
    await save(c.designer, teamId, t.id, "Crate", 70);

    // tokens are personal: no space header is sent, the template's team is found by its id
    const operator = await get(await tokenOf(c.operator, ["templates:read"]), t.id);
    expect(operator.body.data).toMatchObject({ version: 1, width: 40 });
    const designer = await get(await tokenOf(c.designer, ["templates:read"]), t.id);
    expect(designer.body.data).toMatchObject({ version: 2, width: 70 });
    expect(designer.etag).not.toBe(operator.etag);
    // approved: the operator's copy is out of date
    await c.owner.call("/api/tem.app_public/reviewTemplateVersion", { id: t.id, number: 2, approve: 1 });
    const now = await get(await tokenOf(c.operator, ["templates:read"]), t.id, operator.etag);
    expect([now.status, now.body.data.version]).toEqual([200, 2]);

    const stranger = await newUser(s.base, "str");
    expect((await get(await tokenOf(stranger.client, ["templates:read"]), t.id)).status).toBe(404);
  });
});
