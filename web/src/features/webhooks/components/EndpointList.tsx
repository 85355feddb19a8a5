import { useTranslation } from "react-i18next";
import { formatDate } from "../../../lib/format";
import type { WebhookRow } from "../api";

/** The endpoints as cards: address, events, state; turning one on or off and deleting it are the page's. */
export function EndpointList({
  webhooks,
  canManage,
  busy,
  onToggle,
  onDelete,
}: {
  webhooks: WebhookRow[];
  canManage: boolean;
  busy: number | null;
  onToggle: (webhook: WebhookRow) => void;
  onDelete: (webhook: WebhookRow) => void;
}) {
  const { t } = useTranslation("webhooks");
  return (
    <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-label={t("endpoints")}>
      {webhooks.map((webhook) => (
        <li key={webhook.webhookId} className="card bg-base-100 shadow-sm">
          <div className="card-body gap-2 p-4">
            <div className="flex flex-wrap items-center gap-2">
              <code className="min-w-0 flex-1 break-all text-sm">{webhook.url}</code>
              <span className={`badge badge-soft ${webhook.active ? "badge-success" : "badge-ghost"}`}>
                {webhook.active ? t("active") : t("off")}
              </span>
            </div>
            <p className="flex flex-wrap gap-1">
              {webhook.events.map((event) => (
                <span key={event} className="badge badge-outline badge-sm">
                  {event}
                </span>
              ))}
            </p>
            {webhook.disabledAt && (
              <p className="text-sm text-error">{t("disabledOn", { date: formatDate(webhook.disabledAt, true) })}</p>
            )}
            {!webhook.disabledAt && webhook.failingSince && (
              <p className="text-sm">{t("failingSince", { date: formatDate(webhook.failingSince, true) })}</p>
            )}
            {canManage && (
              <div className="card-actions justify-end">
                <button
                  type="button"
                  className="btn btn-sm"
                  aria-label={`${webhook.active ? t("turnOff") : t("turnOn")} ${webhook.url}`}
                  disabled={busy === webhook.webhookId}
                  onClick={() => onToggle(webhook)}
                >
                  {webhook.active ? t("turnOff") : t("turnOn")}
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-ghost text-error"
                  aria-label={`${t("delete")} ${webhook.url}`}
                  disabled={busy === webhook.webhookId}
                  onClick={() => onDelete(webhook)}
                >
                  {t("delete")}
                </button>
              </div>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
