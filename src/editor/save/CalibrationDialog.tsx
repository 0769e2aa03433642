// The office printer's offset (issue 37): "Print calibration page" downloads an A4 PDF with a
// crosshair and millimetre rulers at each label of the "A4 at actual size, labels tiled" layout
// (src/export/calibrationPdf.ts), drawn with the offset as it stands. Printed on a sheet of the
// labels, the user reads off how far each cross is from its label's centre and changes the offset by
// that much; Save keeps it in the user's settings, and every tiled PDF is moved by it.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { saveSettings, userSettings } from "../../app/settings/userSettings";
import { LengthInput } from "../../app/ui/LengthInput";
import { message } from "../../app/ui/message";
import { calibrationPdf } from "../../export/calibrationPdf";
import { sheetOffsetOf } from "../../export/layout";
import { SHEET_OFFSET_MAX_MM } from "../../model/constants";
import type { SheetLayout } from "../../model/types";
import { downloadBlob } from "./localFiles";
import { ChoiceButtons, ModalShell } from "./ModalShell";

export function CalibrationDialog({
  layout,
  onClose,
}: {
  readonly layout: SheetLayout;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const [x, setX] = useState(userSettings.get().sheetOffsetX);
  const [y, setY] = useState(userSettings.get().sheetOffsetY);
  const [busy, setBusy] = useState(false);
  const outOfRange = Math.abs(x) > SHEET_OFFSET_MAX_MM || Math.abs(y) > SHEET_OFFSET_MAX_MM;
  const error = outOfRange ? t("editor.calibration.range", { max: SHEET_OFFSET_MAX_MM }) : null;

  const printPage = () => {
    const pdf = calibrationPdf(layout, sheetOffsetOf({ x, y }));
    downloadBlob(new Blob([pdf as BlobPart], { type: "application/pdf" }), "calibration-page.pdf");
  };
  const save = async () => {
    if (outOfRange) return;
    setBusy(true);
    try {
      await saveSettings({ sheetOffsetX: x, sheetOffsetY: y });
      message.success(t("editor.calibration.saved"));
      onClose();
    } catch {
      // the request client shows the server's message; the offset stays as typed
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalShell
      title={t("editor.calibration.title")}
      onClose={onClose}
      testId="calibration-dialog"
      footer={
        <ChoiceButtons
          choices={[
            { label: t("editor.dialog.cancel"), onSelect: onClose, testId: "calibration-cancel" },
            {
              label: t("app.common.save"),
              onSelect: () => void save(),
              testId: "calibration-save",
              tone: "primary",
              disabled: busy || outOfRange,
            },
          ]}
        />
      }
    >
      <div>
        <p>{t("editor.calibration.how")}</p>
        <button type="button" className="ink-btn" onClick={printPage} data-testid="calibration-print">
          {t("editor.calibration.print")}
        </button>
        <div className="ink-field-row ink-calibration-offsets">
          <LengthInput signed labelKey="editor.calibration.x" mm={x} onMm={setX} />
          <LengthInput signed labelKey="editor.calibration.y" mm={y} onMm={setY} />
        </div>
        <p className="ink-field-error" role="alert">
          {error}
        </p>
      </div>
    </ModalShell>
  );
}
