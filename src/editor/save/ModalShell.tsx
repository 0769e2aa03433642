// The one modal shell of the save flow's dialogs (cover, membership, draft, batch range, export
// progress, exit): a native <dialog> shown modal (the page behind is inert; its role is dialog) with
// aria-modal, labelled by its title and described by its body; Escape closes, Tab and Shift+Tab
// cycle inside it, and focus returns to where it was when the dialog goes away.
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from "react";
import "../dialogs/controls.css";
import { trapTab } from "../dialogs/focusTrap";

export interface ModalShellProps {
  readonly title: string;
  /** Escape, or the browser closing the dialog */
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly footer: ReactNode;
  readonly testId?: string;
  readonly wide?: boolean;
  /** the body describes the dialog (a short question); off for forms, whose body is not a sentence */
  readonly describedByBody?: boolean;
}

export function ModalShell({
  title,
  onClose,
  children,
  footer,
  testId,
  wide,
  describedByBody = true,
}: ModalShellProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const before = document.activeElement;
    if (!d.open) d.showModal();
    // the browser may close a modal dialog itself (a repeated Escape): the owner is told
    const onNativeClose = () => closeRef.current();
    d.addEventListener("close", onNativeClose);
    return () => {
      d.removeEventListener("close", onNativeClose);
      if (d.open) d.close();
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      onClose();
      return;
    }
    if (ref.current) trapTab(ref.current, e);
  };

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedByBody ? bodyId : undefined}
      className={`ink-dialog${wide ? " is-wide" : ""}`}
      data-testid={testId}
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="ink-dialog-title">
        {title}
      </h2>
      <div id={bodyId} className="ink-dialog-body">
        {children}
      </div>
      <div className="ink-dialog-footer">{footer}</div>
    </dialog>
  );
}

export interface Choice {
  readonly label: string;
  readonly onSelect: () => void;
  readonly testId: string;
  readonly tone?: "primary" | "danger";
  readonly disabled?: boolean;
}

/** A dialog's row of answers (its footer), in order: Cancel first, the main answer last. */
export function ChoiceButtons({ choices }: { readonly choices: readonly Choice[] }) {
  return choices.map((c) => (
    <button
      key={c.testId}
      type="button"
      className={`ink-btn${c.tone ? ` is-${c.tone}` : ""}`}
      onClick={c.onSelect}
      disabled={c.disabled}
      data-testid={c.testId}
    >
      {c.label}
    </button>
  ));
}

/** A question with a row of answers (the shape every confirm-style dialog of the flow shares). */
export function ChoiceDialog({
  title,
  onClose,
  choices,
  children,
  testId,
}: {
  readonly title: string;
  readonly onClose: () => void;
  readonly choices: readonly Choice[];
  readonly children: ReactNode;
  readonly testId: string;
}) {
  return (
    <ModalShell title={title} onClose={onClose} testId={testId} footer={<ChoiceButtons choices={choices} />}>
      {children}
    </ModalShell>
  );
}
