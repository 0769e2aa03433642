// Versions and approval (issue 40): what a new version of a template is and how long versions stay.
// - Status: in a team folder that needs approval, a version saved by a member who is not an owner
//   is a "draft" until an owner approves it (services/versionReview.ts); any other save is approved.
// - Retention: a team keeps its own count and days (teams.versions_kept / versions_days, null: the
//   defaults, TEMPLATE_VERSIONS_KEPT and no age limit); a personal space keeps the default count.
//   The current version and the latest approved one (what operators print) are never dropped.
import {
  TEMPLATE_VERSIONS_DAYS_MAX,
  TEMPLATE_VERSIONS_KEPT,
  TEMPLATE_VERSIONS_KEPT_MAX,
} from "../../model/constants";
import type { Queryable } from "../db";
import type { FileStore } from "../files/store";
import { ownKeyFromUrl } from "../files/urls";
import { ApiError, Code } from "../http/envelope";

export type VersionStatus = "approved" | "draft" | "rejected";

export interface Retention {
  /** versions kept per template (the newest) */
  kept: number;
  /** versions older than this many days go (0: no age limit) */
  days: number;
}

/** The retention of the space `ownerId` (a team's own, else the defaults). */
export async function retentionOf(q: Queryable, ownerId: string): Promise<Retention> {
  const [t] = await q.query<{ versions_kept: number | null; versions_days: number | null }>(
    "SELECT versions_kept, versions_days FROM teams WHERE id = $1",
    [ownerId],
  );
  return { kept: t?.versions_kept ?? TEMPLATE_VERSIONS_KEPT, days: t?.versions_days ?? 0 };
}

/** The status of a version `authorId` saves now of a template in folder `classId`. */
export async function newVersionStatus(
  q: Queryable,
  ownerId: string,
  classId: string,
  authorId: string,
): Promise<VersionStatus> {
  const [r] = await q.query<{ draft: boolean }>(
    `SELECT c.needs_approval AND NOT EXISTS (
              SELECT 1 FROM team_members m WHERE m.team_id = c.user_id AND m.user_id = $3 AND m.role = 'owner'
            ) AS draft
       FROM template_classes c WHERE c.id = $1 AND c.user_id = $2`,
    [classId, ownerId, authorId],
  );
  return r?.draft ? "draft" : "approved";
}

/** Drops the versions of template `id` past the space's retention, keeping the current one
 * (`current`) and the latest approved one; returns the file URLs they used. */
export async function dropOldVersions(
  q: Queryable,
  ownerId: string,
  id: string,
  current: number,
): Promise<string[]> {
  const r = await retentionOf(q, ownerId);
  const gone = await q.query<{ file_url: string; image: string }>(
    `DELETE FROM template_versions WHERE template_id = $1 AND user_id = $2 AND number <> $3
        AND (number <= $3 - $4 OR ($5::int > 0 AND created_at < now() - make_interval(days => $5::int)))
        AND number <> COALESCE((SELECT max(number) FROM template_versions
                                 WHERE template_id = $1 AND user_id = $2 AND status = 'approved'), 0)
      RETURNING file_url, image`,
    [id, ownerId, current, r.kept, r.days],
  );
  return gone.flatMap((g) => [g.file_url, g.image]);
}

/** A team's retention, checked: whole numbers, 1…TEMPLATE_VERSIONS_KEPT_MAX versions and
 * 0…TEMPLATE_VERSIONS_DAYS_MAX days. Applied from the next save of each template. */
export async function setRetention(q: Queryable, teamId: string, r: Retention): Promise<void> {
  if (!Number.isInteger(r.kept) || r.kept < 1 || r.kept > TEMPLATE_VERSIONS_KEPT_MAX)
    throw new ApiError(Code.failed, "server.error.versionsKept", { max: TEMPLATE_VERSIONS_KEPT_MAX });
  if (!Number.isInteger(r.days) || r.days < 0 || r.days > TEMPLATE_VERSIONS_DAYS_MAX)
    throw new ApiError(Code.failed, "server.error.versionsDays", { max: TEMPLATE_VERSIONS_DAYS_MAX });
  await q.query("UPDATE teams SET versions_kept = $2, versions_days = $3 WHERE id = $1", [
    teamId,
    r.kept,
    r.days,
  ]);
}

/** What the kept versions of a space's templates hold: how many, and the bytes of their label files
 * and previews (each stored file counted once). */
export async function versionsSpace(
  q: Queryable,
  files: FileStore,
  ownerId: string,
): Promise<{ versions: number; bytes: number }> {
  const [{ n }] = await q.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM template_versions WHERE user_id = $1",
    [ownerId],
  );
  const urls = await q.query<{ url: string }>(
    `SELECT file_url AS url FROM template_versions WHERE user_id = $1
      UNION SELECT image FROM template_versions WHERE user_id = $1 AND image <> ''`,
    [ownerId],
  );
  let bytes = 0;
  for (const { url } of urls) {
    const key = ownKeyFromUrl(ownerId, url);
    const f = key ? await files.open(key) : null;
    bytes += f?.size ?? 0;
  }
  return { versions: n, bytes };
}
