import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link } from "wouter";
import { useConfirm } from "../../../components/ConfirmDialog";
import { PageHeader } from "../../../components/PageHeader";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { ApiError } from "../../../lib/api";
import { formatNumber } from "../../../lib/format";
import { useSnackbar } from "../../../lib/snackbar";
import { useSession } from "../../../providers/session";
import { FLEET_KEY, fetchFleet, pauseVendor, resumeVendor, type FleetVendor } from "../api";
import { VendorCard } from "../components/VendorCard";

/** The fleet's totals over the accounts shown. */
function Summary({ vendors }: { vendors: FleetVendor[] }) {
  const { t } = useTranslation("fleet");
  const active = vendors.filter((v) => v.active).length;
  const figures = [
    { label: t("accountsActive"), value: active },
    { label: t("accountsPaused"), value: vendors.length - active },
    { label: t("waiting"), value: vendors.reduce((sum, v) => sum + v.queued, 0) },
    { label: t("failed24h"), value: vendors.reduce((sum, v) => sum + v.failed24h, 0) },
  ];
  return (
    <section aria-label={t("summary")} className="stats stats-vertical w-full bg-base-100 shadow-sm sm:stats-horizontal">
      {figures.map((figure) => (
        <div key={figure.label} className="stat px-4 py-3">
          <div className="stat-title text-base-content/80">{figure.label}</div>
          <div className="stat-value text-2xl tabular-nums">{formatNumber(figure.value)}</div>
        </div>
      ))}
    </section>
  );
}

/**
 * /apps/logistics/fleet: a card per vendor account with its state and figures, filtered by site, and
 * pause or resume after confirming (decision 0017).
 */
export default function FleetPage() {
  const { t } = useTranslation("fleet");
  const { ability } = useSession();
  const canChange = ability.can("update", "Fleet");
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const fleet = useSWR(FLEET_KEY, fetchFleet);
  const [siteId, setSiteId] = useState("");
  const [busy, setBusy] = useState<number | null>(null);
  const vendors = useMemo(() => fleet.data?.vendors ?? [], [fleet.data]);
  const sites = useMemo(() => {
    const names = new Map<number, string>();
    for (const v of vendors) names.set(v.siteId, v.siteName ?? t("noSite"));
    return [...names].sort((a, b) => a[1].localeCompare(b[1]));
  }, [vendors, t]);
  const shown = siteId === "" ? vendors : vendors.filter((v) => String(v.siteId) === siteId);

  const toggle = async (vendor: FleetVendor) => {
    const pausing = vendor.active;
    const ok = await confirm({
      title: t(pausing ? "pauseTitle" : "resumeTitle", { name: vendor.vendorName }),
      text: t(pausing ? "pauseText" : "resumeText"),
      confirmText: t(pausing ? "pause" : "resume"),
      tone: pausing ? "error" : "primary",
    });
    if (!ok) return;
    setBusy(vendor.vendorId);
    try {
      const answer = await (pausing ? pauseVendor : resumeVendor)(vendor.vendorId);
      snackbar.success(answer.message);
      await fleet.mutate(
        (current) => current && { vendors: current.vendors.map((v) => (v.vendorId === vendor.vendorId ? answer.vendor : v)) },
        { revalidate: false },
      );
    } catch (error) {
      snackbar.error(t("changeFailed", { reason: error instanceof ApiError ? error.message : "" }));
      await fleet.mutate();
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} subtitle={t("subtitle")}>
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <Link href="/apps/logistics/dashboard" className="btn btn-sm btn-ghost">
            {t("openDashboard")}
          </Link>
          {sites.length > 1 && (
            <label className="select select-sm w-full sm:w-56">
              <span className="label">{t("site")}</span>
              <select value={siteId} onChange={(event) => setSiteId(event.target.value)}>
                <option value="">{t("anySite")}</option>
                {sites.map(([id, name]) => (
                  <option key={id} value={String(id)}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      </PageHeader>
      {fleet.error ? (
        <ErrorState onRetry={() => void fleet.mutate()} />
      ) : !fleet.data ? (
        <Loading />
      ) : vendors.length === 0 ? (
        <Empty text={t("empty")} />
      ) : (
        <>
          <Summary vendors={shown} />
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
            {shown.map((vendor) => (
              <li key={vendor.vendorId}>
                <VendorCard
                  vendor={vendor}
                  canChange={canChange}
                  busy={busy === vendor.vendorId}
                  onToggle={(v) => void toggle(v)}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
