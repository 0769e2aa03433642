// The label creation dialog for the home page's "New label" (create mode of the settings dialog):
// confirm opens the editor on the new label. Loaded lazily with the editor's dialog styles.
// The home page hands in the app's picture-to-label dialog (the editor imports no app code).
import { useNavigate } from "react-router-dom";
import type { AppDialogs } from "../appDialogs";
import { LabelSettingsDialog } from "./LabelSettingsDialog";
import "../editor.css";

export default function CreateLabelDialog({
  onClose,
  AiDialog,
}: {
  readonly onClose: () => void;
  readonly AiDialog: AppDialogs["AiDialog"];
}) {
  const navigate = useNavigate();
  return <LabelSettingsDialog onClose={onClose} onNavigate={(to) => navigate(to)} AiDialog={AiDialog} />;
}
