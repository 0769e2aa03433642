// "Feedback" in the app's header and the help centre's: opens the feedback form, whose chunk (with
// html-to-image) loads on the first click.
import { type ComponentType, useState } from "react";
import { useTranslation } from "react-i18next";
import { loadChunk } from "../router/lazyPage";
import { message } from "../ui/message";

type DialogComponent = ComponentType<{ onClose: () => void }>;

/** `icon`: a speech bubble named by its aria-label (the app's crowded header), else the word. */
export function FeedbackButton({ icon = false }: { readonly icon?: boolean }) {
  const { t } = useTranslation();
  const [Dialog, setDialog] = useState<DialogComponent | null>(null);
  const open = () =>
    loadChunk(() => import("./FeedbackDialog")).then(
      (m) => setDialog(() => m.default),
      () => message.error(t("app.error.text")),
    );
  return (
    <>
      <button
        type="button"
        className={`btn btn-ghost${icon ? " shell-icon" : ""}`}
        data-testid="feedback-open"
        aria-label={icon ? t("app.nav.feedback") : undefined}
        title={icon ? t("app.nav.feedback") : undefined}
        onClick={() => void open()}
      >
        {icon ? (
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path
              fill="currentColor"
              d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm0 2v10h2v2l2.5-2H20V6zm3 3h10v2H7zm0 3h7v2H7z"
            />
          </svg>
        ) : (
          t("app.nav.feedback")
        )}
      </button>
      {Dialog && <Dialog onClose={() => setDialog(null)} />}
    </>
  );
}
