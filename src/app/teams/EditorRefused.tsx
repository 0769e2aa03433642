// The editor is for those who may change the team's labels (issue 40): an operator or a viewer of
// the current team space who reaches /editLabel (a link, a bookmark, a template opened from the
// list) is told why and sent to the team's labels, where they view them. The server refuses their
// writes anyway (actingSpace); this keeps them from editing something they could never save.
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { roleAllows } from "../../model/teamRoles";
import { type CurrentSpace, currentSpace } from "./space";

/** The current team space when its role may not change labels, else null (the editor opens). */
export function editorRefusedIn(): CurrentSpace | null {
  const space = currentSpace();
  return space && !roleAllows(space.role, "write") ? space : null;
}

export function EditorRefused({ space }: { space: CurrentSpace }) {
  const { t } = useTranslation();
  return (
    <main className="page-narrow" data-testid="editor-refused">
      <h1>{t("app.approval.editorRefusedTitle")}</h1>
      <p role="alert">
        {t("app.approval.editorRefused", { team: space.name, role: t(`team.role.${space.role}`) })}
      </p>
      <Link className="btn btn-primary" to="/cloudTemplate" data-testid="editor-refused-go">
        {t("app.approval.editorRefusedGo")}
      </Link>
    </main>
  );
}
