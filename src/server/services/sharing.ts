// Sharing templates by code (spec §1, §3 "Shared code", §6, §9 "Share validity"): the code, the
// validity rules, and what a share lets its recipients read. Routes: src/server/routes/sharing.ts.
import { randomInt } from "node:crypto";
import type { Queryable } from "../db";
import { fileUrl } from "../files/urls";
import { ApiError, Code } from "../http/envelope";
import { isMember, type MemberFields } from "./membership";

/** No 0/O, 1/I/L: a code read aloud or typed from paper cannot be mistaken. */
export const SHARE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const SHARE_CODE_LENGTH = 10;
/** Validity in days (spec §9); the longer ones are member-only (spec §6). */
export const SHARE_DAYS = [1, 7, 30] as const;
export const FREE_SHARE_DAYS = 1;
/** Redemption attempts a minute (then blocked for a minute): per user, and per client address. */
export const REDEEM_PER_USER = 10;
export const REDEEM_PER_IP = 30;

/** A fresh code from the CSPRNG (crypto.randomInt is unbiased). */
export function newShareCode(): string {
  let code = "";
  for (let i = 0; i < SHARE_CODE_LENGTH; i++) code += SHARE_ALPHABET[randomInt(SHARE_ALPHABET.length)];
  return code;
}

/** What a user typed or pasted: case, spaces and dashes are ignored; a pasted link gives its code. */
export function normalizeShareCode(raw: string): string {
  const fromLink = /[?&]share=([^&#]*)/.exec(raw);
  const text = fromLink ? decodeURIComponent(fromLink[1]) : raw;
  return text.replace(/[\s-]+/g, "").toUpperCase();
}

/** The validity a user may choose: 1 day for everyone, 7 and 30 for members (else 402). */
export function checkShareDays(days: number | null, user: MemberFields, now = new Date()): number {
  const d = days ?? FREE_SHARE_DAYS;
  if (!(SHARE_DAYS as readonly number[]).includes(d)) throw new ApiError(Code.failed, "server.share.badDays");
  if (d > FREE_SHARE_DAYS && !isMember(user, now))
    throw new ApiError(Code.needMember, "server.share.memberDays");
  return d;
}

/**
 * SQL condition for a share that still works (alias s for shares, o for its owner): not revoked,
 * not expired, and a folder share only while its owner's folder-sharing switch is on.
 */
export const LIVE_SHARE = `s.revoked_at IS NULL AND s.expires_at > now() AND (s.kind = 'template' OR o.share_folders)`;

/** SQL join of the templates a share covers (alias t), owned by the share's owner. */
export const SHARED_TEMPLATES = `t.user_id = s.user_id AND t.deleted_at IS NULL
  AND ((s.kind = 'template' AND t.id = s.target_id) OR (s.kind = 'folder' AND t.class_id = s.target_id))`;

/** Why a code cannot be added: unknown, revoked, expired or a folder share whose owner switched sharing off. */
export function shareRefusal(
  row: { revoked: boolean; expired: boolean; folder_off: boolean } | undefined,
): string | null {
  if (!row) return "server.share.unknown";
  if (row.revoked) return "server.share.revoked";
  if (row.expired) return "server.share.expired";
  if (row.folder_off) return "server.share.foldersOff";
  return null;
}

/**
 * True when `userId` may read the stored file `key` through a live share they added: the label
 * file or preview of a template the share covers. Used by GET /files/<key> for non-owners.
 */
export async function readableThroughShare(db: Queryable, userId: string, key: string): Promise<boolean> {
  const url = fileUrl(key);
  const rows = await db.query(
    `SELECT 1 FROM share_redemptions r
       JOIN shares s ON s.id = r.share_id
       JOIN users o ON o.id = s.user_id
       JOIN templates t ON ${SHARED_TEMPLATES}
      WHERE r.user_id = $1 AND ${LIVE_SHARE}
        AND (right(t.file_url, length($2)) = $2 OR right(t.image, length($2)) = $2)
      LIMIT 1`,
    [userId, url],
  );
  return rows.length > 0;
}
