// Two versions of a template side by side (issue 40): both previews, and what changed from the
// older to the newer: label fields (size, name, layout…) and elements added, removed and changed
// with the properties that differ (model/versionDiff.ts). Both label files are read here.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchLabelFile } from "../../../editor/save/localFiles";
import { type FieldChange, isSameLabel, type VersionDiff, versionDiff } from "../../../model/versionDiff";
import type { TemplateVersion } from "../../api/templateVersions";
import { VersionPreview } from "./VersionPreview";

type State = { status: "loading" } | { status: "error" } | { status: "ready"; diff: VersionDiff };

/** A field's value as shown: pictures are only said to differ. */
function valueText(t: (k: string) => string, c: FieldChange, v: unknown): string {
  if (c.field === "background") return v ? t("app.compare.picture") : t("app.compare.none");
  if (typeof v === "boolean") return v ? t("app.compare.yes") : t("app.compare.no");
  return v === "" ? t("app.compare.none") : String(v);
}

export function VersionCompare({ a, b }: { a: TemplateVersion; b: TemplateVersion }) {
  const { t } = useTranslation();
  const [older, newer] = a.number < b.number ? [a, b] : [b, a];
  const [state, setState] = useState<State>({ status: "loading" });

  useEffect(() => {
    let live = true;
    setState({ status: "loading" });
    Promise.all([fetchLabelFile(older.file), fetchLabelFile(newer.file)])
      .then(([x, y]) => {
        if (!live) return;
        setState(x.ok && y.ok ? { status: "ready", diff: versionDiff(x.doc, y.doc) } : { status: "error" });
      })
      .catch(() => live && setState({ status: "error" }));
    return () => {
      live = false;
    };
  }, [older.file, newer.file]);

  const kind = (type: string) => t(`editor.kind.${type}`);
  return (
    <section
      className="tpl-compare"
      aria-label={t("app.compare.title", { a: older.number, b: newer.number })}
      data-testid="version-compare"
    >
      <div className="tpl-compare-sides">
        <VersionPreview v={older} testId="compare-older" />
        <VersionPreview v={newer} testId="compare-newer" />
      </div>
      <h3>{t("app.compare.title", { a: older.number, b: newer.number })}</h3>
      {state.status === "loading" && <p className="muted">{t("app.common.loading")}</p>}
      {state.status === "error" && (
        <p role="alert" className="error-note">
          {t("app.compare.failed")}
        </p>
      )}
      {state.status === "ready" && isSameLabel(state.diff) && <p>{t("app.compare.same")}</p>}
      {state.status === "ready" && !isSameLabel(state.diff) && (
        <ul className="tpl-compare-list" data-testid="compare-changes">
          {state.diff.fields.map((c) => (
            <li key={c.field} data-testid="compare-field">
              {t("app.compare.fieldChanged", {
                field: t(`app.compare.field.${c.field}`),
                from: valueText(t, c, c.from),
                to: valueText(t, c, c.to),
              })}
            </li>
          ))}
          {state.diff.added.map((e) => (
            <li key={`+${e.id}`} data-testid="compare-added">
              {t("app.compare.added", { name: e.name, kind: kind(e.type) })}
            </li>
          ))}
          {state.diff.removed.map((e) => (
            <li key={`-${e.id}`} data-testid="compare-removed">
              {t("app.compare.removed", { name: e.name, kind: kind(e.type) })}
            </li>
          ))}
          {state.diff.changed.map((e) => (
            <li key={`~${e.id}`} data-testid="compare-changed">
              {t("app.compare.changed", { name: e.name, kind: kind(e.type), props: e.props.join(", ") })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
