import { useTranslation } from "react-i18next";
import { formatDate, formatNumber } from "../../../lib/format";
import type { PointsExpiry } from "../api";

/**
 * What of the balance expires when (decision 0028): each purchase whose points expire, soonest first, with
 * what is left of it. Loading while the ledger's first answer is on its way; the ledger card shows its error.
 */
export function ExpiriesCard({ expiries }: { expiries: PointsExpiry[] | undefined }) {
  const { t } = useTranslation("quota");
  return (
    <section className="card bg-base-100 shadow-sm md:col-span-2" aria-labelledby="quota-expiries" data-testid="quota-expiries">
      <div className="card-body gap-3">
        <h2 id="quota-expiries" className="card-title">
          {t("expiries.title")}
        </h2>
        {expiries === undefined ? (
          <span className="loading loading-dots" aria-label={t("expiries.loading")} />
        ) : expiries.length === 0 ? (
          <p className="text-sm text-base-content/70">{t("expiries.none")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-base-200">
            {expiries.map((e) => (
              <li key={e.grantId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <span className="font-medium">{t("expiries.points", { count: e.points, points: formatNumber(e.points) })}</span>
                <span className="text-sm text-base-content/70">{t("expiries.on", { date: formatDate(e.expiresAt) })}</span>
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm text-base-content/70">{t("expiries.help")}</p>
      </div>
    </section>
  );
}
