import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Icon } from "../../../components/Icon";
import { api } from "../../../lib/api";
import { formatNumber } from "../../../lib/format";

/** The support desk on the CRM dashboard (issue 39 item 5): open tickets, and the median first response of 30 days. */
export function SupportCard() {
  const { t } = useTranslation("dashboard");
  const { data, error } = useSWR("support-stats", () => api("support-stats", {}));
  const minutes = data?.medianFirstResponseMinutes ?? null;
  const median =
    minutes === null
      ? t("support.noAnswers")
      : minutes < 120
        ? t("support.minutes", { n: formatNumber(Math.round(minutes)) })
        : t("support.hours", { n: formatNumber(Math.round(minutes / 6) / 10) });
  return (
    <div className="card bg-base-100 shadow-sm" data-testid="support-card">
      <div className="card-body gap-2 p-4">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm text-base-content/70">{t("support.title")}</h2>
          <span className="rounded-box bg-primary/10 p-2 text-primary">
            <Icon name="mail" size={18} />
          </span>
        </div>
        {error ? (
          <p className="text-sm text-error">{t("support.failed")}</p>
        ) : !data ? (
          <div className="skeleton h-12 w-full" />
        ) : (
          <dl className="grid grid-cols-2 gap-2">
            <div>
              <dt className="text-xs text-base-content/80">{t("support.open")}</dt>
              <dd className="text-2xl font-semibold">
                {formatNumber(data.openTickets)}
                {data.openTicketsCapped ? "+" : ""}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-base-content/80">{t("support.firstResponse")}</dt>
              <dd className="text-2xl font-semibold">{median}</dd>
            </div>
          </dl>
        )}
      </div>
    </div>
  );
}
