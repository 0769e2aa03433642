// Purchase records (application.md §3 "Purchase record": date, valid until, space / plan): the
// user's paid orders and redeemed codes. Self-contained so the personal centre can show it too.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { getPurchaseRecords, type PurchaseRecord } from "../../api/member";
import "./member.css";
import { dateText } from "../../settings/dateText";

/** `titled`: the list's own heading (off where the page's heading already names it). */
export function PurchaseRecords({ titled = true }: { titled?: boolean }) {
  const { t, i18n } = useTranslation();
  const [rows, setRows] = useState<PurchaseRecord[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    getPurchaseRecords().then(
      (r) => live && setRows(r),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  const date = (utc: string) => (utc ? dateText(i18n.language, utc) : t("member.records.noEnd"));
  return (
    <section
      className="card member-records"
      aria-labelledby={titled ? "member-records-title" : undefined}
      aria-label={titled ? undefined : t("member.records.title")}
      data-testid="purchase-records"
    >
      {titled && <h2 id="member-records-title">{t("member.records.title")}</h2>}
      {failed && <p role="alert">{t("member.loadFailed")}</p>}
      {rows?.length === 0 && <p className="muted">{t("member.records.empty")}</p>}
      {rows && rows.length > 0 && (
        <table className="member-records-table">
          <thead>
            <tr>
              <th scope="col">{t("member.records.date")}</th>
              <th scope="col">{t("member.records.item")}</th>
              <th scope="col">{t("member.records.validUntil")}</th>
              <th scope="col">{t("member.records.price")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: records have no id and never reorder while shown
              <tr key={i} data-testid="purchase-record" data-kind={r.kind}>
                <td>{date(r.date)}</td>
                <td>{r.item}</td>
                <td>{date(r.valid_until)}</td>
                <td>{r.price || t("member.records.redeemed")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
