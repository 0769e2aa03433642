// Approval (issue 40): an owner says which team folders need approval and reviews the drafts saved
// there (approve, or reject with a note). Who may is the caller's concern (actingSpace "approve");
// every statement filters by the space's owner id, so another space's rows read as "not found".

import type { Queryable } from "../db";
import { ApiError, Code, itemNotFound } from "../http/envelope";
import { recordTeamEvent } from "./teamEvents";
import type { Space } from "./teams";
import { liveTemplate } from "./templateVersions";

/** Turns "needs approval" on or off for a folder of a team space. */
export async function setFolderApproval(q: Queryable, space: Space, folderId: string, on: boolean) {
  if (space.role === null) throw new ApiError(Code.failed, "server.error.approvalTeamOnly");
  const rows = await q.query(
    "UPDATE template_classes SET needs_approval = $3 WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING id",
    [folderId, space.id, on],
  );
  if (!rows[0]) throw itemNotFound();
}

/** Approves a draft (or a rejected version) or rejects a draft with a note. */
export async function reviewVersion(
  q: Queryable,
  space: Space,
  id: string,
  number: number,
  decision: { approve: boolean; note: string },
): Promise<void> {
  const template = await liveTemplate(q, space.id, id);
  const from = decision.approve ? ["draft", "rejected"] : ["draft"];
  const rows = await q.query(
    `UPDATE template_versions SET status = $4, reviewed_by = $5, reviewed_at = now(), review_note = $6
      WHERE template_id = $1 AND user_id = $2 AND number = $3 AND status = ANY($7::text[]) RETURNING 1`,
    [id, space.id, number, decision.approve ? "approved" : "rejected", space.actor, decision.note, from],
  );
  if (!rows[0]) throw new ApiError(Code.failed, "server.error.versionNotDraft");
  const action = decision.approve ? "template.approved" : "template.rejected";
  await recordTeamEvent(q, space.id, space.actor, action, template.name, { version: number });
}

/** Refuses a non-owner's move of a template out of a folder that needs approval into one that does
 * not (there its current version, perhaps a draft, would become printable without a review). */
export async function checkApprovalMove(q: Queryable, space: Space, id: string, toFolder: string) {
  if (!toFolder || space.role === null || space.role === "owner") return;
  const [r] = await q.query<{ escapes: boolean }>(
    `SELECT f.needs_approval AND NOT COALESCE(
              (SELECT d.needs_approval FROM template_classes d WHERE d.id = $3 AND d.user_id = $2), true) AS escapes
       FROM templates t JOIN template_classes f ON f.id = t.class_id AND f.user_id = t.user_id
      WHERE t.id = $1 AND t.user_id = $2`,
    [id, space.id, toFolder],
  );
  if (r?.escapes) throw new ApiError(Code.forbidden, "server.error.approvalMove");
}
