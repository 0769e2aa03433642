// Rules of src/server/services that no HTTP test pinned down, tested on a Queryable alone (no server):
// the device limit and online window, a cloud folder's file types, the verification code's attempts
// and the re-sign-in window of an account without a password.
import { describe, expect, it } from "vitest";
import type { Queryable } from "../../src/server/db";
import { ApiError } from "../../src/server/http/envelope";
import { resetPassword } from "../../src/server/services/accounts";
import { CANCEL_REAUTH_MS, signedInRecently } from "../../src/server/services/cancelAccount";
import { cloudFolderTypeFor } from "../../src/server/services/cloudData";
import {
  checkDeviceLimit,
  type DeviceRow,
  MAX_DEVICES,
  ONLINE_MS,
  statusOf,
} from "../../src/server/services/devices";

/** A database answering each statement by the first rule whose pattern it matches; records them. */
function fakeDb(rules: [RegExp, (params: readonly unknown[]) => unknown[]][]) {
  const seen: string[] = [];
  const q: Queryable = {
    query: async <T>(sql: string, params: readonly unknown[] = []) => {
      seen.push(sql);
      const rule = rules.find(([re]) => re.test(sql));
      return (rule ? rule[1](params) : []) as T[];
    },
  };
  return { q, seen };
}

/** The message key an operation fails with, or "ok". */
const keyOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: unknown) => (e instanceof ApiError ? e.key : String(e)),
  );

describe("devices", () => {
  const device = (lastSeen: number | null): DeviceRow => ({
    sn: "INK1",
    name: "Shelf",
    type: 1,
    imei: "",
    last_seen: lastSeen === null ? null : new Date(lastSeen),
    created_at: new Date(0),
    paper_width: null,
    paper_height: null,
    settings: "{}",
    printer_language: null,
    printer_status: null,
    status_at: null,
  });

  it("a device is online while its last poll is less than ONLINE_MS old", () => {
    const now = 1_800_000_000_000;
    expect(statusOf(device(now - ONLINE_MS + 1), now)).toBe(1);
    expect(statusOf(device(now - ONLINE_MS), now)).toBe(0);
    expect(statusOf(device(null), now)).toBe(0);
  });

  it("binds up to MAX_DEVICES devices per user", async () => {
    const count = (n: number) => fakeDb([[/count\(\*\)/, () => [{ n }]]]).q;
    expect(await keyOf(checkDeviceLimit(count(MAX_DEVICES - 1), "u1"))).toBe("ok");
    expect(await keyOf(checkDeviceLimit(count(MAX_DEVICES), "u1"))).toBe("server.error.tooManyDevices");
  });
});

describe("cloud data", () => {
  const folderOf = (type: number | null) =>
    fakeDb([[/FROM cloud_classes/, () => (type === null ? [] : [{ type }])]]).q;

  it("a file's name must end in one of its folder type's extensions (any case)", async () => {
    expect(await keyOf(cloudFolderTypeFor(folderOf(1), "u1", "f1", "Photo.JPG"))).toBe("ok");
    expect(await keyOf(cloudFolderTypeFor(folderOf(1), "u1", "f1", "list.csv"))).toBe(
      "server.error.imageType",
    );
    expect(await keyOf(cloudFolderTypeFor(folderOf(2), "u1", "f1", "list.xlsx"))).toBe("ok");
    expect(await keyOf(cloudFolderTypeFor(folderOf(2), "u1", "f1", "logo.png"))).toBe(
      "server.error.sheetType",
    );
    expect(await keyOf(cloudFolderTypeFor(folderOf(null), "u1", "f1", "logo.png"))).toBe(
      "server.error.itemNotFound",
    );
  });
});

describe("accounts", () => {
  it("a wrong verification code counts an attempt and sets no password; only live codes under 5 attempts are read", async () => {
    const { q, seen } = fakeDb([[/SELECT code_hash/, () => [{ code_hash: "not the code's hash" }]]]);
    let hashed = 0;
    const hash = async () => {
      hashed++;
      return "hash";
    };
    expect(await keyOf(resetPassword(q, "a@example.com", "123456", hash))).toBe("server.error.codeInvalid");
    expect(hashed).toBe(0);
    expect(seen[0]).toMatch(/expires_at > now\(\) AND attempts < 5/);
    expect(seen[1]).toMatch(/attempts = attempts \+ 1/);
    expect(seen.some((s) => /password_hash/.test(s))).toBe(false);
  });

  it("an account without a password cancels only within CANCEL_REAUTH_MS of signing in", async () => {
    const now = 1_800_000_000_000;
    const session = (age: number | null) =>
      fakeDb([[/FROM sessions/, () => (age === null ? [] : [{ created_at: new Date(now - age) }])]]).q;
    expect(await signedInRecently(session(CANCEL_REAUTH_MS - 1000), "h", now)).toBe(true);
    expect(await signedInRecently(session(CANCEL_REAUTH_MS), "h", now)).toBe(true);
    expect(await signedInRecently(session(CANCEL_REAUTH_MS + 1), "h", now)).toBe(false);
    expect(await signedInRecently(session(null), "h", now)).toBe(false);
  });
});
