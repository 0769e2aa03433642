// /editLabel's page: the editor with every element kind's UI. The one place that joins the two, so
// the editor never imports a kind's panel (see src/editor/kinds.tsx).
import EditorPage from "../../editor/EditorPage";
import { ELEMENTS_UI } from "../../elements/ui";

export default function EditorRoute() {
  return <EditorPage elements={ELEMENTS_UI} />;
}
