// How a print assistant becomes a user's cloud device: it registers itself (no account needed) and
// gets a serial, a device key (its secret) and a verification code that it shows its owner; the
// user types the serial and the code on the My printer page, which binds the device to the account.
// Until then the device's polls answer { pending: true }.
import { createHash, randomBytes, randomInt } from "node:crypto";
import { clearFailures, takeAttempt } from "../auth/rateLimit";
import type { Db, Queryable } from "../db";
import { ApiError, Code } from "../http/envelope";
import { wakerOf } from "./deviceJobs";

/** Unambiguous characters (no 0/O, 1/I): codes are read off a console and typed by hand. */
const CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const CODE_LENGTH = 8;
/** A registration nobody bound and whose assistant has not polled for this long is dropped. */
export const REGISTRATION_TTL_MS = 7 * 24 * 3600_000;

export const hashSecret = (k: string) => createHash("sha256").update(k).digest("hex");
export const newSerial = () => `INK${randomBytes(6).toString("hex").toUpperCase()}`;
export const newDeviceKey = () => randomBytes(24).toString("base64url");

/** "K7P3-9QXD": 8 characters, shown in two groups of 4. */
export function newCode(): string {
  let c = "";
  for (let i = 0; i < CODE_LENGTH; i++) c += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${c.slice(0, 4)}-${c.slice(4)}`;
}

/** What the user typed → the code's canonical form (case, spaces and dashes do not matter). */
export const normalCode = (typed: string) => typed.toUpperCase().replace(/[^0-9A-Z]/g, "");
export const normalSerial = (typed: string) => typed.trim().toUpperCase();

export async function createRegistration(
  q: Queryable,
  name: string,
): Promise<{ sn: string; key: string; code: string }> {
  await q.query(
    "DELETE FROM device_registrations WHERE coalesce(last_seen, created_at) < now() - $1::double precision * interval '1 millisecond'",
    [REGISTRATION_TTL_MS],
  );
  const sn = newSerial();
  const key = newDeviceKey();
  const code = newCode();
  await q.query("INSERT INTO device_registrations (sn, key_hash, code_hash, name) VALUES ($1, $2, $3, $4)", [
    sn,
    hashSecret(key),
    hashSecret(normalCode(code)),
    name,
  ]);
  return { sn, key, code };
}

/** Moves a registration into the user's devices when serial and code match; null otherwise. */
export async function claimRegistration(
  q: Queryable,
  userId: string,
  sn: string,
  code: string,
  name: string,
): Promise<{ sn: string; name: string; type: number } | null> {
  const rows = await q.query<{ sn: string; key_hash: string; name: string; last_seen: Date | null }>(
    "DELETE FROM device_registrations WHERE sn = $1 AND code_hash = $2 RETURNING sn, key_hash, name, last_seen",
    [normalSerial(sn), hashSecret(normalCode(code))],
  );
  const r = rows[0];
  if (!r) return null;
  const finalName = name || r.name || r.sn;
  await q.query(
    "INSERT INTO devices (sn, user_id, name, type, key_hash, last_seen) VALUES ($1, $2, $3, 1, $4, $5)",
    [r.sn, userId, finalName, r.key_hash, r.last_seen],
  );
  return { sn: r.sn, name: finalName, type: 1 };
}

/** A registered, not yet bound device with this serial and key (marks it seen). */
export async function pendingDevice(q: Queryable, sn: string, key: string): Promise<boolean> {
  const rows = await q.query(
    "UPDATE device_registrations SET last_seen = now() WHERE sn = $1 AND key_hash = $2 RETURNING sn",
    [sn, hashSecret(key)],
  );
  return rows.length > 0;
}

/**
 * Binds the registered print assistant that shows `code` to the user (a wrong serial or code counts
 * towards the user's attempt limit, like failed logins); its waiting poll answers at once.
 */
export async function bindRegisteredDevice(
  db: Db,
  userId: string,
  sn: string,
  code: string,
  name: string,
): Promise<{ sn: string; name: string; type: number }> {
  const limitKey = `device-bind:${userId}`;
  if (!(await takeAttempt(db, limitKey))) throw new ApiError(Code.failed, "server.error.tooFrequent");
  const bound = await db.tx((q) => claimRegistration(q, userId, sn, code, name));
  if (!bound) throw new ApiError(Code.failed, "server.error.deviceCode");
  await clearFailures(db, limitKey);
  wakerOf(db).emit(bound.sn);
  return bound;
}
