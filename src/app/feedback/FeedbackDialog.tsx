// The feedback form (spec §1: question type, description, contact, screenshot) in the app's modal
// dialog. The screenshot is uploaded (PNG/JPEG up to the cap) or a capture of the page behind the
// dialog. What was typed stays when sending fails (the request client shows the server's message).
import "../../editor/editor.css";
import "./feedback.css";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../editor/dialogs/Dialog";
import { ChoiceButtons } from "../../editor/save/ModalShell";
import {
  FEEDBACK_CONTACT_MAX,
  FEEDBACK_DESCRIPTION_MAX,
  FEEDBACK_KINDS,
  FEEDBACK_SCREENSHOT_MAX_BYTES,
  type FeedbackKind,
} from "../../feedback/rules";
import { sendFeedback } from "../api/feedback";
import { message } from "../ui/message";
import { useFilePicker } from "../ui/useFilePicker";
import { capturePage, readScreenshot } from "./screenshot";

const MB = FEEDBACK_SCREENSHOT_MAX_BYTES / (1024 * 1024);

export default function FeedbackDialog({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [kind, setKind] = useState<FeedbackKind>("bug");
  const [description, setDescription] = useState("");
  const [contact, setContact] = useState("");
  const [screenshot, setScreenshot] = useState("");
  const [descError, setDescError] = useState(false);
  const [shotError, setShotError] = useState("");
  const [busy, setBusy] = useState<"" | "capture" | "send">("");
  const descRef = useRef<HTMLTextAreaElement>(null);

  async function pick(file: File) {
    const r = await readScreenshot(file);
    if ("url" in r) {
      setScreenshot(r.url);
      setShotError("");
    } else
      setShotError(t(r.problem === "type" ? "app.feedback.shotType" : "app.feedback.shotSize", { size: MB }));
  }

  const picker = useFilePicker({
    accept: "image/png,image/jpeg",
    label: t("app.feedback.upload"),
    testId: "feedback-file",
    onFiles: ([f]) => void pick(f),
  });

  async function capture() {
    setBusy("capture");
    try {
      const url = await capturePage(document.querySelector('[data-testid="feedback-dialog"]'));
      if (url) {
        setScreenshot(url);
        setShotError("");
      } else setShotError(t("app.feedback.shotSize", { size: MB }));
    } catch {
      setShotError(t("app.feedback.captureFailed"));
    } finally {
      setBusy("");
    }
  }

  async function send() {
    if (!description.trim()) {
      setDescError(true);
      descRef.current?.focus();
      return;
    }
    setBusy("send");
    try {
      await sendFeedback({
        kind,
        description: description.trim(),
        contact: contact.trim(),
        screenshot,
        page: `${window.location.pathname}${window.location.search}`, // the address as the user sees it
      });
      message.success(t("app.feedback.thanks"));
      onClose();
    } catch {
      // the request client has shown why; the form keeps what was typed
      setBusy("");
    }
  }

  const descErrId = `${id}-desc-err`;
  return (
    <Dialog
      title={t("app.feedback.title")}
      onClose={onClose}
      testId="feedback-dialog"
      footer={
        <ChoiceButtons
          choices={[
            { label: t("editor.dialog.cancel"), onSelect: onClose, testId: "feedback-cancel" },
            {
              label: t("app.feedback.send"),
              onSelect: () => void send(),
              testId: "feedback-send",
              tone: "primary",
              disabled: busy !== "",
            },
          ]}
        />
      }
    >
      <label className="ink-field">
        <span>{t("app.feedback.kind")}</span>
        <select value={kind} onChange={(e) => setKind(e.target.value as FeedbackKind)}>
          {FEEDBACK_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`app.feedback.kind.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="ink-field">
        <span>{t("app.feedback.description")}</span>
        <textarea
          ref={descRef}
          rows={5}
          required
          maxLength={FEEDBACK_DESCRIPTION_MAX}
          value={description}
          placeholder={t("app.feedback.descriptionHint")}
          aria-invalid={descError || undefined}
          aria-describedby={descError ? descErrId : undefined}
          onChange={(e) => {
            setDescription(e.target.value);
            if (e.target.value.trim()) setDescError(false);
          }}
        />
        <small className="feedback-count" aria-live="polite">
          {t("app.feedback.count", { n: description.length, max: FEEDBACK_DESCRIPTION_MAX })}
        </small>
        {descError && (
          <small className="feedback-error" id={descErrId} role="alert">
            {t("server.feedback.description")}
          </small>
        )}
      </label>
      <label className="ink-field">
        <span>{t("app.feedback.contact")}</span>
        <input
          value={contact}
          maxLength={FEEDBACK_CONTACT_MAX}
          placeholder={t("app.feedback.contactHint")}
          onChange={(e) => setContact(e.target.value)}
        />
      </label>
      <fieldset className="feedback-shot">
        <legend>{t("app.feedback.screenshot")}</legend>
        <div className="feedback-shot-buttons">
          <button type="button" className="ink-btn" onClick={picker.open} disabled={busy !== ""}>
            {t("app.feedback.upload")}
          </button>
          <button
            type="button"
            className="ink-btn"
            data-testid="feedback-capture"
            onClick={() => void capture()}
            disabled={busy !== ""}
          >
            {busy === "capture" ? t("app.feedback.capturing") : t("app.feedback.capture")}
          </button>
          {picker.input}
        </div>
        <small className="muted">{t("app.feedback.shotHint", { size: MB })}</small>
        {shotError && (
          <small className="feedback-error" role="alert">
            {shotError}
          </small>
        )}
        {screenshot && (
          <div className="feedback-preview">
            <img src={screenshot} alt={t("app.feedback.preview")} data-testid="feedback-preview" />
            <button type="button" className="ink-btn" onClick={() => setScreenshot("")}>
              {t("app.feedback.removeShot")}
            </button>
          </div>
        )}
      </fieldset>
    </Dialog>
  );
}
