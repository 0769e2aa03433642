// /expansion (application.md §2 "expand cloud space", §9 "Cloud space package"): the space used and
// allowed, the packages still valid, the packages on sale (through the same payment flow as
// membership) and the purchase records. A bought package counts at once; an expired one is taken
// back but no file is removed: only new uploads over the quota are refused.
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { getSpaceInfo, type SpaceInfo } from "../../api/member";
import { useMembershipOn } from "../../auth/membership";
import { bytesText } from "../../settings/bytesText";
import { MembershipPanel } from "./MembershipPanel";
import { PurchaseRecords } from "./PurchaseRecords";
import "./member.css";
import { dateText } from "../../settings/dateText";

const MB = 1024 * 1024;

export default function ExpansionPage() {
  const { t, i18n } = useTranslation();
  const on = useMembershipOn();
  const [space, setSpace] = useState<SpaceInfo | null>(null);
  const [records, setRecords] = useState(0);
  const refresh = useCallback(() => {
    getSpaceInfo().then(setSpace, () => setSpace(null));
    setRecords((n) => n + 1);
  }, []);
  useEffect(refresh, [refresh]);
  const date = (utc: string) => dateText(i18n.language, utc);
  return (
    <main className="user-page member-page">
      <h1>{t("app.route.expansion")}</h1>
      {space && (
        <section className="card member-space" aria-labelledby="member-space-title">
          <h2 id="member-space-title">{t("member.space.title")}</h2>
          <p data-testid="space-usage">
            {space.total === null
              ? t("member.space.usedOnly", { used: bytesText(t, space.used) })
              : t("member.space.usage", { used: bytesText(t, space.used), total: bytesText(t, space.total) })}
          </p>
          {space.total !== null && (
            <progress
              max={space.total}
              value={Math.min(space.used, space.total)}
              aria-label={t("member.space.title")}
              className="member-space-bar"
            />
          )}
          {space.packages.length > 0 && (
            <ul className="member-space-packages" data-testid="space-packages">
              {space.packages.map((p) => (
                <li key={`${p.space_mb}-${p.valid_until}`}>
                  {t("member.space.package", {
                    space: bytesText(t, p.space_mb * MB),
                    date: date(p.valid_until),
                  })}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {on === false && <p data-testid="member-off">{t("member.off")}</p>}
      {on === true && (
        <>
          <section className="card">
            <MembershipPanel kind="space" onPaid={refresh} />
          </section>
          <PurchaseRecords key={records} />
        </>
      )}
    </main>
  );
}
