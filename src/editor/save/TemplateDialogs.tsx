// The printer template export's two dialogs (issue 36): before it, the printer's resolution
// (203 / 300 / 600 dpi, the label's own target resolution first); after it, the read-me — the
// template's fields and the line an ERP sends to print one label — with its own download.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TemplateNotes } from "../../../machines/saveFlow.export";
import { DEFAULT_TARGET_DPI } from "../../model/constants";
import type { LabelDocument } from "../../model/types";
import { DpiOptions } from "../labelSettings/DpiOptions";
import { downloadBlob } from "./localFiles";
import { ChoiceButtons, ModalShell } from "./ModalShell";
import { templateReadme } from "./templateReadme";

export function TemplateOptionsDialog({
  language,
  attrs,
  onExport,
  onCancel,
}: {
  readonly language: "ZPL" | "TSPL";
  readonly attrs: LabelDocument["attrs"];
  readonly onExport: (dpi: number) => void;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [dpi, setDpi] = useState<number>(attrs.targetDpi ?? DEFAULT_TARGET_DPI);
  return (
    <ModalShell
      title={t("editor.template.title", { language })}
      onClose={onCancel}
      testId="template-dialog"
      footer={
        <ChoiceButtons
          choices={[
            { label: t("editor.dialog.cancel"), onSelect: onCancel, testId: "template-cancel" },
            {
              label: t("editor.batch.export"),
              onSelect: () => onExport(dpi),
              testId: "template-export",
              tone: "primary",
            },
          ]}
        />
      }
    >
      <p>{t("editor.template.intro")}</p>
      <label className="ink-field">
        <span>{t("editor.template.dpi")}</span>
        <select value={dpi} onChange={(e) => setDpi(Number(e.target.value))} data-testid="template-dpi">
          <DpiOptions />
        </select>
      </label>
    </ModalShell>
  );
}

export function TemplateReadmeDialog({
  notes,
  onClose,
}: {
  readonly notes: TemplateNotes;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const text = templateReadme(notes, t);
  const readmeName = `${notes.fileName.replace(/\.[^.]+$/, "")}-readme.txt`;
  return (
    <ModalShell
      title={t("editor.template.doneTitle")}
      onClose={onClose}
      testId="template-readme-dialog"
      wide
      describedByBody={false}
      footer={
        <ChoiceButtons
          choices={[
            {
              label: t("editor.template.saveReadme"),
              onSelect: () =>
                downloadBlob(new Blob([text], { type: "text/plain;charset=utf-8" }), readmeName),
              testId: "template-readme-download",
            },
            {
              label: t("editor.dialog.close"),
              onSelect: onClose,
              testId: "template-readme-close",
              tone: "primary",
            },
          ]}
        />
      }
    >
      <p id={labelId}>{t("editor.template.readmeLabel")}</p>
      {/* a region reachable by keyboard, so the read-me can be scrolled and selected */}
      <section
        className="ink-template-readme"
        aria-labelledby={labelId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable text region must be reachable by keyboard
        tabIndex={0}
      >
        <pre data-testid="template-readme">{text}</pre>
      </section>
    </ModalShell>
  );
}
