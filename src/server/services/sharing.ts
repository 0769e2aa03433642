// Sharing templates by code (spec §1, §3 "Shared code", §6, §9 "Share validity"): the code, the
// validity rules, and what a share lets its recipients read. Routes: src/server/routes/sharing.ts.
import { randomInt } from "node:crypto";
import { newRecordId } from "../../model/ids";
import { refundAttempt, takeAttempt } from "../auth/rateLimit";
import type { Db, Queryable } from "../db";
import type { FileStore } from "../files/store";
import { keyFromUrl } from "../files/urls";
import { ApiError, Code, itemNotFound } from "../http/envelope";
import { formatTime } from "../validate";
import { isMember, type MemberFields } from "./membership";
import { recordShareFiles, SHARE_FILES_TEMPLATES_MAX } from "./shareFiles";

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
 * True when `userId` may read the stored file `key` through a live share they added: exactly the
 * label file or preview of a template the share covers, or an object recorded for the share
 * (share_files: what its labels link). Keys are compared whole, never by their end (issue 33).
 * Used by GET /files/<key> and the spreadsheet import for non-owners.
 */
export async function readableThroughShare(db: Queryable, userId: string, key: string): Promise<boolean> {
  const recorded = await db.query(
    `SELECT 1 FROM share_redemptions r
       JOIN shares s ON s.id = r.share_id
       JOIN users o ON o.id = s.user_id
       JOIN share_files f ON f.share_id = s.id
      WHERE r.user_id = $1 AND ${LIVE_SHARE} AND f.key = $2 AND s.user_id = split_part($2, '/', 1)
      LIMIT 1`,
    [userId, key],
  );
  if (recorded.length) return true;
  // the covered templates of the key's owner only: a key lies in its owner's folder
  const rows = await db.query<{ file_url: string; image: string }>(
    `SELECT t.file_url, t.image FROM share_redemptions r
       JOIN shares s ON s.id = r.share_id
       JOIN users o ON o.id = s.user_id
       JOIN templates t ON ${SHARED_TEMPLATES}
      WHERE r.user_id = $1 AND ${LIVE_SHARE} AND s.user_id = split_part($2, '/', 1)`,
    [userId, key],
  );
  return rows.some((t) => keyFromUrl(t.file_url) === key || (t.image !== "" && keyFromUrl(t.image) === key));
}

/** The label-file addresses of the templates share `shareId` covers now. */
async function coveredTemplateFiles(q: Queryable, shareId: string): Promise<string[]> {
  const rows = await q.query<{ file_url: string }>(
    `SELECT t.file_url FROM shares s JOIN templates t ON ${SHARED_TEMPLATES}
      WHERE s.id = $1 ORDER BY t.updated_at DESC, t.id LIMIT ${SHARE_FILES_TEMPLATES_MAX}`,
    [shareId],
  );
  return rows.map((r) => r.file_url);
}

/** Records what the share's labels link now (services/shareFiles.ts). */
async function recordLinkedFiles(q: Queryable, files: FileStore, shareId: string, ownerId: string) {
  await recordShareFiles(q, files, shareId, ownerId, await coveredTemplateFiles(q, shareId));
}

// ─── the share rows: create, list, revoke, redeem, received, remove, the folder-sharing switch ───

const fail = (key: string) => new ApiError(Code.failed, key);

export type ShareKind = "template" | "folder";

interface ShareRow {
  id: string;
  code: string;
  kind: ShareKind;
  target_id: string;
  days: number;
  expires_at: Date;
  uses: number;
  created_at: Date;
  name: string | null;
}

/** A share as the API answers it. */
function shareOut(r: ShareRow) {
  return {
    id: r.id,
    code: r.code,
    kind: r.kind,
    target_id: r.target_id,
    name: r.name ?? "",
    days: r.days,
    expire_time: formatTime(r.expires_at),
    expired: new Date(r.expires_at) <= new Date() ? 1 : 0,
    uses: r.uses,
    add_time: formatTime(r.created_at),
  };
}

