// The member build variant (INKLESS_MEMBER_TABLE=1): the server lists "table" in getMemberUser's
// member_only, and the editor's gate lets members and free deployments add tables, refusing only a
// non-member of the member variant. Both variants run against the real server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberFeatureOpen, parseMemberInfo } from "../../src/app/api/memberInfo";
import { tableAllowed } from "../../src/editor/palette/memberGate";
import { configFromEnv } from "../../src/server/config";
import { newUser, startServer, type TestServer } from "../server/helpers";

describe("member build variant switch", () => {
  it("is off unless INKLESS_MEMBER_TABLE=1", () => {
    expect(configFromEnv({}).memberTable).toBe(false);
    expect(configFromEnv({ INKLESS_MEMBER_TABLE: "0" }).memberTable).toBe(false);
    expect(configFromEnv({ INKLESS_MEMBER_TABLE: "1" }).memberTable).toBe(true);
  });
});

describe("getMemberUser in both variants", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ name: "pglite" });
  });
  afterAll(async () => {
    await s?.close();
  });

  // one server, its variant switched in place (as the quota tests do), to save a second start
  it.each([
    { variant: "free", memberTable: false },
    { variant: "member", memberTable: true },
  ])("$variant: answers member_only; the gate follows it and the membership", async ({ memberTable }) => {
    s.app.services.config.memberTable = memberTable;
    const { client, user } = await newUser(s.base, "tbl");
    const info = parseMemberInfo((await client.call("/api/tem.app_member/getMemberUser")).body.data);
    expect(info).toEqual({ isMember: false, memberOnly: memberTable ? ["table"] : [] });
    expect(tableAllowed(info, null)).toBe(!memberTable);
    await s.app.services.db.query("UPDATE users SET is_member = true WHERE id = $1", [user.userid]);
    s.app.services.sessions.clear();
    const member = parseMemberInfo((await client.call("/api/tem.app_member/getMemberUser")).body.data);
    expect(member.isMember).toBe(true);
    expect(tableAllowed(member, null)).toBe(true);
  });
});

describe("table gate", () => {
  const restricted = { isMember: false, memberOnly: ["table"] };
  it("uses the last answer when the server cannot be asked, and is free before any answer", () => {
    expect(tableAllowed(null, null)).toBe(true);
    expect(tableAllowed(null, restricted)).toBe(false);
    expect(tableAllowed(null, { isMember: true, memberOnly: ["table"] })).toBe(true);
  });
  it("reads malformed answers as a non-member with nothing reserved", () => {
    expect(parseMemberInfo(null)).toEqual({ isMember: false, memberOnly: [] });
    expect(parseMemberInfo({ is_member: "yes", member_only: "table" })).toEqual({
      isMember: false,
      memberOnly: [],
    });
    expect(parseMemberInfo({ is_member: 1, member_only: ["table", 3, null] })).toEqual({
      isMember: true,
      memberOnly: ["table"],
    });
  });
});

describe("member-only features (scan to print)", () => {
  it("are open to members, to everyone when membership is off, and not when the server is silent", () => {
    expect(memberFeatureOpen(parseMemberInfo({ is_member: true }))).toBe(true);
    expect(memberFeatureOpen(parseMemberInfo({ is_member: false }))).toBe(false);
    // getMemberUser's `membership`: 0 where the installation switched membership off, 1 where it is sold
    expect(memberFeatureOpen(parseMemberInfo({ is_member: false, membership: 0 }))).toBe(true);
    expect(memberFeatureOpen(parseMemberInfo({ is_member: false, membership: 1 }))).toBe(false);
    expect(memberFeatureOpen(null)).toBe(false);
  });
});
