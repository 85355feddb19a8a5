import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../providers/session";
import type { Column } from "../../../components/DataTable";
import { ListPage } from "../../../components/ListPage";
import { useListController } from "../../../hooks/useListController";
import { formatDate } from "../../../lib/format";
import { SEARCH_OUTBOX, type OutboxRow } from "../api";
import { MailPreview } from "../components/MailPreview";
import { CELL_TEXT, CellText } from "../../../components/CellText";

const STATUS_CLASS = { queued: "badge-info", sending: "badge-warning", sent: "badge-success", failed: "badge-error" } as const;

/** The mails the app queued; those who manage the outbox open each one (text, HTML) and send it again. */
export default function OutboxPage() {
  const { t } = useTranslation("outbox");
  const { ability } = useSession();
  const list = useListController({ call: SEARCH_OUTBOX, defaults: { limit: 10, status: "" } });
  const [open, setOpen] = useState<number | null>(null);
  const canManage = ability.can("manage", "Outbox");

  const columns: Column<OutboxRow>[] = [
    { key: "createdAt", header: t("queuedAt"), render: (m) => formatDate(m.createdAt, true) },
    { key: "toEmail", header: t("to"), render: (m) => <span className="break-all">{m.toEmail}</span> },
    {
      key: "mailKind",
      header: t("kind"),
      render: (m) => <span className="badge badge-soft">{t(`kindName.${m.mailKind}`, { defaultValue: m.mailKind })}</span>,
    },
    {
      key: "mailSubject",
      header: t("subject"),
      render: (m) =>
        canManage ? (
          <button
            type="button"
            className={`link link-hover text-start ${CELL_TEXT}`}
            title={m.mailSubject}
            onClick={() => setOpen(m.mailId)}
          >
            {m.mailSubject}
          </button>
        ) : (
          <CellText text={m.mailSubject} />
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
    >
      {open !== null && (
        <MailPreview
          mailId={open}
          onClose={() => setOpen(null)}
          onResent={() => {
            setOpen(null);
            void list.reload();
          }}
        />
      )}
    </ListPage>
  );
}
