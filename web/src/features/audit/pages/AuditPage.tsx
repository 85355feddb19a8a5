import { useTranslation } from "react-i18next";
import { DataTable, type Column } from "../../../components/DataTable";
import { listTableProps } from "../../../components/listTableProps";
import { ListToolbar } from "../../../components/ListToolbar";
import { PageHeader } from "../../../components/PageHeader";
import { formatDate } from "../../../lib/format";
import { useList, useListParams } from "../../../lib/useList";
import { SEARCH_AUDIT, type AuditRow } from "../api/searchAudit";

const OUTCOME_CLASS = { ok: "badge-success", denied: "badge-warning", failed: "badge-error" } as const;

export default function AuditPage() {
  const { t } = useTranslation("audit");
  const [params, update] = useListParams({ limit: 10, search: "", outcome: "" });
  const list = useList(SEARCH_AUDIT, params);

  const columns: Column<AuditRow>[] = [
    { key: "createdAt", header: t("when"), render: (r) => formatDate(r.createdAt, true) },
    { key: "actorEmail", header: t("who"), render: (r) => r.actorEmail || t("anonymous") },
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
        <span className="block max-w-xs truncate font-mono text-xs" title={JSON.stringify(r.detail)}>
          {Object.keys(r.detail).length ? JSON.stringify(r.detail) : "—"}
        </span>
      ),
    },
    { key: "ip", header: t("ip"), render: (r) => r.ip || "—" },
  ];

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <div className="card bg-base-100 shadow-sm">
        <ListToolbar
          search={{ value: params.search, onSearch: (search) => update({ search }), placeholder: t("searchPlaceholder") }}
          filters={[
            {
              label: t("outcome"),
              anyLabel: t("anyOutcome"),
              value: params.outcome,
              onChange: (outcome) => update({ outcome }),
              options: (["ok", "denied", "failed"] as const).map((o) => ({ value: o, label: t(`outcome_${o}`) })),
            },
          ]}
        />
        <DataTable
          caption={t("title")}
          columns={columns}
          rowKey={(r) => r.auditId}
          {...listTableProps(list, params, update)}
          emptyText={t("empty")}
        />
      </div>
    </section>
  );
}
