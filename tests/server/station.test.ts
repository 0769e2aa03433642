// The print station's calls (issue 40): every role of the team lists its templates, the roles that
// may print get the label file (a viewer is refused by role), another team's template and a team the
// caller is not in read as "not found", and the personal space has no station.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../src/i18n/messages";
import type { Role } from "../../src/model/teamRoles";
import { addTemplate, type Client, ENGINES, newUser, startServer, type TestServer } from "./helpers";

const LABEL = (text: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><LabelFile><FileInfo><Width>40</Width><Height>30</Height></FileInfo><ObjectList><!--${text}--></ObjectList></LabelFile>`;
const msg = (key: string) => translate(key, {}, "en");

type Who = Role | "outsider";

describe.each(ENGINES)("the print station on $name", (engine) => {
  let s: TestServer;
  let teamId: string;
  let otherTeam: string;
  let templateId: string;
  let otherTemplate: string;
  const c = {} as Record<Who, Client>;

  /** A member joins the team through an invitation link with `role`. */
  async function join(who: Role) {
    const link = await c.owner.call("/api/team/inviteLink", { id: teamId, role: who, days: 1 });
    const token = new URL(link.body.data.url).searchParams.get("token");
    expect((await c[who].call("/api/team/accept", { token })).body.code).toBe(200);
  }

  beforeAll(async () => {
    s = await startServer(engine);
    for (const who of ["owner", "designer", "operator", "viewer", "outsider"] as const)
      c[who] = (await newUser(s.base, who.slice(0, 4))).client;
    teamId = (await c.owner.call("/api/team/create", { name: "Packing" })).body.data.id;
    for (const who of ["designer", "operator", "viewer"] as const) await join(who);
    c.designer.space = teamId;
    await addTemplate(c.designer, teamId, "Shelf", { file: LABEL("shelf") });
    templateId = (await addTemplate(c.designer, teamId, "Box", { file: LABEL("box v1") })).id;
    // another team, of someone else, with its own template
    otherTeam = (await c.outsider.call("/api/team/create", { name: "Elsewhere" })).body.data.id;
    c.outsider.space = otherTeam;
    otherTemplate = (await addTemplate(c.outsider, otherTeam, "Theirs", { file: LABEL("theirs") })).id;
    c.outsider.space = "";
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it("lists the team's templates by name to every role", async () => {
    for (const who of ["owner", "designer", "operator", "viewer"] as const) {
      c[who].space = teamId;
      const r = await c[who].call("/api/station/templates");
      expect(r.body.code, who).toBe(200);
      expect(r.body.data.role).toBe(who);
      expect(r.body.data.templates.map((x: { name: string }) => x.name)).toEqual(["Box", "Shelf"]);
    }
  });

  it("gives the label file to the roles that may print, and refuses a viewer", async () => {
    for (const who of ["owner", "designer", "operator"] as const) {
      c[who].space = teamId;
      const r = await c[who].call("/api/station/file", { id: templateId });
      expect(r.body.code, who).toBe(200);
      expect(r.body.data).toMatchObject({ id: templateId, name: "Box", version: 1 });
      expect(r.body.data.file_name).toMatch(/\.tprt$/);
      expect(Buffer.from(r.body.data.data, "base64").toString()).toBe(LABEL("box v1"));
    }
    c.viewer.space = teamId;
    const v = await c.viewer.call("/api/station/file", { id: templateId });
    expect(v.body.code).toBe(403);
    expect(v.body.data).toBeNull();
    expect(v.body.msg ?? v.body.message).toBe(msg("server.error.teamRole"));
  });

  it("counts a member's use of a team template (the print dialog's call when it opens), not another team's", async () => {
    c.operator.space = teamId;
    const use = await c.operator.call("/api/tem.app_public/userPrivateUserTem", { id: templateId });
    expect(use.body.code).toBe(200);
    expect(use.body.data).toMatchObject({ id: templateId, uses: 1 });
    const other = await c.operator.call("/api/tem.app_public/userPrivateUserTem", { id: otherTemplate });
    expect(other.body.code).toBe(209);
    // in the personal space a team's template is not the user's
    c.operator.space = "";
    expect(
      (await c.operator.call("/api/tem.app_public/userPrivateUserTem", { id: templateId })).body.code,
    ).toBe(209);
    c.operator.space = teamId;
  });

  it("refuses another team's template, a team the caller is not in, and the personal space", async () => {
    c.operator.space = teamId;
    const other = await c.operator.call("/api/station/file", { id: otherTemplate });
    expect(other.body.code).toBe(209);
    expect(other.body.msg ?? other.body.message).toBe(msg("server.error.itemNotFound"));
    // naming the other team in the header: not a member, so nothing is found
    c.operator.space = otherTeam;
    expect((await c.operator.call("/api/station/templates")).body.code).toBe(209);
    expect((await c.operator.call("/api/station/file", { id: otherTemplate })).body.code).toBe(209);
    c.outsider.space = teamId;
    expect((await c.outsider.call("/api/station/templates")).body.code).toBe(209);
    expect((await c.outsider.call("/api/station/file", { id: templateId })).body.code).toBe(209);
    // the personal space has no station, even for the user's own templates
    c.operator.space = "";
    const personal = await c.operator.call("/api/station/templates");
    expect(personal.body.code).toBe(209);
    expect(personal.body.msg ?? personal.body.message).toBe(msg("server.error.stationTeam"));
    c.operator.space = teamId;
  });
});