/** The user's folder-sharing switch (spec §4 "Switches"); on unless switched off. */
export async function folderSharing(q: Queryable, userId: string): Promise<boolean> {
  const rows = await q.query<{ share_folders: boolean }>("SELECT share_folders FROM users WHERE id = $1", [
    userId,
  ]);
  return rows[0]?.share_folders ?? true;
}

/** While off, the user's folder shares work for nobody and no new folder share can be made. */
export async function setFolderSharing(q: Queryable, userId: string, on: boolean): Promise<void> {
  await q.query("UPDATE users SET share_folders = $2 WHERE id = $1", [userId, on]);
}

/** A new share of one of the user's live templates or template folders, valid `days` (checked by
 * checkShareDays). */
export async function createShare(
  q: Queryable,
  files: FileStore,
  userId: string,
  kind: ShareKind,
  id: string,
  days: number,
) {
  const table = kind === "template" ? "templates" : "template_classes";
  const target = await q.query<{ name: string }>(
    `SELECT name FROM ${table} WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`,
    [id, userId],
  );
  if (!target[0]) throw itemNotFound();
  if (kind === "folder" && !(await folderSharing(q, userId))) throw fail("server.share.foldersOffMine");
  // a clash of two random 10-character codes is practically impossible; retry rather than fail
  for (let attempt = 0; ; attempt++) {
    try {
      const rows = await q.query<ShareRow>(
        `INSERT INTO shares (id, user_id, code, kind, target_id, days, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $6::int))
         RETURNING id, code, kind, target_id, days, expires_at, uses, created_at, $7::text AS name`,
        [newRecordId(), userId, newShareCode(), kind, id, days, target[0].name],
      );
      await recordLinkedFiles(q, files, rows[0].id, userId);
      return shareOut(rows[0]);
    } catch (e) {
      if ((e as { code?: string }).code !== "23505" || attempt >= 3) throw e;
    }
  }
}

/** The user's shares that are not revoked and whose target still lives (expired ones stay listed,
 * marked expired), newest first. */
export async function myShares(q: Queryable, userId: string) {
  const rows = await q.query<ShareRow>(
    `SELECT s.id, s.code, s.kind, s.target_id, s.days, s.expires_at, s.uses, s.created_at,
            COALESCE(t.name, c.name) AS name
       FROM shares s
       LEFT JOIN templates t ON s.kind = 'template' AND t.id = s.target_id AND t.user_id = s.user_id
                                AND t.deleted_at IS NULL
       LEFT JOIN template_classes c ON s.kind = 'folder' AND c.id = s.target_id AND c.user_id = s.user_id AND c.deleted_at IS NULL
      WHERE s.user_id = $1 AND s.revoked_at IS NULL AND (t.id IS NOT NULL OR c.id IS NOT NULL)
      ORDER BY s.created_at DESC, s.id`,
    [userId],
  );
  return rows.map(shareOut);
}

/** Ends one of the user's shares for everyone who added it. */
export async function revokeShare(q: Queryable, userId: string, id: string): Promise<string> {
  const rows = await q.query<{ id: string }>(
    "UPDATE shares SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id",
    [id, userId],
  );
  if (!rows[0]) throw itemNotFound();
  return rows[0].id;
}

/**
 * Adds the share of a (normalised) code to the user's list. Attempts are counted before the lookup
 * (atomic), per user and per client address, so codes cannot be guessed; a working code gives its
 * attempts back: only wrong guesses count towards the limit. Answers the received entry.
 */
