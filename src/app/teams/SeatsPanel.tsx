// A team's seats on the team page (issue 40): how many are taken of the included and bought ones,
// and for the owner, where seats can be paid here, a form that buys more: the server makes the
// order and answers the payment provider's checkout page, which the browser goes to. The seats come
// with the provider's verified callback, never from this page.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import * as api from "../api/teams";

/** The most seats one purchase may buy (the server's limit too). */
const MAX_SEATS = 500;

export function SeatsPanel({ teamId, detail }: { teamId: string; detail: api.TeamDetail }) {
  const { t } = useTranslation();
  const [count, setCount] = useState(1);
  const [busy, setBusy] = useState(false);
  const { seats, seat_plan: plan } = detail;
  const buy = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    api.buySeats(teamId, count).then(
      (r) => window.location.assign(r.url),
      () => setBusy(false),
    );
  };
  return (
    <div className="team-seats" data-testid="team-seats">
      <p>
        <strong data-testid="team-seats-count">
          {t("app.team.seats", { used: seats.used, total: seats.total })}
        </strong>{" "}
        <span className="team-role">
          {t("app.team.seatsDetail", { included: seats.included, bought: seats.bought })}
        </span>
      </p>
      {plan && (
        <form className="team-row" onSubmit={buy}>
          <input
            type="number"
            min={1}
            max={MAX_SEATS}
            step={1}
            required
            value={count}
            onChange={(e) =>
              setCount(Math.max(1, Math.min(MAX_SEATS, Math.floor(Number(e.target.value) || 1))))
            }
            aria-label={t("app.team.seatCount")}
            data-testid="seats-count"
          />
          <span>
            {t("app.team.seatPrice", { symbol: plan.currency_symbol, price: plan.price, term: plan.term })}
          </span>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="seats-buy">
            {t("app.team.buySeats")}
          </button>
        </form>
      )}
    </div>
  );
}
