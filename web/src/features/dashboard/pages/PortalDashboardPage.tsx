import { useTranslation } from "react-i18next";
import { useSession } from "../../../app/session";
import { formatNumber } from "../../../lib/format";

export default function PortalDashboardPage() {
  const { t } = useTranslation("dashboard");
  const { userData } = useSession();
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-semibold">{t("greeting", { name: userData?.userName ?? "" })}</h1>
      <div className="stats bg-base-100 shadow">
        <div className="stat">
          <div className="stat-title">{t("balance")}</div>
          <div className="stat-value text-primary">{formatNumber(userData?.userQuota ?? 0)}</div>
        </div>
        <div className="stat">
          <div className="stat-title">{t("plan")}</div>
          <div className="stat-value text-lg">{userData?.userPlan ?? t("noPlan")}</div>
        </div>
      </div>
    </section>
  );
}
