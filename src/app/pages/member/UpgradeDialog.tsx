// The upgrade dialog (application.md §2 dialog 2): the membership panel in a modal, opened from the
// membership prompt where leaving the page would lose work (the editor). Closing it stops the poll.
import { useTranslation } from "react-i18next";
import "../../../editor/dialogs/controls.css";
import { ModalShell } from "../../../editor/save/ModalShell";
import { MembershipPanel } from "./MembershipPanel";

export function UpgradeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalShell
      title={t("member.title")}
      onClose={onClose}
      testId="upgrade-dialog"
      wide
      describedByBody={false}
      footer={
        <button type="button" className="ink-btn" data-testid="upgrade-close" onClick={onClose}>
          {t("member.close")}
        </button>
      }
    >
      <MembershipPanel />
    </ModalShell>
  );
}
