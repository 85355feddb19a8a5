import { useTranslation } from "react-i18next";
import type { Column } from "../../../components/DataTable";
import { ListPage } from "../../../components/ListPage";
import { useListController } from "../../../components/useListController";
import { formatDate } from "../../../lib/format";
import { SEARCH_AUDIT, type AuditRow } from "../api/searchAudit";

const OUTCOME_CLASS = { ok: "badge-success", denied: "badge-warning", failed: "badge-error" } as const;

export default function AuditPage() {
  const { t } = useTranslation("audit");
  const list = useListController({
    call: SEARCH_AUDIT,
    defaults: { limit: 10, search: "", outcome: "" },
  });

  const columns: Column<AuditRow>[] = [
    { key: "createdAt", header: t("when"), render: (r) => formatDate(r.createdAt, true) },
    {
      key: "actorEmail",
      header: t("who"),
      render: (r) => <span className="break-all">{r.actorEmail || t("anonymous")}</span>,
    },
    { key: "action", header: t("action"), render: (r) => <span className="font-mono text-sm">{r.action}</span> },
    { key: "subject", header: t("subject"), render: (r) => [r.subject, r.subjectId].filter(Boolean).join(" #") || "—" },
    {
      key: "outcome",
      header: t("outcome"),
      render: (r) => <span className={`badge badge-soft ${OUTCOME_CLASS[r.outcome]}`}>{t(`outcome_${r.outcome}`)}</span>,
    },
    {
      key: "detail",
      header: t("detail"),
      render: (r) => (
        <span className="block max-w-xs min-w-0 truncate font-mono text-xs" title={JSON.stringify(r.detail)}>
          {Object.keys(r.detail).length ? JSON.stringify(r.detail) : "—"}
        </span>
      ),
    },
    { key: "ip", header: t("ip"), render: (r) => r.ip || "—" },
  ];

  return (
    <ListPage
      title={t("title")}
      subtitle={t("subtitle")}
      list={list}
      search={{ placeholder: t("searchPlaceholder") }}
      filters={[
        {
          label: t("outcome"),
          anyLabel: t("anyOutcome"),
          ...list.filter("outcome"),
          options: (["ok", "denied", "failed"] as const).map((o) => ({ value: o, label: t(`outcome_${o}`) })),
        },
      ]}
      caption={t("title")}
      columns={columns}
      rowKey={(r) => r.auditId}
      emptyText={t("empty")}
    />
  );
}
