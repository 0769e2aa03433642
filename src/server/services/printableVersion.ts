// The one rule of what a print loads (issue 40): every path that prints a cloud template (the print
// API, the app's open-for-print, the print station, scan-to-print) asks `printableVersion` which
// version's label file to print, so no operator ever prints a draft.
//
// - Personal space, and owners and designers of a team: the template's current version (a writer
//   may test-print a draft).
// - Operators and viewers of a team, in a folder that needs approval: the latest approved version
//   (a draft or a rejected version never); none yet → "This label has no approved version yet"
//   (server.error.noApprovedVersion). In a folder without approval: the current version.
import { roleAllows } from "../../model/teamRoles";
import type { Queryable } from "../db";
import { ApiError, Code } from "../http/envelope";
import type { Space } from "./teams";
import type { TemplateRow } from "./templates";
import { liveTemplate } from "./templateVersions";

export interface PrintableVersion {
  /** the live template (its name, folder; its current content may be a newer draft) */
  template: TemplateRow;
  /** the version number printed */
  number: number;
  file_url: string;
  image: string;
  width: number;
  height: number;
}

/**
 * The version of template `templateId` that `actor` prints: `actor` is the space the request acts
 * in (routes/teamSpace.ts spaceOf, or the print API's apiSpace), its `id` the owner. Throws "not
 * found" for a template not in that space.
 */
export async function printableVersion(
  q: Queryable,
  templateId: string,
  actor: Pick<Space, "id" | "role">,
): Promise<PrintableVersion> {
  const template = await liveTemplate(q, actor.id, templateId);
  const current = {
    template,
    number: template.version,
    file_url: template.file_url,
    image: template.image,
    width: template.width,
    height: template.height,
  };
  if (actor.role === null || roleAllows(actor.role, "write")) return current;
  const [folder] = await q.query<{ needs_approval: boolean }>(
    "SELECT needs_approval FROM template_classes WHERE id = $1 AND user_id = $2",
    [template.class_id, actor.id],
  );
  if (!folder?.needs_approval) return current;
  const [v] = await q.query<Omit<PrintableVersion, "template">>(
    `SELECT number, file_url, image, width, height FROM template_versions
      WHERE template_id = $1 AND user_id = $2 AND status = 'approved' ORDER BY number DESC LIMIT 1`,
    [templateId, actor.id],
  );
  if (!v) throw new ApiError(Code.failed, "server.error.noApprovedVersion", { name: template.name });
  return { template, ...v };
}
