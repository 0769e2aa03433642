// The sort select of the cloud pages: the six orders of application.md §3.
import { useTranslation } from "react-i18next";
import { SORT_ORDERS, type SortOrder } from "../../../model/sortOrders";

export function SortSelect({ value, onChange }: { value: SortOrder; onChange: (o: SortOrder) => void }) {
  const { t } = useTranslation();
  return (
    <label className="cloud-sort">
      <span>{t("app.cloud.sort")}</span>
      <select value={value} data-testid="cloud-sort" onChange={(e) => onChange(e.target.value as SortOrder)}>
        {SORT_ORDERS.map((o) => (
          <option key={o} value={o}>
            {t(`app.cloud.order.${o}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
