// One version's cover (or a blank of its shape) and label size: the versions dialog's preview and
// each side of its compare.
import { useTranslation } from "react-i18next";
import type { TemplateVersion } from "../../api/templateVersions";
import { sizeText } from "../../settings/sizeText";
import { useUnit } from "../../settings/userSettings";
import { Thumb } from "../RecentLabels";

export function VersionPreview({
  v,
  testId = "version-preview-pane",
}: {
  v: TemplateVersion;
  testId?: string;
}) {
  const { t } = useTranslation();
  const unit = useUnit();
  return (
    <figure className="tpl-version-preview" data-testid={testId}>
      <div className="label-thumb">
        {v.image ? (
          <img src={v.image} alt={t("app.versions.previewAlt", { number: v.number })} />
        ) : (
          <Thumb
            t={{ ...v, id: "", name: "", file: v.file, classId: "", updated: v.time }}
            box={[240, 180]}
          />
        )}
      </div>
      <figcaption>
        {t("app.versions.number", { number: v.number })} · {sizeText(t, v.width, v.height, unit)}
      </figcaption>
    </figure>
  );
}
