// The palette's icon entry (spec §2: after shape): opens the icon library, whose chosen icon is placed
// at the centre of the canvas as an Image element.
import { useTranslation } from "react-i18next";
import { IconLibraryButton } from "./IconLibraryButton";

export function PaletteIconEntry() {
  const { t } = useTranslation();
  return (
    <IconLibraryButton className="ink-palette-item" testId="palette-icon">
      <svg
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3-5.4 3 1.2-6-4.5-4.2 6.1-.7z" />
      </svg>
      <span>{t("elements.icons.palette")}</span>
    </IconLibraryButton>
  );
}
