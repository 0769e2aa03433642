// GET /api/v1/templates/<id> (issue 39): one cloud template's label file for other software (the
// print assistant's hot folder). Who may read it: the token's owner when the template is their own,
// or a team's when they belong to that team (every role reads; the role decides the version, as
// printing does: services/printableVersion.ts). A shared template, another user's, a deleted one or
// an unknown id all read "not found", so ids cannot be probed.
import { createHash } from "node:crypto";
import type { Queryable } from "../db";
import { itemNotFound } from "../http/envelope";
import { type PrintableVersion, printableVersion } from "./printableVersion";
import { type Space, tokenSpace } from "./teams";

/** The version of template `id` the token's owner `userId` prints, or "not found". */
export async function readableTemplate(
  q: Queryable,
  userId: string,
  id: string,
): Promise<{
  version: PrintableVersion;
  space: Space;
}> {
  const [t] = await q.query<{ user_id: string; is_team: boolean }>(
    `SELECT t.user_id, u.is_team FROM templates t JOIN users u ON u.id = t.user_id
      WHERE t.id = $1 AND t.deleted_at IS NULL`,
    [id],
  );
  if (!t || (t.user_id !== userId && !t.is_team)) throw itemNotFound();
  // a team the user is not a member of reads "not found" (tokenSpace → roleIn)
  const space = await tokenSpace(q, userId, t.user_id === userId ? "" : t.user_id, "read");
  return { version: await printableVersion(q, id, space), space };
}

/** The template's entity tag: changes with the version printed, its file and its name. */
export const templateTag = (v: PrintableVersion): string =>
  `"${v.number}-${createHash("sha256").update(`${v.file_url}\n${v.template.name}`).digest("hex").slice(0, 16)}"`;

/** Does an If-None-Match header name this tag (or `*`)? */
export function matchesTag(header: string | string[] | undefined, tag: string): boolean {
  const list = (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",").map((s) => s.trim());
  return list.some((s) => s === "*" || s === tag || s === `W/${tag}`);
}
