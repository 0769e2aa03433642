// The upgrade dialog's content, also the /member page and (kind "space") the /expansion page
// (application.md §2 dialog 2): the user's avatar, nickname and state, the expiry or the
// not-a-member text, the exchange (redeem) button, the plans with their badges, the payment QR code
// with the selected plan's price, and the privileges. The payment machine drives it.
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import { paymentMachine } from "../../../../machines/payment.machine";
import { inspected } from "../../../editor/inspector/actorOptions";
import type { Plan } from "../../../model/membership";
import { getMemberUser, getStatusOrder, loadMembership, type PlanKind, payScanCode } from "../../api/member";
import { refreshMembership } from "../../auth/membership";
import { session } from "../../auth/session";
import { bytesText } from "../../settings/bytesText";
import { Avatar } from "../../ui/Avatar";
import { message } from "../../ui/message";
import { memberStateText } from "./memberText";
import { RedeemDialog } from "./RedeemDialog";
import "./member.css";
import { TIP } from "../../../i18n/tips";

function PlanChoice({ plan, selected, onSelect }: { plan: Plan; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  const badge = plan.is_recommend
    ? t("member.badge.recommended")
    : plan.is_preference
      ? t("member.badge.preferred")
      : "";
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card-sized choice; role radio keeps it one tab stop per plan
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      className={`member-plan${selected ? " is-selected" : ""}`}
      data-testid="member-plan"
      data-plan={plan.m_id}
      onClick={onSelect}
    >
      {badge && <span className="member-badge">{badge}</span>}
      {plan.space_mb ? (
        <span className="member-space-size">{bytesText(t, plan.space_mb * 1024 * 1024)}</span>
      ) : null}
      <span className="member-term">{plan.the_term}</span>
      <span className="member-price">
        <span className="member-currency">{plan.currency_symbol}</span>
        {plan.discount_price}
      </span>
      {plan.original_price !== plan.discount_price && (
        <s className="member-original">
          {plan.currency_symbol}
          {plan.original_price}
        </s>
      )}
    </button>
  );
}

