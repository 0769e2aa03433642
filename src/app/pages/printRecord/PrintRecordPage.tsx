// /printRecord (application.md §2, §3 print record: copies, totals; §4 the print-record switch; §9
// kept 7 days free, 3 months member): the labels printed today, this week, this month and in all kept
// records; the records page by page, filtered by dates, label name and printer; reprint (the label
// opens in the editor with the print dialog on the same records and copies) and delete.
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import {
  deletePrintRecords,
  listPrintRecords,
  type PrintRecord,
  type PrintTotals,
  printTotals,
  setPrintRecording,
} from "../../api/printRecords";
import { listReceived } from "../../api/sharing";
import { editTemplateHref, reprintHref, sharedTemplateHref } from "../../labelLinks";
import { dateText } from "../../settings/dateText";
import { ItemTable } from "../../ui/ItemTable";
import { message } from "../../ui/message";
import { Pager } from "../../ui/Pager";
import { ConfirmDialog } from "../cloudData/ConfirmDialog";
import "../cloudTemplate/versionBadge.css";
import "./printRecord.css";

export const PRINT_RECORD_PAGE_SIZE = 20;
const KINDS = ["browser", "driver", "cloud"] as const;

interface Filter {
  from: string;
  to: string;
  keyword: string;
  printerKind: string;
}
const NO_FILTER: Filter = { from: "", to: "", keyword: "", printerKind: "" };

/** A date input's day (yyyy-mm-dd) as the local midnight ISO time, `addDays` later; "" for none. */
function dayStart(day: string, addDays = 0): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return "";
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + addDays).toISOString();
}

/** The records text for reading: "1-2*2,3" → "1-2 ×2, 3". */
const recordsLabel = (text: string) => text.replaceAll("*", " ×").replaceAll(",", ", ");

