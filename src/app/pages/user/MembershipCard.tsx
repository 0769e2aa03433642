// The personal centre's membership state (issue 17): the plan, the expiry (days left, a date or
// "expires today"), the cloud space used of the allowance (services/space.ts), and the way to upgrade
// or renew (the member centre), to expand the space and to see the purchase records. Shown only where
// membership is sold.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import {
  getMemberUser,
  getPurchaseRecords,
  getSpaceInfo,
  type MemberInfoAnswer,
  type PurchaseRecord,
  type SpaceInfo,
} from "../../api/member";
import { PURCHASE_RECORD_PATHS } from "../../nav/navEntries";
import { bytesText } from "../../settings/bytesText";
import { memberStateText } from "../member/memberText";

export function MembershipCard() {
  const { t, i18n } = useTranslation();
  const [member, setMember] = useState<MemberInfoAnswer | null>(null);
  const [space, setSpace] = useState<SpaceInfo | null>(null);
  const [records, setRecords] = useState<readonly PurchaseRecord[]>([]);
  useEffect(() => {
    let live = true;
    getMemberUser().then(
      (m) => live && setMember(m),
      () => undefined,
    );
    getSpaceInfo().then(
      (s) => live && setSpace(s),
      () => undefined,
    );
    getPurchaseRecords().then(
      (r) => live && setRecords(r),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!member || member.membership === 0) return null;
  // the plan: the newest membership bought or redeemed (an operator's member may have none)
  const plan = member.is_member ? records.find((r) => r.kind === "member")?.item : undefined;
  return (
    <section className="card user-section" aria-labelledby="user-membership-h" data-testid="user-membership">
      <h2 id="user-membership-h">{t("app.user.membership.title")}</h2>
      <p data-testid="user-member-state" data-member={member.is_member ? "1" : "0"}>
        {memberStateText(t, i18n.language, member)}
      </p>
      {plan && <p data-testid="user-member-plan">{t("app.user.membership.plan", { plan })}</p>}
      {space && space.total !== null && (
        <div className="user-space">
          <p data-testid="user-space">
            {t("member.space.usage", { used: bytesText(t, space.used), total: bytesText(t, space.total) })}
          </p>
          <progress
            max={space.total}
            value={Math.min(space.used, space.total)}
            aria-label={t("member.space.title")}
            className="user-space-bar"
          />
        </div>
      )}
      <div className="user-membership-actions">
        <Link className="btn btn-primary" to="/member" data-testid="user-member-upgrade">
          {t(member.is_member ? "app.user.membership.renew" : "member.upgrade")}
        </Link>
        <Link className="btn btn-secondary" to="/expansion" data-testid="user-member-expansion">
          {t("app.nav.expansion")}
        </Link>
      </div>
      <Link to={PURCHASE_RECORD_PATHS[0]} data-testid="user-purchases">
        {t("app.user.purchases.open")}
      </Link>
    </section>
  );
}
