// The redeem-code dialog (application.md §2 dialog 5, §5 "Redeem", call 7 exchangeMember): one field
// for the code; an empty code asks for it; success says 'Redemption successful'. The server's
// refusals (unknown, already used, too many tries) are shown by the request client.
import { type FormEvent, useId, useState } from "react";
import "../../../editor/dialogs/controls.css";
import { useTranslation } from "react-i18next";
import { ChoiceButtons, ModalShell } from "../../../editor/save/ModalShell";
import { exchangeMember } from "../../api/member";
import { message } from "../../ui/message";

export function RedeemDialog({ onClose, onRedeemed }: { onClose: () => void; onRedeemed: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const formId = useId();

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (!code.trim()) {
      setInvalid(true);
      message.error(t("member.redeem.empty"));
      return;
    }
    setBusy(true);
    try {
      await exchangeMember(code);
      message.success(t("member.redeem.done"));
      onRedeemed();
    } catch {
      // the request client has shown the server's message
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalShell
      title={t("member.redeem.title")}
      onClose={onClose}
      testId="redeem-dialog"
      describedByBody={false}
      footer={
        <ChoiceButtons
          choices={[
            { label: t("editor.dialog.cancel"), onSelect: onClose, testId: "redeem-cancel" },
            {
              label: t("member.redeem.confirm"),
              onSelect: () => void submit(),
              testId: "redeem-confirm",
              tone: "primary",
              disabled: busy,
            },
          ]}
        />
      }
    >
      <form id={formId} onSubmit={submit}>
        <label className="ink-field">
          <span>{t("member.redeem.code")}</span>
          <input
            value={code}
            autoComplete="off"
            aria-invalid={invalid || undefined}
            data-testid="redeem-code"
            onChange={(e) => {
              setCode(e.target.value);
              setInvalid(false);
            }}
          />
        </label>
      </form>
    </ModalShell>
  );
}
