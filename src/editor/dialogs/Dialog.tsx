// A small accessible modal dialog (native <dialog>, focus trapped by the browser, Escape closes).
import { type ReactNode, useEffect, useRef } from "react";

interface DialogProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly footer: ReactNode;
  readonly testId?: string;
  readonly wide?: boolean;
}

export function Dialog({ title, onClose, children, footer, testId, wide }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`ink-dialog${wide ? " is-wide" : ""}`}
      aria-label={title}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 className="ink-dialog-title">{title}</h2>
      <div className="ink-dialog-body">{children}</div>
      <div className="ink-dialog-footer">{footer}</div>
    </dialog>
  );
}
