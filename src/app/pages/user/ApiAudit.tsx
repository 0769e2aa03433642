// The API tokens card's audit log (issue 39; docs/api.md "Audit log"): the calls made with the
// user's tokens — token, call, answer (HTTP status and envelope code, and why a token was refused),
// time — in a table, filtered by token, outcome, dates and path and paged by the server.
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  API_CALLS_PAGE,
  type ApiCall,
  type ApiCallFilter,
  listApiCalls,
  listAuditTokens,
  NO_CALL_FILTER,
} from "../../api/apiTokens";
import { Pager } from "../../ui/Pager";
import "../../ui/itemTable.css";

type Tokens = Awaited<ReturnType<typeof listAuditTokens>>;

export function ApiAudit() {
  const { t } = useTranslation();
  const [calls, setCalls] = useState<{ calls: readonly ApiCall[]; count: number } | null>(null);
  const [tokens, setTokens] = useState<Tokens>([]);
  const [draft, setDraft] = useState<ApiCallFilter>(NO_CALL_FILTER);
  const [filter, setFilter] = useState<ApiCallFilter>(NO_CALL_FILTER);
  const [page, setPage] = useState(1);
  // a refused filter (a bad date) keeps the last list: the client shows the server's message
  const load = useCallback(() => {
    listApiCalls(filter, page).then(setCalls, () => undefined);
    listAuditTokens().then(setTokens, () => undefined);
  }, [filter, page]);
  useEffect(load, [load]);
  const pages = Math.max(1, Math.ceil((calls?.count ?? 0) / API_CALLS_PAGE));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setFilter(draft);
  };
  const clear = () => {
    setDraft(NO_CALL_FILTER);
    setPage(1);
    setFilter(NO_CALL_FILTER);
  };
  const filtered = Object.values(filter).some((v) => v !== "");
  return (
    <div className="user-api-audit">
      <div className="field-row">
        <h3 id="user-api-audit-h">{t("app.user.api.audit")}</h3>
        <button type="button" className="btn btn-ghost" onClick={load}>
          {t("app.user.api.auditRefresh")}
        </button>
      </div>
      <form
        className="user-api-audit-filter"
        onSubmit={apply}
        aria-label={t("app.user.api.auditFilter")}
        data-testid="user-api-audit-filter"
      >
        <label>
          {t("app.user.api.auditToken")}
          <select value={draft.token} onChange={(e) => setDraft({ ...draft, token: e.target.value })}>
            <option value="">{t("app.user.api.auditAnyToken")}</option>
            {tokens.map((k) => (
              <option key={k.id} value={k.id}>
                {k.revoked ? t("app.user.api.auditRevokedToken", { name: k.name }) : k.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("app.user.api.auditStatus")}
          <select
            value={draft.status}
            onChange={(e) => setDraft({ ...draft, status: e.target.value as ApiCallFilter["status"] })}
          >
            <option value="">{t("app.user.api.auditStatusAny")}</option>
            <option value="ok">{t("app.user.api.auditStatusOk")}</option>
            <option value="refused">{t("app.user.api.auditStatusRefused")}</option>
          </select>
        </label>
        <label>
          {t("app.user.api.auditFrom")}
          <input
            type="date"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </label>
        <label>
          {t("app.user.api.auditTo")}
          <input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </label>
        <label>
          {t("app.user.api.auditPath")}
          <input
            type="search"
            value={draft.path}
            maxLength={200}
            placeholder="/api/v1/print"
            onChange={(e) => setDraft({ ...draft, path: e.target.value })}
          />
        </label>
        <div className="user-api-audit-actions">
          <button type="submit" className="btn btn-primary">
            {t("app.user.api.auditApply")}
          </button>
          <button type="button" className="btn btn-ghost" onClick={clear}>
            {t("app.user.api.auditClear")}
          </button>
        </div>
      </form>
      {!calls || calls.calls.length === 0 ? (
        <p className="muted">{t(filtered ? "app.user.api.auditNoneFiltered" : "app.user.api.auditNone")}</p>
      ) : (
        <>
          <div className="item-table-scroll">
            <table className="item-table" aria-labelledby="user-api-audit-h" data-testid="user-api-audit">
              <thead>
                <tr>
                  <th scope="col">{t("app.user.api.auditTime")}</th>
                  <th scope="col">{t("app.user.api.auditToken")}</th>
                  <th scope="col">{t("app.user.api.auditCall")}</th>
                  <th scope="col">{t("app.user.api.auditAnswer")}</th>
                </tr>
              </thead>
              <tbody>
                {calls.calls.map((c) => (
                  <tr key={c.id}>
                    <td>{c.time}</td>
                    <td>{c.token}</td>
                    <td>
                      {c.method} {c.route}
                    </td>
                    <td>
                      {c.status === 200 ? c.code : `${c.status} / ${c.code}`}
                      {c.reason ? ` · ${c.reason}` : ""}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            pages={pages}
            onPage={setPage}
            label={t("app.user.api.auditPages")}
            prev={t("app.user.api.auditPrev")}
            next={t("app.user.api.auditNext")}
            status={t("app.user.api.auditPageOf", { page, total: pages, count: calls.count })}
            testId="user-api-audit-page"
          />
        </>
      )}
    </div>
  );
}
