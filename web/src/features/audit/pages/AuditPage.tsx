import { useTranslation } from "react-i18next";
import type { Column } from "../../../components/DataTable";
import { ListPage } from "../../../components/ListPage";
import { useListController } from "../../../hooks/useListController";
import { formatDate } from "../../../lib/format";
import { SEARCH_AUDIT, type AuditRow } from "../api";

const OUTCOME_CLASS = { ok: "badge-success", denied: "badge-warning", failed: "badge-error" } as const;
/** Detail keys whose values are codes the catalogue puts in words (`detailValue.<key>.<code>`). */
const CODED_DETAILS = new Set(["loginMethod", "preference", "method"]);

/**
 * An entry's detail as labelled values ("Role: support"), not raw JSON: yes/no for flags, words for the
 * codes the catalogue names (a vendor's login method, a mail preference); other values, names and ids
 * as written; nested values stay compact.
 */
function AuditDetail({ detail }: { detail: Record<string, unknown> }) {
  const { t } = useTranslation(["audit", "common"]);
  const shown = (key: string, value: unknown) => {
    if (typeof value === "boolean") return t(value ? "common:yes" : "common:no");
    if (typeof value === "object") return JSON.stringify(value);
    if (CODED_DETAILS.has(key)) return t(`detailValue.${key}.${String(value)}`, { defaultValue: String(value) });
    return String(value);
  };
  const entries = Object.entries(detail).filter(([, value]) => value !== null && value !== undefined && value !== "");
  if (entries.length === 0) return <>—</>;
  return (
    <dl className="grid max-w-xs min-w-0 grid-cols-[auto_1fr] gap-x-2 text-xs">
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-base-content/70">{t(`detailKey.${key}`, { defaultValue: key })}</dt>
          <dd className="min-w-0 break-all">{shown(key, value)}</dd>
        </div>
      ))}
    </dl>
  );
}

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
    {
      key: "action",
      header: t("action"),
      // Unknown codes (a call's name on a refused call, say) stay as the server wrote them.
      render: (r) => <span title={r.action}>{t(`actionName.${r.action}`, { defaultValue: r.action })}</span>,
    },
    {
      key: "subject",
      header: t("subject"),
      render: (r) =>
        [r.subject && t(`subjectName.${r.subject}`, { defaultValue: r.subject }), r.subjectId].filter(Boolean).join(" #") || "—",
    },
    {
      key: "outcome",
      header: t("outcome"),
      render: (r) => <span className={`badge badge-soft ${OUTCOME_CLASS[r.outcome]}`}>{t(`outcome_${r.outcome}`)}</span>,
    },
    {
      key: "detail",
      header: t("detail"),
      render: (r) => <AuditDetail detail={r.detail} />,
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
