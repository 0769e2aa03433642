// /member/purchaseRecords (application.md §3 "Purchase record": date, valid until, space): the user's
// membership orders, space packages and redeemed codes on a page of their own, linked from the
// personal centre. The list is the one the member centre and /expansion show (PurchaseRecords).
import { useTranslation } from "react-i18next";
import { PurchaseRecords } from "./PurchaseRecords";
import "./member.css";

export default function PurchaseRecordsPage() {
  const { t } = useTranslation();
  return (
    <main className="user-page member-page">
      <h1>{t("app.user.purchases.title")}</h1>
      <PurchaseRecords titled={false} />
    </main>
  );
}
