// /member (application.md §2 "member centre"): the membership panel and the purchase records; with
// membership switched off on this server, a note that every feature is open instead.
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useMembershipOn } from "../../auth/membership";
import { MembershipPanel } from "./MembershipPanel";
import { PurchaseRecords } from "./PurchaseRecords";
import "./member.css";

export default function MemberPage() {
  const { t } = useTranslation();
  const on = useMembershipOn();
  return (
    <main className="user-page member-page">
      <h1>{t("app.route.member")}</h1>
      {on === false && <p data-testid="member-off">{t("member.off")}</p>}
      {on === true && (
        <>
          <section className="card">
            <MembershipPanel />
          </section>
          <p>
            <Link to="/expansion" data-testid="member-expansion-link">
              {t("app.nav.expansion")}
            </Link>
          </p>
          <PurchaseRecords />
        </>
      )}
    </main>
  );
}
