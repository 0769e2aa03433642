// A team's audit log (issue 40): membership, template saves and deletes, and prints of team
// templates are recorded with who did them; only an owner reads the log, filtered by member, action
// and dates, or as CSV (a name that looks like a formula is escaped); a print record naming another
// team's template does not write into that team's log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addTemplate, type Client, ENGINES, newUser, startServer, type TestServer } from "./helpers";

type Row = { member: string; member_id: string; action: string; subject: string; detail: string };

describe.each(ENGINES)("team audit log on $name", (engine) => {
  let s: TestServer;
  let owner: Client;
  let designer: Client;
  let outsider: Client;
  const ids: Record<string, string> = {};
  const accounts: Record<string, string> = {};
  let teamId = "";

  beforeAll(async () => {
    s = await startServer(engine);
    for (const who of ["owner", "designer", "outsider"]) {
      const u = await newUser(s.base, who.slice(0, 4));
      ids[who] = u.user.userid;
      accounts[who] = u.user.account;
      if (who === "owner") owner = u.client;
      else if (who === "designer") designer = u.client;
      else outsider = u.client;
    }
    teamId = (await owner.call("/api/team/create", { name: "Packing" })).body.data.id;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const audit = async (c: Client, filter: Record<string, string> = {}) =>
    (await c.call("/api/team/audit", { id: teamId, ...filter })).body;

  it("records who invited, joined, saved, printed, deleted and changed roles", async () => {
    await owner.call("/api/team/invite", { id: teamId, account: accounts.designer, role: "designer" });
    const invite = (await designer.call("/api/team/invites")).body.data[0];
    expect((await designer.call("/api/team/accept", { invite: invite.id })).body.code).toBe(200);

    designer.space = teamId;
    const tpl = await addTemplate(designer, teamId, "=SUM(1+2)");
    const printed = await designer.call("/api/tem.app_public/printHistoryNewAdd", {
      tmp_id: tpl.id,
      name: "label",
      labels: 12,
      printer: "Zebra ZD421",
    });
    expect(printed.body.code).toBe(200);
    // someone outside the team names the team's template in a print record of their own
    await outsider.call("/api/tem.app_public/printHistoryNewAdd", { tmp_id: tpl.id, name: "x", labels: 99 });
    expect((await designer.call("/api/tem.app_public/delUserTemplate", { id: tpl.id })).body.code).toBe(200);
    designer.space = "";
    expect(
      (await owner.call("/api/team/setRole", { id: teamId, user: ids.designer, role: "operator" })).body.code,
    ).toBe(200);

    const log = await audit(owner);
    expect(log.code).toBe(200);
    const rows = (log.data as Row[]).map((r) => [r.member, r.action, r.subject]);
    // newest first
    expect(rows).toEqual([
      [accounts.owner, "member.role", accounts.designer],
      [accounts.designer, "template.deleted", "=SUM(1+2)"],
      [accounts.designer, "label.printed", "=SUM(1+2)"],
      [accounts.designer, "template.saved", "=SUM(1+2)"],
      [accounts.designer, "member.joined", accounts.designer],
      [accounts.owner, "member.invited", accounts.designer],
    ]);
    expect(log.count).toBe(6);
    const details = Object.fromEntries((log.data as Row[]).map((r) => [r.action, r.detail]));
    expect(details["label.printed"]).toBe("Labels: 12 · Zebra ZD421");
    expect(details["template.saved"]).toBe("v1");
    expect(details["member.role"]).toBe("Operator");
  });

  it("filters by member, action and dates", async () => {
    const printedOnly = await audit(owner, { action: "label.printed" });
    expect((printedOnly.data as Row[]).map((r) => r.action)).toEqual(["label.printed"]);
    const byOwner = await audit(owner, { member: ids.owner });
    expect(new Set((byOwner.data as Row[]).map((r) => r.member))).toEqual(new Set([accounts.owner]));
    expect(byOwner.count).toBe(2);
    expect((await audit(owner, { from: "2000-01-01", to: "2000-12-31" })).data).toEqual([]);
    expect((await audit(owner, { from: "2000-01-01" })).count).toBe(6);
    // a bare "to" date takes in that whole day (the databases of the tests run in UTC)
    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(owner, { from: today, to: today })).count).toBe(6);
    expect((await audit(owner, { action: "drop.table" })).code).toBe(209);
    expect((await audit(owner, { from: "yesterday" })).code).toBe(209);
  });

  it("is read by owners only: a member is refused, someone outside finds nothing", async () => {
    expect((await audit(designer)).code).toBe(403);
    expect((await audit(outsider)).code).toBe(209);
    expect((await outsider.call("/api/team/auditCsv", { id: teamId })).body.code).toBe(209);
  });

  it("exports the filtered log as CSV in the caller's language, formulas escaped", async () => {
    const r = await owner.call("/api/team/auditCsv", { id: teamId, action: "template.saved" });
    expect(r.body.code).toBe(200);
    const lines = (r.body.data.csv as string).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Time,Member,Action,On,Details");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${accounts.designer},Saved a template,'=SUM(1+2),v1`);
    owner.lang = "ru";
    const ru = await owner.call("/api/team/auditCsv", { id: teamId, action: "template.saved" });
    expect((ru.body.data.csv as string).split("\r\n")[0]).toBe("Время,Участник,Действие,Объект,Подробности");
    owner.lang = "en";
  });

  it("a member who leaves is recorded as leaving", async () => {
    designer.space = "";
    expect((await designer.call("/api/team/leave", { id: teamId })).body.code).toBe(200);
    const log = await audit(owner, { action: "member.left" });
    expect((log.data as Row[]).map((r) => [r.member, r.subject])).toEqual([
      [accounts.designer, accounts.designer],
    ]);
  });
});
