// The top bar's icon-library button and the palette's icon entry both open the dialog through this.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { IconLibraryDialog } from "./IconLibraryDialog";

export function IconLibraryButton({
  className = "ink-btn",
  testId = "open-icon-library",
}: {
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} data-testid={testId} onClick={() => setOpen(true)}>
        {t("elements.icons.open")}
      </button>
      {open && <IconLibraryDialog onClose={() => setOpen(false)} />}
    </>
  );
}
