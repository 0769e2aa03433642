// Preview of a cloud data file: the image at full size (lightbox), or the first 50 rows of each sheet
// of a spreadsheet as our parser reads it (the import call).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../../editor/dialogs/Dialog";
import { type CloudKind, type DataFile, previewSheet } from "../../api/cloudData";

export const PREVIEW_ROWS = 50;

interface Props {
  readonly kind: CloudKind;
  readonly file: DataFile;
  readonly onClose: () => void;
}

type Sheets = Awaited<ReturnType<typeof previewSheet>>;

export function PreviewDialog({ kind, file, onClose }: Props) {
  const { t } = useTranslation();
  const [sheets, setSheets] = useState<Sheets | null | "failed">(null);
  const [tab, setTab] = useState(0);
  useEffect(() => {
    if (kind !== 2) return;
    let live = true;
    previewSheet(file.url, PREVIEW_ROWS).then(
      (s) => live && setSheets(s),
      () => live && setSheets("failed"),
    );
    return () => {
      live = false;
    };
  }, [kind, file.url]);
  const sheet = Array.isArray(sheets) ? sheets[Math.min(tab, sheets.length - 1)] : null;
  return (
    <Dialog
      title={file.name}
      onClose={onClose}
      testId="cloud-preview"
      wide
      footer={
        <button type="button" className="ink-btn is-primary" onClick={onClose}>
          {t("app.common.close")}
        </button>
      }
    >
      {kind === 1 && <img className="cloud-lightbox" src={file.url} alt={file.name} />}
      {kind === 2 && sheets === null && <p className="muted">{t("app.common.loading")}</p>}
      {sheets === "failed" && <p role="alert">{t("app.cloud.previewFailed")}</p>}
      {Array.isArray(sheets) && sheets.length > 1 && (
        <div role="tablist" aria-label={t("app.cloud.sheets")} className="ink-button-row">
          {sheets.map((s, i) => (
            <button
              key={s.name || i}
              type="button"
              role="tab"
              aria-selected={sheet === s}
              className={`ink-btn${sheet === s ? " is-primary" : ""}`}
              onClick={() => setTab(i)}
            >
              {s.name}
            </button>
          ))}
        </div>
      )}
      {sheet && (
        <div className="cloud-sheet">
          <p className="muted">{t("app.cloud.previewRows", { count: PREVIEW_ROWS })}</p>
          <table data-testid="cloud-sheet-preview">
            <tbody>
              {sheet.rows.map((row, r) => (
                // rows have no identity beyond their position
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed, read-only rows
                <tr key={r}>
                  {row.map((cell, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: fixed, read-only cells
                    <td key={c}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}
