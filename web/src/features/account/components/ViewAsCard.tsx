import { useTranslation } from "react-i18next";
import type { Column } from "../../../components/DataTable";
import { ListView } from "../../../components/ListPage";
import { useListController } from "../../../hooks/useListController";
import { formatDate } from "../../../lib/format";
import type { ViewAsRow } from "../api";

/** Whole minutes between two times, at least 1 (a view-as of seconds still counts as one). */
export function minutesBetween(from: string, to: string): number {
  return Math.max(1, Math.round((Date.parse(to) - Date.parse(from)) / 60_000));
}

/** Every time staff viewed the portal as this client (decision 0033): who, when, for how long. */
export function ViewAsCard() {
  const { t } = useTranslation("account");
  const list = useListController({ call: "search-view-as", defaults: { limit: 10 } });

  const columns: Column<ViewAsRow>[] = [
    { key: "staffName", header: t("viewAs.who"), render: (row) => row.staffName },
    { key: "startedAt", header: t("viewAs.when"), render: (row) => formatDate(row.startedAt, true) },
    {
      key: "length",
      header: t("viewAs.length"),
      render: (row) =>
        row.endedAt === null ? t("viewAs.running") : t("viewAs.minutes", { count: minutesBetween(row.startedAt, row.endedAt) }),
    },
    {
      key: "endReason",
      header: t("viewAs.endReason"),
      render: (row) => (row.endReason ? t(`viewAs.reason.${row.endReason}`) : "—"),
    },
  ];

  return (
    <div className="card bg-base-100 shadow-sm">
      <div className="card-body gap-2">
        <h2 className="card-title">{t("viewAs.title")}</h2>
        <p className="text-base-content/70">{t("viewAs.text")}</p>
        <ListView
          list={list}
          caption={t("viewAs.title")}
          columns={columns}
          rowKey={(row) => row.viewAsId}
          emptyText={t("viewAs.none")}
        />
      </div>
    </div>
  );
}