export function MembershipPanel({
  kind = "member",
  onPaid,
}: {
  readonly kind?: PlanKind;
  /** after a paid order (e.g. /expansion shows the new space) */
  readonly onPaid?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const nickname = useSyncExternalStore(session.subscribe, () => session.user()?.nickname ?? "");
  const headPic = useSyncExternalStore(session.subscribe, () => session.user()?.head_pic ?? "");
  const [redeeming, setRedeeming] = useState(false);
  const paidRef = useRef(onPaid);
  paidRef.current = onPaid;
  const actor = useActorRef(
    paymentMachine.provide({
      actors: {
        load: fromPromise(({ input }) => loadMembership(input.kind)),
        order: fromPromise(({ input }) => payScanCode(input.m_id)),
        status: fromPromise(({ input }) => getStatusOrder(input.o_id)),
        reloadMember: fromPromise(() => getMemberUser()),
      },
    }),
    inspected(kind === "space" ? "payment.space" : "payment", { kind }),
  );
  useEffect(() => {
    const subs = [
      actor.on("message", (e) => message[e.level](t(e.key))),
      actor.on("paid", () => {
        void refreshMembership();
        paidRef.current?.();
      }),
    ];
    actor.send({ type: "open" });
    return () => {
      for (const s of subs) s.unsubscribe();
      actor.send({ type: "close" });
    };
  }, [actor, t]);
  const snap = useSelector(actor, (s) => s);
  const { plans, privileges, member, selected, order, error } = snap.context;
  const plan = plans.find((p) => p.m_id === selected);
  const state = snap.matches({ open: "paid" })
    ? "paid"
    : snap.matches({ open: "failed" })
      ? "failed"
      : snap.matches({ open: "timedOut" })
        ? "timedOut"
        : snap.matches({ open: "orderFailed" })
          ? "orderFailed"
          : snap.matches({ open: "loadFailed" })
            ? "loadFailed"
            : snap.matches({ open: "paymentsOff" })
              ? "paymentsOff"
              : snap.matches({ open: "paying" })
                ? "paying"
                : "busy";
  const expiry = member ? memberStateText(t, i18n.language, member) : "";
  const retry = () => selected && actor.send({ type: "plan.select", m_id: selected });

  return (
    <div className="member-panel" data-testid="member-panel">
      <section className="member-user" aria-label={t("member.user")}>
        <Avatar name={nickname} src={headPic || undefined} size={48} />
        <div>
          <p className="member-nickname">{nickname}</p>
          <p className="member-state" data-testid="member-state" data-member={member?.is_member ? "1" : "0"}>
            {member ? expiry : "\u00a0"}
          </p>
        </div>
        {kind === "member" && (
          <button
            type="button"
            className="btn btn-secondary"
            data-testid="member-redeem"
            onClick={() => setRedeeming(true)}
          >
            {t("member.redeem.open")}
          </button>
        )}
      </section>

      {state === "loadFailed" && (
        <p role="alert" className="error-note">
          {t("member.loadFailed")}
        </p>
      )}
      {snap.matches({ open: "noPlans" }) && <p className="muted">{t("member.noPlans")}</p>}

      {plans.length > 0 && (
        <div className="member-buy">
          <div
            className="member-plans"
            role="radiogroup"
            aria-label={t(kind === "space" ? "member.spacePlans" : "member.plans")}
          >
            {plans.map((p) => (
              <PlanChoice
                key={p.m_id}
                plan={p}
                selected={p.m_id === selected}
                onSelect={() => actor.send({ type: "plan.select", m_id: p.m_id })}
              />
            ))}
          </div>
          <div className="member-pay" aria-live="polite" data-testid="member-pay" data-state={state}>
            {plan && (
              <p className="member-pay-price">
                {t("member.pay.amount")}{" "}
                <strong data-testid="member-pay-price">
                  {plan.currency_symbol}
                  {plan.discount_price}
                </strong>
              </p>
            )}
            {state === "paying" && order && (
              <>
                <img
                  className="member-qr"
                  src={order.image}
                  alt={t("member.pay.qr")}
                  data-testid="member-qr"
                />
                <p className="muted">{t("member.pay.scan")}</p>
                <a href={order.url} target="_blank" rel="noreferrer" data-testid="member-pay-url">
                  {t("member.pay.openCheckout")}
                </a>
              </>
            )}
            {state === "busy" && <p className="muted">{t("member.pay.preparing")}</p>}
            {state === "paid" && <p className="member-ok">{t(TIP.paymentSucceeded)}</p>}
            {state === "orderFailed" && <p role="alert">{error || t("member.pay.orderFailed")}</p>}
            {state === "paymentsOff" && (
              <p className="muted" data-testid="member-pay-off">
                {t("server.pay.off")}
              </p>
            )}
            {(state === "failed" || state === "timedOut") && (
              <>
                <p role="alert">{t(state === "failed" ? TIP.paymentFailed : "member.pay.timeout")}</p>
                <button
                  type="button"
                  className="btn btn-primary"
                  data-testid="member-pay-again"
                  onClick={retry}
                >
                  {t("member.pay.again")}
                </button>
              </>
            )}
          </div>
        </div>
      )}

      {privileges.length > 0 && (
        <section aria-label={t("member.privileges")}>
          <h3 className="member-subhead">{t("member.privileges")}</h3>
          <ul className="member-privileges" data-testid="member-privileges">
            {privileges.map((p) => (
              <li key={p.name}>
                {p.ico && <img src={p.ico} alt="" width={24} height={24} />}
                <span>{p.name}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {redeeming && (
        <RedeemDialog
          onClose={() => setRedeeming(false)}
          onRedeemed={() => {
            setRedeeming(false);
            actor.send({ type: "close" });
            actor.send({ type: "open" });
            void refreshMembership();
          }}
        />
      )}
    </div>
  );
}
