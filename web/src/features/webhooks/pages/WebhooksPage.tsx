import { useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { CellText } from "../../../components/CellText";
import { useConfirm } from "../../../components/ConfirmDialog";
import { useCopy } from "../../../components/CopyButton";
import type { Column } from "../../../components/DataTable";
import { ListPage } from "../../../components/ListPage";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { useListController } from "../../../hooks/useListController";
import { ApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { useSnackbar } from "../../../lib/snackbar";
import { useSession } from "../../../providers/session";
import {
  deleteWebhook,
  fetchWebhooks,
  resendDelivery,
  saveWebhook,
  SEARCH_DELIVERIES,
  WEBHOOKS_KEY,
  type DeliveryRow,
  type WebhookRow,
} from "../api";
import { EndpointForm } from "../components/EndpointForm";
import { EndpointList } from "../components/EndpointList";

const STATUS_BADGE = { queued: "badge-info", delivered: "badge-success", failed: "badge-error" } as const;

/** The new endpoint's signing secret, shown once with a copy button. */
function FreshSecret({ fresh, onDone }: { fresh: { secret: string; url: string }; onDone: () => void }) {
  const { t } = useTranslation("webhooks");
  const snackbar = useSnackbar();
  const { copied, copy } = useCopy();
  return (
    <div role="status" className="alert alert-warning flex flex-col items-start gap-2">
      <p className="font-semibold">{t("showOnce", { url: fresh.url })}</p>
      <div className="flex w-full flex-wrap items-center gap-2">
        <code className="flex-1 break-all rounded bg-base-100 p-2" data-testid="new-webhook-secret">
          {fresh.secret}
        </code>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => void copy(fresh.secret).then((ok) => ok || snackbar.error(t("copyFailed")))}
        >
          {copied ? t("copied") : t("copy")}
        </button>
        <button type="button" className="btn btn-sm btn-ghost" onClick={onDone}>
          {t("done")}
        </button>
      </div>
    </div>
  );
}

/**
 * /apps/settings/webhooks: the endpoints (add, turn on or off, delete after confirming) above the
 * delivery log, newest first, where a delivery may be resent with its event id (decision 0024).
 */
export default function WebhooksPage() {
  const { t } = useTranslation("webhooks");
  const { ability } = useSession();
  const canManage = ability.can("update", "Webhook");
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const endpoints = useSWR(WEBHOOKS_KEY, fetchWebhooks);
  const log = useListController({ call: SEARCH_DELIVERIES, defaults: { limit: 20 } });
  const [fresh, setFresh] = useState<{ secret: string; url: string } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const act = async (webhookId: number, run: () => Promise<{ message: string }>) => {
    setBusy(webhookId);
    try {
      snackbar.success((await run()).message);
    } catch (error) {
      snackbar.error(t("changeFailed", { reason: error instanceof ApiError ? error.message : "" }));
    } finally {
      setBusy(null);
      await Promise.all([endpoints.mutate(), log.reload()]);
    }
  };

  const toggle = async (webhook: WebhookRow) => {
    if (webhook.active && !(await confirm({ title: t("turnOffTitle"), text: t("turnOffText"), confirmText: t("turnOff") })))
      return;
    await act(webhook.webhookId, () =>
      saveWebhook({ webhookId: webhook.webhookId, url: webhook.url, events: webhook.events, active: !webhook.active }),
    );
  };
  const remove = async (webhook: WebhookRow) => {
    if (!(await confirm({ title: t("deleteTitle"), text: t("deleteText", { url: webhook.url }), confirmText: t("delete") })))
      return;
    await act(webhook.webhookId, () => deleteWebhook(webhook.webhookId));
  };
  const resend = async (delivery: DeliveryRow) => {
    const ok = await confirm({ title: t("resendTitle"), text: t("resendText"), confirmText: t("resend"), tone: "primary" });
    if (ok) await act(delivery.webhookId, () => resendDelivery(delivery.deliveryId));
  };

  const columns: Column<DeliveryRow>[] = [
    { key: "createdAt", header: t("when"), render: (d) => formatDate(d.createdAt, true) },
    { key: "eventType", header: t("event"), render: (d) => <code>{d.eventType}</code> },
    { key: "url", header: t("endpoint"), render: (d) => <CellText text={d.url} /> },
    {
      key: "status",
      header: t("status"),
      render: (d) => <span className={`badge badge-soft ${STATUS_BADGE[d.status]}`}>{t(`status_${d.status}`)}</span>,
    },
    {
      key: "attempts",
      header: t("attempts"),
      render: (d) => (
        <span>
          {d.attempts}
          {d.lastError && <span className="block text-xs text-base-content/80">{d.lastError}</span>}
        </span>
      ),
    },
    {
      key: "actions",
      header: t("actions"),
      className: "text-end",
      render: (d) =>
        canManage ? (
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            aria-label={`${t("resend")} ${d.eventType} ${d.eventId}`}
            disabled={busy === d.webhookId}
            onClick={() => void resend(d)}
          >
            {t("resend")}
          </button>
        ) : null,
    },
  ];

  const webhooks = endpoints.data?.webhooks ?? [];
  return (
    <ListPage
      title={t("title")}
      subtitle={t("subtitle")}
      intro={
        <>
          {canManage && (
            <EndpointForm
              onCreated={(created) => {
                setFresh(created);
                return endpoints.mutate();
              }}
            />
          )}
          {fresh && <FreshSecret fresh={fresh} onDone={() => setFresh(null)} />}
          {endpoints.error ? (
            <ErrorState onRetry={() => void endpoints.mutate()} />
          ) : !endpoints.data ? (
            <Loading />
          ) : webhooks.length === 0 ? (
            <Empty text={t("noEndpoints")} />
          ) : (
            <EndpointList
              webhooks={webhooks}
              canManage={canManage}
              busy={busy}
              onToggle={(w) => void toggle(w)}
              onDelete={(w) => void remove(w)}
            />
          )}
          <h2 className="text-lg font-semibold">{t("log")}</h2>
        </>
      }
      list={log}
      caption={t("log")}
      columns={columns}
      rowKey={(d) => d.deliveryId}
      emptyText={t("noDeliveries")}
    />
  );
}