export default function PrintRecordPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<Filter>(NO_FILTER);
  const [draft, setDraft] = useState<Filter>(NO_FILTER);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<{ list: PrintRecord[]; count: number } | null>(null);
  const [totals, setTotals] = useState<PrintTotals | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<PrintRecord | null>(null);
  const seq = useRef(0);

  const refresh = useCallback(async () => {
    const at = ++seq.current;
    try {
      const [list, sums] = await Promise.all([
        listPrintRecords({
          page,
          size: PRINT_RECORD_PAGE_SIZE,
          from: dayStart(filter.from),
          to: dayStart(filter.to, 1),
          keyword: filter.keyword,
          printerKind: filter.printerKind,
        }),
        printTotals(),
      ]);
      if (at !== seq.current) return;
      setRows(list);
      setTotals(sums);
      setFailed(false);
    } catch {
      if (at === seq.current) setFailed(true);
    }
  }, [page, filter]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const pages = Math.max(1, Math.ceil((rows?.count ?? 0) / PRINT_RECORD_PAGE_SIZE));
  // a delete that empties the last page: go back to the page that is now last
  useEffect(() => {
    if (rows && page > pages) setPage(pages);
  }, [rows, page, pages]);

  function applyFilter(e: FormEvent) {
    e.preventDefault();
    setPage(1);
    setFilter({ ...draft, keyword: draft.keyword.trim() });
  }

  function clearFilter() {
    setDraft(NO_FILTER);
    setPage(1);
    setFilter(NO_FILTER);
  }

  async function toggleRecording(on: boolean) {
    setBusy(true);
    try {
      await setPrintRecording(on);
      message.success(t(on ? "app.printRecord.recordingOn" : "app.printRecord.recordingOff"));
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
      await refresh();
    }
  }

  async function remove(r: PrintRecord) {
    setConfirming(null);
    setBusy(true);
    try {
      await deletePrintRecords([r.id]);
      message.success(t("app.printRecord.deleted"));
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
      await refresh();
    }
  }

  async function reprint(r: PrintRecord) {
    const start = { records: r.records, copies: r.copies };
    if (r.template) {
      navigate(reprintHref(editTemplateHref(r.template), start));
      return;
    }
    // a template shared with the user: while its share is live
    setBusy(true);
    try {
      const shared = (await listReceived()).flatMap((s) => s.templates).find((x) => x.id === r.templateId);
      if (shared) navigate(reprintHref(sharedTemplateHref(shared), start));
      else message.warning(t("app.printRecord.labelGone"));
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  }

  const when = (iso: string) => dateText(i18n.language, iso, "dateTime");
  const printerText = (r: PrintRecord) => {
    // the browser only opened its print dialog: whether the user printed there is not known
    if (r.printerKind === "browser") return t("app.printRecord.browserSent");
    const kind = (KINDS as readonly string[]).includes(r.printerKind)
      ? t(`app.printRecord.kind.${r.printerKind}`)
      : "";
    return [kind, r.printer].filter(Boolean).join(" · ");
  };
  const canReprint = (r: PrintRecord) => r.template !== null || r.type === "share";

  return (
    <main className="user-page print-record-page">
      <h1>{t("app.printRecord.title")}</h1>
      <p className="muted">{t(totals?.member ? "app.printRecord.keptMember" : "app.printRecord.keptFree")}</p>
      {/* the cards count labels (not records): said once above them */}
      <h2 className="print-totals-title" id="print-totals-title">
        {t("app.printRecord.totals")}
      </h2>
      <section className="print-totals" aria-labelledby="print-totals-title">
        {(["today", "week", "month", "kept"] as const).map((k) => (
          <div key={k} className="card print-total" data-testid={`print-total-${k}`}>
            <span className="print-total-label">{t(`app.printRecord.total.${k}`)}</span>
            <strong className="print-total-value">{totals ? totals[k] : "–"}</strong>
          </div>
        ))}
      </section>
      <label className="print-record-switch">
        <input
          type="checkbox"
          checked={totals?.recording ?? true}
          disabled={busy || totals === null}
          onChange={(e) => void toggleRecording(e.target.checked)}
          data-testid="print-record-switch"
        />
        {t("app.printRecord.switch")}
      </label>
      <form
        className="card print-record-filter"
        onSubmit={applyFilter}
        aria-label={t("app.printRecord.filter")}
      >
        <label>
          {t("app.printRecord.from")}
          <input
            type="date"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            data-testid="print-filter-from"
          />
        </label>
        <label>
          {t("app.printRecord.to")}
          <input
            type="date"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            data-testid="print-filter-to"
          />
        </label>
        <label>
          {t("app.printRecord.label")}
          <input
            type="search"
            value={draft.keyword}
            maxLength={100}
            onChange={(e) => setDraft({ ...draft, keyword: e.target.value })}
            data-testid="print-filter-keyword"
          />
        </label>
        <label>
          {t("app.printRecord.printer")}
          <select
            value={draft.printerKind}
            onChange={(e) => setDraft({ ...draft, printerKind: e.target.value })}
            data-testid="print-filter-kind"
          >
            <option value="">{t("app.printRecord.kind.all")}</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`app.printRecord.kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <div className="print-record-filter-actions">
          <button type="submit" className="btn btn-primary">
            {t("app.printRecord.search")}
          </button>
          <button type="button" className="btn btn-ghost" onClick={clearFilter}>
            {t("app.printRecord.clear")}
          </button>
        </div>
      </form>
      {failed && (
        <p role="alert" className="error-note">
          {t("app.printRecord.loadFailed")}
        </p>
      )}
      {rows !== null && rows.list.length === 0 && (
        <section className="card print-record-empty" data-testid="print-record-empty">
          <h2>{t("app.printRecord.emptyTitle")}</h2>
          <p className="muted">{t("app.printRecord.emptyText")}</p>
        </section>
      )}
      {rows !== null && rows.list.length > 0 && (
        <section className="card print-record-list" aria-label={t("app.printRecord.title")}>
          <ItemTable
            actionsLabel={t("app.printRecord.col.actions")}
            columns={[
              { id: "when", head: t("app.printRecord.col.when") },
              { id: "label", head: t("app.printRecord.col.label") },
              { id: "printer", head: t("app.printRecord.col.printer") },
              { id: "records", head: t("app.printRecord.col.records") },
              { id: "copies", head: t("app.printRecord.col.copies") },
              { id: "labels", head: t("app.printRecord.col.labels") },
            ]}
          >
            {rows.list.map((r) => (
              <tr key={r.id} data-testid="print-record">
                <td>{when(r.at)}</td>
                <td>
                  <div className="print-record-label">
                    {/* the label as printed; for records without one, the template's preview while it
                        exists (the name beside it says what it is) */}
                    {r.image || r.template?.image ? (
                      <img
                        className="print-record-preview"
                        src={r.image || r.template?.image}
                        alt={r.image ? t("app.printRecord.printedPicture", { name: r.name }) : ""}
                        loading="lazy"
                        data-testid="print-record-picture"
                      />
                    ) : null}
                    <div>
                      <span className="item-table-name" data-testid="print-record-name">
                        {r.name || t("app.printRecord.unnamed")}
                      </span>
                      {r.version > 0 && (
                        <span
                          className="tpl-version-badge"
                          title={t("app.printRecord.versionTitle", { number: r.version })}
                          data-testid="print-record-version"
                        >
                          {t("app.printRecord.version", { number: r.version })}
                        </span>
                      )}
                      <span className="muted item-table-where">
                        {t("app.printRecord.size", { width: r.width, height: r.height })}
                      </span>
                    </div>
                  </div>
                </td>
                <td data-testid="print-record-printer">{printerText(r)}</td>
                <td data-testid="print-record-records">
                  {r.records ? recordsLabel(r.records) : t("app.printRecord.allRecords")}
                </td>
                <td data-testid="print-record-copies">{r.copies}</td>
                <td data-testid="print-record-labels">{r.labels}</td>
                <td className="item-table-actions">
                  <button
                    type="button"
                    className="btn btn-ghost"
                    aria-label={t("app.printRecord.reprintNamed", { name: r.name })}
                    title={canReprint(r) ? undefined : t("app.printRecord.labelGone")}
                    data-testid="print-record-reprint"
                    disabled={busy || !canReprint(r)}
                    onClick={() => void reprint(r)}
                  >
                    {t("app.printRecord.reprint")}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost item-table-danger"
                    aria-label={t("app.printRecord.deleteNamed", { name: r.name })}
                    data-testid="print-record-delete"
                    disabled={busy}
                    onClick={() => setConfirming(r)}
                  >
                    {t("app.printRecord.delete")}
                  </button>
                </td>
              </tr>
            ))}
          </ItemTable>
          <Pager
            page={page}
            pages={pages}
            onPage={setPage}
            label={t("app.printRecord.pages")}
            prev={t("app.printRecord.prev")}
            next={t("app.printRecord.next")}
            status={t("app.printRecord.pageOf", { page, total: pages, count: rows.count })}
            testId="print-record-page"
          />
        </section>
      )}
      {confirming && (
        <ConfirmDialog
          title={t("app.printRecord.confirmTitle")}
          text={t("app.printRecord.confirmText", { name: confirming.name })}
          onCancel={() => setConfirming(null)}
          onConfirm={() => remove(confirming)}
        />
      )}
    </main>
  );
}
