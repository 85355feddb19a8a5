import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import type { BusinessStats, DashboardStats } from "../api";

interface Props {
  stats: { data?: DashboardStats; error?: unknown; mutate: () => unknown };
  children: (data: DashboardStats, business: BusinessStats) => ReactNode;
}

/** The business figures' states: an error to retry, loading, none to show for this caller, or the figures. */
export function BusinessStatsBody({ stats: { data, error, mutate }, children }: Props) {
  const { t } = useTranslation("dashboard");
  if (error && !data) return <ErrorState onRetry={() => void mutate()} />;
  if (!data) return <Loading />;
  if (!data.business) return <Empty text={t("noBusiness")} />;
  return <>{children(data, data.business)}</>;
}
