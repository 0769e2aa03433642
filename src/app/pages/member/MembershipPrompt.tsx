// The membership prompt (application.md §2 dialog 1): the message, a close button, and the upgrade
// button when this server sells membership (else a plain confirm). Upgrade goes to /member when the
// message holds the member-space text, else to /expansion; in dialog mode (the editor, where leaving
// would lose work) it opens the upgrade dialog, or /expansion in a new tab, instead.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useInRouterContext, useLocation, useNavigate } from "react-router-dom";
import { ChoiceDialog } from "../../../editor/save/ModalShell";
import { APP_BASE } from "../../../help/links";
import { useMembershipOn } from "../../auth/membership";
import { UpgradeDialog } from "./UpgradeDialog";
import { upgradeTarget } from "./upgradeTarget";

/** Paths where the prompt works as a dialog (navigating away would lose the user's work). */
const DIALOG_PATHS = ["/editLabel"];

interface PromptProps {
  readonly text: string;
  readonly onClose: () => void;
}

function PromptDialog({ text, onClose, onUpgrade }: PromptProps & { onUpgrade?: () => void }) {
  const { t } = useTranslation();
  return (
    <ChoiceDialog
      title={t("editor.member.title")}
      onClose={onClose}
      testId="membership-prompt"
      choices={
        onUpgrade
          ? [
              // the dismiss button keeps its test id in both forms (older specs press it)
              { label: t("member.close"), onSelect: onClose, testId: "membership-confirm" },
              {
                label: t("member.upgrade"),
                onSelect: onUpgrade,
                testId: "membership-upgrade",
                tone: "primary",
              },
            ]
          : [
              {
                label: t("editor.dialog.confirm"),
                onSelect: onClose,
                testId: "membership-confirm",
                tone: "primary",
              },
            ]
      }
    >
      <p data-testid="membership-message">{text}</p>
    </ChoiceDialog>
  );
}

function RoutedPrompt({ text, onClose }: PromptProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dialogMode = DIALOG_PATHS.includes(useLocation().pathname);
  const [upgrading, setUpgrading] = useState(false);
  if (upgrading)
    return (
      <UpgradeDialog
        onClose={() => {
          setUpgrading(false);
          onClose();
        }}
      />
    );
  const target = upgradeTarget(text, t("member.spaceText"));
  const upgrade = () => {
    if (dialogMode && target === "/member") return setUpgrading(true);
    onClose();
    if (dialogMode) window.open(`${APP_BASE}${target}`, "_blank", "noopener");
    else navigate(target);
  };
  return <PromptDialog text={text} onClose={onClose} onUpgrade={upgrade} />;
}

export function MembershipPrompt({ text, onClose }: PromptProps) {
  const on = useMembershipOn();
  const inRouter = useInRouterContext();
  return on === true && inRouter ? (
    <RoutedPrompt text={text} onClose={onClose} />
  ) : (
    <PromptDialog text={text} onClose={onClose} />
  );
}
