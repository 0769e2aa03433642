// /editLabel's page: the editor with every element kind's UI and the app's dialogs it opens. The one
// place that joins them, so the editor never imports a kind's panel (see src/editor/kinds.tsx) nor the
// app (src/editor/appDialogs.tsx).
import EditorPage from "../../editor/EditorPage";
import { ELEMENTS_UI } from "../../elements/ui";
import { EDITOR_DIALOGS } from "../editorDialogs";

export default function EditorRoute() {
  return <EditorPage elements={ELEMENTS_UI} dialogs={EDITOR_DIALOGS} />;
}
