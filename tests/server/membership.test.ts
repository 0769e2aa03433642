// The one membership rule: a member has the flag and an expiry (if any) still ahead.
import { describe, expect, it } from "vitest";
import { configFromEnv } from "../../src/server/config";
import type { Queryable } from "../../src/server/db";
import { ApiError } from "../../src/server/http/envelope";
import {
  checkFolderQuota,
  checkTemplateQuota,
  FOLDER_QUOTA,
  isMember,
  requireMember,
  withOperatorMembers,
} from "../../src/server/services/membership";

const now = new Date("2026-06-01T12:00:00Z");
const user = (is_member: boolean, member_expire: Date | string | null) => ({
  id: "u1",
  is_member,
  member_expire,
});
/** A database whose every count answers `n`. */
const counting = (n: number): Queryable => ({ query: async <T>() => [{ n }] as T[] });
const code = async (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: ApiError) => e.code,
  );

describe("membership", () => {
  it("isMember honours the flag and the expiry", () => {
    expect(isMember(user(false, null), now)).toBe(false);
    expect(isMember(user(true, null), now)).toBe(true);
    expect(isMember(user(true, new Date("2026-06-01T12:00:01Z")), now)).toBe(true);
    expect(isMember(user(true, new Date("2026-06-01T12:00:00Z")), now)).toBe(false);
    expect(isMember(user(true, "2026-05-31T00:00:00Z"), now)).toBe(false);
    expect(isMember(user(true, "not a date"), now)).toBe(false);
    expect(isMember(user(false, "2027-01-01T00:00:00Z"), now)).toBe(false);
  });

  it("an expired member is held to the free quotas and refused member features", async () => {
    const expired = user(true, "2026-05-01T00:00:00Z");
    const live = user(true, "2026-07-01T00:00:00Z");
    const full = counting(FOLDER_QUOTA);
    expect(await code(checkFolderQuota(full, expired, { table: "template_classes" }, now))).toBe(402);
    expect(await code(checkFolderQuota(full, expired, { table: "cloud_classes", type: 2 }, now))).toBe(402);
    expect(await code(checkTemplateQuota(counting(10), expired, 10, now))).toBe(402);
    expect(() => requireMember(expired, "server.error.recoveryMember", {}, now)).toThrow(ApiError);
    expect(await code(checkFolderQuota(full, live, { table: "template_classes" }, now))).toBe(200);
    expect(await code(checkTemplateQuota(counting(10), live, 10, now))).toBe(200);
    expect(() => requireMember(live, "server.error.recoveryMember", {}, now)).not.toThrow();
    // below the quota a free user may add
    expect(
      await code(checkFolderQuota(counting(FOLDER_QUOTA - 1), expired, { table: "template_classes" }, now)),
    ).toBe(200);
  });

  it("INKLESS_MEMBERS makes the listed accounts members without expiry, and nobody else", () => {
    const { memberAccounts } = configFromEnv({ INKLESS_MEMBERS: " Boss@Example.com, 13800000000 ,," });
    expect([...memberAccounts]).toEqual(["boss@example.com", "13800000000"]);
    const expired = { account: "boss@example.com", is_member: false, member_expire: "2020-01-01T00:00:00Z" };
    expect(isMember(withOperatorMembers(expired, memberAccounts), now)).toBe(true);
    const other = { account: "other@example.com", is_member: false, member_expire: null };
    expect(isMember(withOperatorMembers(other, memberAccounts), now)).toBe(false);
    expect(configFromEnv({}).memberAccounts.size).toBe(0);
  });
});
