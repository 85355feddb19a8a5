import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Column } from "../../../components/DataTable";
import { ListPage } from "../../../components/ListPage";
import { useListController } from "../../../components/useListController";
import { formatDate } from "../../../lib/format";
import { SEARCH_OUTBOX, type OutboxRow } from "../api/searchOutbox";

const STATUS_CLASS = { queued: "badge-info", sending: "badge-warning", sent: "badge-success", failed: "badge-error" } as const;

export default function OutboxPage() {
  const { t } = useTranslation("outbox");
  const list = useListController({ call: SEARCH_OUTBOX, defaults: { limit: 10, status: "" } });
  const [open, setOpen] = useState<number | null>(null);

  const columns: Column<OutboxRow>[] = [
    { key: "createdAt", header: t("queuedAt"), render: (m) => formatDate(m.createdAt, true) },
    { key: "toEmail", header: t("to"), render: (m) => <span className="break-all">{m.toEmail}</span> },
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
    <ListPage
      title={t("title")}
      subtitle={t("subtitle")}
      list={list}
      filters={[
        {
          label: t("status"),
          anyLabel: t("anyStatus"),
          ...list.filter("status"),
          options: (["queued", "sent", "failed"] as const).map((s) => ({ value: s, label: t(`status_${s}`) })),
        },
      ]}
      caption={t("title")}
      columns={columns}
      rowKey={(m) => m.mailId}
      emptyText={t("empty")}
    />
  );
}
