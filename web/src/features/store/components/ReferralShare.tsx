import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import { formatPercent } from "../../../lib/format";

interface Part {
  /** The referred part of the whole (a count, or money in minor units). */
  part: number;
  whole: number;
  format: (value: number) => string;
}

/** The share of new accounts and of revenue that came by a referral; 0 % when nothing did (not an error). */
export function ReferralShare(props: { customers: Part; revenue: Part }) {
  const { t } = useTranslation("store");
  const none = props.customers.part === 0 && props.revenue.part === 0;
  return (
    <section className="card bg-base-100 shadow-sm lg:col-span-2" data-card="referral-share">
      <div className="card-body min-w-0 gap-3">
        <div className="flex items-center justify-between gap-2">
          <h2 className="card-title text-base">{t("dashboard.referralShare")}</h2>
          <span className="rounded-box bg-primary/10 p-2 text-primary">
            <Icon name="gift" size={18} />
          </span>
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <ShareLine label={t("dashboard.referralCustomers")} {...props.customers} />
          <ShareLine label={t("dashboard.referralRevenue")} {...props.revenue} />
        </div>
        {none && <p className="text-sm text-base-content/70">{t("dashboard.noReferrals")}</p>}
      </div>
    </section>
  );
}

function ShareLine({ label, part, whole, format }: Part & { label: string }) {
  const { t } = useTranslation("store");
  // Refunds can leave a period's revenue at or below zero: the share is then 0 %, and never above 100 %.
  const share = whole > 0 ? Math.min(100, Math.max(0, (part / whole) * 100)) : 0;
  return (
    <div className="grid gap-1">
      <div className="flex items-baseline justify-between gap-2">
        <span className="text-sm text-base-content/70">{label}</span>
        <span className="text-2xl font-semibold tabular-nums">{formatPercent(share)}</span>
      </div>
      <progress className="progress progress-primary w-full" value={share} max={100} aria-label={label} />
      <span className="text-xs text-base-content/70">
        {t("dashboard.referralOf", { part: format(part), whole: format(whole) })}
      </span>
    </div>
  );
}
