// The top bar's save dropdown (spec §2): save to cloud, save as PNG / JPEG / PDF, plus the local
// file entries (download .tprts, open a local file), the label-size PDF for label printers and the
// printer templates (ZPL, TSPL) an ERP fills with its data (issue 36).
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFilePicker } from "../../app/ui/useFilePicker";
import { action } from "../actions/registry";
import { kbdLabel } from "../actions/types";
import { LABEL_FILE_ACCEPT } from "./localFiles";
import type { ExportKind } from "./useSaveFlow";

interface SaveMenuProps {
  readonly onCloud: () => void;
  readonly onExport: (kind: ExportKind) => void;
  /** the office printer's calibration (offset of the tiled A4 PDF) */
  readonly onCalibrate: () => void;
  readonly onDownload: () => void;
  readonly onOpenFile: (file: File) => void;
  readonly busy: boolean;
}

export function SaveMenu({ onCloud, onExport, onCalibrate, onDownload, onOpenFile, busy }: SaveMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [at, setAt] = useState({ x: 0, y: 0 });
  const button = useRef<HTMLButtonElement>(null);
  const picker = useFilePicker({
    accept: LABEL_FILE_ACCEPT,
    label: t("editor.save.open"),
    testId: "open-file-input",
    onFiles: ([f]) => onOpenFile(f),
  });
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent) {
        if (e.key !== "Escape") return;
        // Escape closes from anywhere, the menu's own items too, and gives the focus back to the button
        setOpen(false);
        button.current?.focus();
        return;
      }
      if (
        e.target instanceof Node &&
        (menu.current?.contains(e.target) || button.current?.contains(e.target))
      )
        return;
      setOpen(false);
    };
    window.addEventListener("pointerdown", close);
    window.addEventListener("keydown", close);
    menu.current?.querySelector("button")?.focus();
    return () => {
      window.removeEventListener("pointerdown", close);
      window.removeEventListener("keydown", close);
    };
  }, [open]);

  // the bindings of the registry's actions, as the shortcut help shows them
  const kbdOf = (id: string) =>
    action(id)
      .kbd?.map((k) => kbdLabel(k))
      .join(" ");
  const item = (id: string, label: string, run: () => void, kbd?: string) => (
    <button
      type="button"
      role="menuitem"
      className="ink-menu-item"
      data-testid={`save-${id}`}
      disabled={busy}
      onClick={() => {
        setOpen(false);
        run();
      }}
    >
      <span>{label}</span>
      {kbd && <kbd>{kbd}</kbd>}
    </button>
  );

  return (
    <>
      <button
        ref={button}
        type="button"
        className="ink-btn is-primary"
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="save-menu"
        onClick={() => {
          const r = button.current?.getBoundingClientRect();
          if (r) setAt({ x: Math.max(8, r.right - 220), y: r.bottom + 4 });
          setOpen((v) => !v);
        }}
      >
        {t("editor.save.button")}
      </button>
      {open && (
        <div
          ref={menu}
          className="ink-menu"
          role="menu"
          aria-label={t("editor.save.button")}
          style={{ left: at.x, top: at.y }}
        >
          {item("cloud", t("editor.save.cloud"), onCloud, kbdOf("save"))}
          {item("png", t("editor.save.png"), () => onExport("png"))}
          {item("jpeg", t("editor.save.jpeg"), () => onExport("jpeg"))}
          {item("pdf", t("editor.save.pdf"), () => onExport("pdf"))}
          {item("pdf-label", t("editor.save.pdfLabel"), () => onExport("pdf-label"))}
          {item("pdf-tiled", t("editor.save.pdfTiled"), () => onExport("pdf-tiled"))}
          {item("zpl", t("editor.save.zpl"), () => onExport("zpl"))}
          {item("tspl", t("editor.save.tspl"), () => onExport("tspl"))}
          {item("calibrate", t("editor.calibration.open"), onCalibrate)}
          {item("local", t("editor.save.local"), onDownload, kbdOf("download"))}
          {item("open", t("editor.save.open"), picker.open)}
        </div>
      )}
      {picker.input}
    </>
  );
}
