// Opens the icon library dialog. The top bar uses it as is; the palette's icon entry can pass its own
// class, test id and content (icon + label): `<IconLibraryButton className="ink-palette-item"
// testId="palette-icon">…</IconLibraryButton>`.
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconLibraryDialog } from "./IconLibraryDialog";

interface Props {
  readonly className?: string;
  readonly testId?: string;
  readonly children?: ReactNode;
}

export function IconLibraryButton({ className = "ink-btn", testId = "open-icon-library", children }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        data-testid={testId}
        aria-label={t("elements.icons.open")}
        onClick={() => setOpen(true)}
      >
        {children ?? t("elements.icons.open")}
      </button>
      {open && <IconLibraryDialog onClose={() => setOpen(false)} />}
    </>
  );
}
