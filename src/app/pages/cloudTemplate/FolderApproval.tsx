// "Needs approval" of a team folder (issue 40): an owner turns it on or off here; other members see
// that the folder needs approval (their saves there are drafts until an owner approves them).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { roleAllows } from "../../../model/teamRoles";
import type { TemplateFolder } from "../../api/cloudTemplates";
import { setFolderApproval } from "../../api/templateVersions";
import { currentSpace } from "../../teams/space";

export function FolderApproval({
  folder,
  onChanged,
}: {
  folder: TemplateFolder;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const space = currentSpace();
  if (!space) return null;
  if (!roleAllows(space.role, "approve"))
    return folder.needsApproval ? (
      <p className="muted" data-testid="folder-needs-approval">
        {t("app.approval.folderNeeds")}
      </p>
    ) : null;
  return (
    <label className="tpl-approval">
      <input
        type="checkbox"
        checked={folder.needsApproval}
        disabled={busy}
        data-testid="folder-approval"
        onChange={async (e) => {
          setBusy(true);
          try {
            await setFolderApproval(folder.id, e.target.checked);
            await onChanged();
          } catch {
            // the request client has shown the server's message
          } finally {
            setBusy(false);
          }
        }}
      />{" "}
      {t("app.approval.folderToggle")}
    </label>
  );
}
