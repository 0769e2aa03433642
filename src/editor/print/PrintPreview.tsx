// The print dialog's left side: the label's name and size, the characters no font draws, the page
// preview and the page controls.
import { useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { MeasureUnit } from "../../model/constants";
import type { LabelDocument } from "../../model/types";
import { describeChars } from "../../render/index";
import { printLength } from "./printLength";
import type { PrintActor } from "./usePrintActor";

interface Props {
  readonly actor: PrintActor;
  readonly doc: LabelDocument;
  readonly unit: MeasureUnit;
  /** characters no shipped font draws (in the label or the chosen records) */
  readonly unprintable: string;
}

export function PrintPreview({ actor, doc, unit, unprintable }: Props) {
  const { t } = useTranslation();
  const state = useSelector(actor, (s) => s);
  const ctx = state.context;
  const previewRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // the renderer's portable SVG, parsed as XML (never as HTML) and adopted into the page
    const box = previewRef.current;
    if (!box) return;
    const svg = ctx.preview
      ? new DOMParser().parseFromString(ctx.preview, "image/svg+xml").documentElement
      : null;
    box.replaceChildren(...(svg && svg.nodeName === "svg" ? [document.importNode(svg, true)] : []));
  }, [ctx.preview]);
  const fmt = (v: number) => printLength(v, unit);

  return (
    <section className="ink-print-left">
      <h2 className="ink-print-name" id="ink-print-name">
        {doc.attrs.name}
      </h2>
      <p className="ink-print-size" id="ink-print-size">
        {t("print.dialog.size")}: {fmt(doc.attrs.width)} × {fmt(doc.attrs.height)} {unit}
      </p>
      {unprintable && (
        <p className="ink-print-note" role="alert" data-testid="print-unprintable">
          {t("print.dialog.unprintable", { chars: describeChars(unprintable) })}
        </p>
      )}
      <div
        className="ink-print-preview"
        role="img"
        aria-label={t("print.dialog.preview", { page: ctx.page })}
        aria-busy={state.matches({ open: "previewLoading" })}
        data-testid="print-preview"
        ref={previewRef}
      />
      {ctx.previewMode && (
        <p className="ink-print-mode" data-testid="print-preview-mode" data-mode={ctx.previewMode}>
          {t(`print.dialog.previewMode.${ctx.previewMode}`)}
        </p>
      )}
      <nav className="ink-print-pages">
        <button
          type="button"
          aria-label={t("print.dialog.first")}
          onClick={() => actor.send({ type: "page.first" })}
          disabled={ctx.page <= 1}
        >
          «
        </button>
        <button
          type="button"
          aria-label={t("print.dialog.prev")}
          onClick={() => actor.send({ type: "page.prev" })}
          disabled={ctx.page <= 1}
        >
          ‹
        </button>
        <span data-testid="print-page">{t("print.dialog.pageOf", { page: ctx.page, total: ctx.total })}</span>
        <button
          type="button"
          aria-label={t("print.dialog.next")}
          onClick={() => actor.send({ type: "page.next" })}
          disabled={ctx.page >= ctx.total}
        >
          ›
        </button>
        <button
          type="button"
          aria-label={t("print.dialog.last")}
          onClick={() => actor.send({ type: "page.last" })}
          disabled={ctx.page >= ctx.total}
        >
          »
        </button>
      </nav>
    </section>
  );
}
