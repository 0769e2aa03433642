// Opening a .zpl / .prn file in the editor: the printer resolution the file was made for (its dots
// become mm at it), which of its labels to open when it holds several, and the commands that were
// read but not drawn (never dropped silently). The file is read again when the resolution changes.
// A file of several labels may instead be converted whole: one PDF, a page per printed label.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LabelDocument } from "../../model/types";
import { ZPL_DEFAULT_DPI, ZPL_DPIS } from "../../zpl/limits";
import { Choice as Select } from "../panels/fields/controls";
import { ChoiceDialog } from "./ModalShell";
import { type ZplState, zplStateOf, zplToPdf } from "./zplFiles";

type Convert =
  | { readonly status: "idle" }
  | { readonly status: "running"; readonly done: number; readonly total: number }
  | { readonly status: "done"; readonly pages: number }
  | { readonly status: "error"; readonly key: string; readonly vars: Record<string, string | number> };

export function ZplOpenDialog({
  file,
  onOpen,
  onCancel,
}: {
  readonly file: File;
  readonly onOpen: (doc: LabelDocument) => void;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [dpi, setDpi] = useState<number>(ZPL_DEFAULT_DPI);
  const [index, setIndex] = useState(0);
  const [state, setState] = useState<ZplState>({ status: "reading" });
  const [convert, setConvert] = useState<Convert>({ status: "idle" });

  useEffect(() => {
    let live = true;
    setState({ status: "reading" });
    setConvert({ status: "idle" });
    void zplStateOf(file, dpi).then((s) => {
      if (live) setState(s);
    });
    return () => {
      live = false;
    };
  }, [file, dpi]);

  const read = state.status === "read" ? state.read : null;
  const count = read?.docs.length ?? 0;
  const chosen = read ? read.docs[Math.min(index, count - 1)] : null;
  const converting = convert.status === "running";
  const convertAll = async () => {
    if (!read) return;
    setConvert({ status: "running", done: 0, total: 0 });
    const r = await zplToPdf(read, file.name, (done, total) =>
      setConvert({ status: "running", done, total }),
    );
    setConvert(r.ok ? { status: "done", pages: r.pages } : { status: "error", key: r.key, vars: r.vars });
  };
  return (
    <ChoiceDialog
      title={t("zpl.open.title")}
      onClose={onCancel}
      testId="zpl-open-dialog"
      choices={[
        { label: t("zpl.open.cancel"), onSelect: onCancel, testId: "zpl-open-cancel" },
        ...(count > 1
          ? [
              {
                label: t("zpl.open.convert"),
                onSelect: () => void convertAll(),
                testId: "zpl-open-convert",
                disabled: converting,
              },
            ]
          : []),
        {
          label: t("zpl.open.confirm"),
          onSelect: () => chosen && onOpen(chosen),
          testId: "zpl-open-confirm",
          tone: "primary",
          disabled: !chosen || converting,
        },
      ]}
    >
      <Select
        label={t("zpl.open.dpi")}
        value={dpi}
        testId="zpl-open-dpi"
        options={ZPL_DPIS.map((d) => ({ value: d, label: t("zpl.open.dpiOption", { dpi: d }) }))}
        onChange={setDpi}
      />
      {count > 1 && <p data-testid="zpl-open-many">{t("zpl.open.many", { count })}</p>}
      {count > 1 && (
        <Select
          label={t("zpl.open.label")}
          value={Math.min(index, count - 1)}
          testId="zpl-open-label"
          options={Array.from({ length: count }, (_, i) => ({
            value: i,
            label: t("zpl.open.labelOption", { n: i + 1, count }),
          }))}
          onChange={setIndex}
        />
      )}
      {state.status === "reading" && <p aria-live="polite">{t("zpl.open.reading")}</p>}
      {state.status === "error" && (
        <p role="alert" data-testid="zpl-open-error">
          {t(state.key, state.vars)}
        </p>
      )}
      {convert.status !== "idle" && (
        <p
          role={convert.status === "error" ? "alert" : undefined}
          aria-live="polite"
          data-testid="zpl-open-convert-status"
        >
          {convert.status === "running" &&
            t("zpl.open.converting", { done: convert.done, total: convert.total || "…" })}
          {convert.status === "done" && t("zpl.open.converted", { count: convert.pages })}
          {convert.status === "error" && t(convert.key, convert.vars)}
        </p>
      )}
      {read && (
        <p aria-live="polite" data-testid="zpl-open-unknown">
          {read.unknown.length
            ? t("zpl.unknown", { list: state.status === "read" ? state.list : "" })
            : t("zpl.open.allRead")}
        </p>
      )}
    </ChoiceDialog>
  );
}
