import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import { formatDate, formatNumber } from "../../../lib/format";
import type { FleetVendor } from "../api";

/** One figure of a card: its label over its value. */
function Figure({ label, value, tone }: { label: string; value: string; tone?: "error" | "warning" }) {
  const color = tone === "error" ? "text-error" : tone === "warning" ? "text-warning" : "";
  return (
    <div className="min-w-0">
      <dt className="truncate text-xs text-base-content/70">{label}</dt>
      <dd className={`text-lg font-semibold tabular-nums ${color}`}>{value}</dd>
    </div>
  );
}

/** A vendor account as the template's logistics cards show a vehicle: name, site, state, figures, action. */
export function VendorCard({
  vendor,
  canChange,
  busy,
  onToggle,
}: {
  vendor: FleetVendor;
  canChange: boolean;
  busy: boolean;
  onToggle: (vendor: FleetVendor) => void;
}) {
  const { t } = useTranslation("fleet");
  const percent = vendor.failureRate === null ? null : Math.round(vendor.failureRate * 100);
  const headingId = `fleet-vendor-${vendor.vendorId}`;
  return (
    <article className="card card-border bg-base-100 shadow-sm" aria-labelledby={headingId}>
      <div className="card-body gap-4 p-4">
        <header className="flex items-start gap-3">
          <span
            className="flex size-10 shrink-0 items-center justify-center rounded-box bg-primary/10 text-primary"
            aria-hidden="true"
          >
            <Icon name="truck" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 id={headingId} className="truncate font-semibold">
              {vendor.vendorName}
            </h2>
            <p className="truncate text-sm text-base-content/70">{vendor.siteName ?? t("noSite")}</p>
          </div>
          <span className={`badge badge-soft shrink-0 ${vendor.active ? "badge-success" : "badge-warning"}`}>
            {vendor.active ? t("active") : t("paused")}
          </span>
        </header>
        <dl className="grid grid-cols-3 gap-3">
          <Figure label={t("queued")} value={formatNumber(vendor.queued)} />
          <Figure label={t("claimed")} value={formatNumber(vendor.claimed)} />
          <Figure label={t("done24h")} value={formatNumber(vendor.done24h)} />
          <Figure
            label={t("failed24h")}
            value={formatNumber(vendor.failed24h)}
            tone={vendor.failed24h > 0 ? "error" : undefined}
          />
          <Figure
            label={t("failureRate")}
            value={percent === null ? t("none") : `${formatNumber(percent)} %`}
            tone={percent !== null && percent >= 50 ? "error" : percent !== null && percent > 0 ? "warning" : undefined}
          />
          <Figure
            label={t("medianMinutes")}
            value={vendor.medianMinutes === null ? t("none") : t("minutes", { value: formatNumber(vendor.medianMinutes) })}
          />
        </dl>
        <footer className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-base-content/70">{t("lastUsed", { date: formatDate(vendor.lastUsedAt, true) })}</p>
          {canChange && (
            <button
              type="button"
              className={`btn btn-sm ${vendor.active ? "btn-warning" : "btn-success"}`}
              disabled={busy}
              onClick={() => onToggle(vendor)}
              aria-label={`${vendor.active ? t("pause") : t("resume")} ${vendor.vendorName}`}
            >
              <Icon name={vendor.active ? "pause" : "play"} />
              {vendor.active ? t("pause") : t("resume")}
            </button>
          )}
        </footer>
      </div>
    </article>
  );
}
