// The label creation dialog for the home page's "New label" (create mode of the settings dialog):
// confirm opens the editor on the new label. Loaded lazily with the editor's dialog styles.
import { useNavigate } from "react-router-dom";
import { LabelSettingsDialog } from "./LabelSettingsDialog";
import "../editor.css";

export default function CreateLabelDialog({ onClose }: { readonly onClose: () => void }) {
  const navigate = useNavigate();
  return <LabelSettingsDialog onClose={onClose} onNavigate={(to) => navigate(to)} />;
}