export async function redeemShare(db: Db, files: FileStore, userId: string, ip: string, code: string) {
  const userKey = `share-redeem:${userId}`;
  const ipKey = `share-redeem-ip:${ip}`;
  if (!(await takeAttempt(db, ipKey, REDEEM_PER_IP))) throw fail("server.error.tooFrequent");
  if (!(await takeAttempt(db, userKey, REDEEM_PER_USER))) throw fail("server.error.tooFrequent");
  const rows = await db.query<{
    id: string;
    user_id: string;
    revoked: boolean;
    expired: boolean;
    folder_off: boolean;
  }>(
    `SELECT s.id, s.user_id, s.revoked_at IS NOT NULL AS revoked, s.expires_at <= now() AS expired,
            (s.kind = 'folder' AND NOT o.share_folders) AS folder_off
       FROM shares s JOIN users o ON o.id = s.user_id WHERE s.code = $1`,
    [code],
  );
  const refusal = shareRefusal(rows[0]);
  if (refusal) throw fail(refusal);
  const share = rows[0];
  if (share.user_id === userId) throw fail("server.share.own");
  await refundAttempt(db, userKey);
  await refundAttempt(db, ipKey);
  await db.tx(async (q) => {
    const added = await q.query(
      `INSERT INTO share_redemptions (user_id, share_id) VALUES ($1, $2)
       ON CONFLICT (user_id, share_id) DO NOTHING RETURNING share_id`,
      [userId, share.id],
    );
    if (added.length) await q.query("UPDATE shares SET uses = uses + 1 WHERE id = $1", [share.id]);
  });
  // a folder's templates added since the share was made bring their data too
  await recordLinkedFiles(db, files, share.id, share.user_id);
  const [entry] = await receivedShares(db, userId, share.id);
  if (!entry) throw fail("server.share.unknown");
  return entry;
}

/** Takes a share off the user's list (the share itself stays its owner's). */
export async function removeReceivedShare(q: Queryable, userId: string, shareId: string): Promise<string> {
  const rows = await q.query<{ share_id: string }>(
    "DELETE FROM share_redemptions WHERE user_id = $1 AND share_id = $2 RETURNING share_id",
    [userId, shareId],
  );
  if (!rows[0]) throw itemNotFound();
  return rows[0].share_id;
}

interface ReceivedRow {
  share_id: string;
  code: string;
  kind: ShareKind;
  expires_at: Date;
  added_at: Date;
  owner: string;
  folder_name: string | null;
  t_id: string | null;
  t_name: string | null;
  width: number | null;
  height: number | null;
  file_url: string | null;
  image: string | null;
}

function receivedOut(r: ReceivedRow) {
  return {
    id: r.share_id,
    code: r.code,
    kind: r.kind,
    owner: r.owner,
    folder: r.kind === "folder" ? r.folder_name : null,
    expire_time: formatTime(r.expires_at),
    add_time: formatTime(r.added_at),
    templates: [] as {
      id: string;
      name: string;
      width: number;
      height: number;
      file_web: string;
      image: string;
    }[],
  };
}

/** What was shared with the user (live shares only; one, or all: ''), one entry per share with its
 * templates (a folder share lists the folder's templates now). */
export async function receivedShares(q: Queryable, userId: string, shareId = "") {
  const rows = await q.query<ReceivedRow>(
    `SELECT s.id AS share_id, s.code, s.kind, s.expires_at, r.created_at AS added_at, o.nickname AS owner,
            c.name AS folder_name, t.id AS t_id, t.name AS t_name, t.width, t.height, t.file_url, t.image
       FROM share_redemptions r
       JOIN shares s ON s.id = r.share_id
       JOIN users o ON o.id = s.user_id
       LEFT JOIN template_classes c ON s.kind = 'folder' AND c.id = s.target_id AND c.user_id = s.user_id AND c.deleted_at IS NULL
       LEFT JOIN templates t ON ${SHARED_TEMPLATES}
      WHERE r.user_id = $1 AND ($2 = '' OR s.id = $2) AND ${LIVE_SHARE}
      ORDER BY r.created_at DESC, s.id, t.name, t.id`,
    [userId, shareId],
  );
  const byShare = new Map<string, ReturnType<typeof receivedOut>>();
  for (const r of rows) {
    let entry = byShare.get(r.share_id);
    if (!entry) {
      entry = receivedOut(r);
      byShare.set(r.share_id, entry);
    }
    if (r.t_id)
      entry.templates.push({
        id: r.t_id,
        name: r.t_name ?? "",
        width: r.width ?? 0,
        height: r.height ?? 0,
        file_web: r.file_url ?? "",
        image: r.image ?? "",
      });
  }
  // a template share whose template is gone, or a folder share whose folder is gone, shows nothing
  return [...byShare.values()].filter((e) =>
    e.kind === "template" ? e.templates.length > 0 : e.folder !== null,
  );
}
