import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DataTable, type Column } from "../../../components/DataTable";
import { listTableProps } from "../../../components/listTableProps";
import { ListToolbar } from "../../../components/ListToolbar";
import { PageHeader } from "../../../components/PageHeader";
import { formatDate } from "../../../lib/format";
import { useList, useListParams } from "../../../lib/useList";
import { SEARCH_OUTBOX, type OutboxRow } from "../api/searchOutbox";

const STATUS_CLASS = { queued: "badge-info", sent: "badge-success", failed: "badge-error" } as const;

export default function OutboxPage() {
  const { t } = useTranslation("outbox");
  const [params, update] = useListParams({ limit: 10, status: "" });
  const list = useList(SEARCH_OUTBOX, params);
  const [open, setOpen] = useState<number | null>(null);

  const columns: Column<OutboxRow>[] = [
    { key: "createdAt", header: t("queuedAt"), render: (m) => formatDate(m.createdAt, true) },
    { key: "toEmail", header: t("to") },
    { key: "mailKind", header: t("kind"), render: (m) => <span className="badge badge-soft">{m.mailKind}</span> },
    {
      key: "mailSubject",
      header: t("subject"),
      render: (m) => (
        <div>
          {m.mailBody !== null ? (
            <button
              type="button"
              className="link link-hover text-start"
              aria-expanded={open === m.mailId}
              onClick={() => setOpen(open === m.mailId ? null : m.mailId)}
            >
              {m.mailSubject}
            </button>
          ) : (
            m.mailSubject
          )}
          {open === m.mailId && m.mailBody !== null && (
            <pre className="mt-2 max-w-xl whitespace-pre-wrap break-words rounded bg-base-200 p-2 text-xs">{m.mailBody}</pre>
          )}
        </div>
      ),
    },
    {
      key: "status",
      header: t("status"),
      render: (m) => (
        <span className={`badge badge-soft ${STATUS_CLASS[m.status]}`} title={m.lastError ?? undefined}>
          {t(`status_${m.status}`)}
        </span>
      ),
    },
    { key: "sentAt", header: t("sentAt"), render: (m) => formatDate(m.sentAt, true) },
  ];

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <div className="card bg-base-100 shadow-sm">
        <ListToolbar
          filters={[
            {
              label: t("status"),
              anyLabel: t("anyStatus"),
              value: params.status,
              onChange: (status) => update({ status }),
              options: (["queued", "sent", "failed"] as const).map((s) => ({ value: s, label: t(`status_${s}`) })),
            },
          ]}
        />
        <DataTable
          caption={t("title")}
          columns={columns}
          rowKey={(m) => m.mailId}
          {...listTableProps(list, params, update)}
          emptyText={t("empty")}
        />
      </div>
    </section>
  );
}
