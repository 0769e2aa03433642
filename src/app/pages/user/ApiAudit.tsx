// The API tokens card's audit log (issue 39; docs/api.md "Audit log"): the latest calls made with
// the user's tokens — token, call, answer (HTTP status and envelope code), time — in a table.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ApiCall, listApiCalls } from "../../api/apiTokens";
import "../../ui/itemTable.css";

export function ApiAudit() {
  const { t } = useTranslation();
  const [calls, setCalls] = useState<readonly ApiCall[]>([]);
  const refresh = () => listApiCalls().then(setCalls, () => undefined);
  useEffect(() => {
    listApiCalls().then(setCalls, () => undefined);
  }, []);
  return (
    <div className="user-api-audit">
      <div className="field-row">
        <h3 id="user-api-audit-h">{t("app.user.api.audit")}</h3>
        <button type="button" className="btn btn-ghost" onClick={() => void refresh()}>
          {t("app.user.api.auditRefresh")}
        </button>
      </div>
      {calls.length === 0 ? (
        <p className="muted">{t("app.user.api.auditNone")}</p>
      ) : (
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
              {calls.map((c) => (
                <tr key={c.id}>
                  <td>{c.time}</td>
                  <td>{c.token}</td>
                  <td>
                    {c.method} {c.route}
                  </td>
                  <td>{c.status === 200 ? c.code : `${c.status} / ${c.code}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
