import { api, type CallAnswer, type ListRow } from "../../lib/api";

export const SEARCH_DELIVERIES = "search-webhook-delivery";
export const WEBHOOKS_KEY = "search-webhook";

export type WebhookRow = CallAnswer<"search-webhook">["webhooks"][number];
export type DeliveryRow = ListRow<typeof SEARCH_DELIVERIES>;
export type WebhookEvent = WebhookRow["events"][number];

/** The events an endpoint may take, in the order the form lists them. */
export const EVENTS: readonly WebhookEvent[] = ["job.queued", "job.finished", "payment.confirmed", "payment.refunded"];

export const fetchWebhooks = () => api("search-webhook", {});

/** Creates (webhookId 0) or changes an endpoint; a new one's answer carries its signing secret, once. */
export function saveWebhook(input: { webhookId: number; url: string; events: WebhookEvent[]; active: boolean }) {
  return api("update-webhook", input);
}

export const deleteWebhook = (webhookId: number) => api("delete-webhook", { webhookId });

export const resendDelivery = (deliveryId: number) => api("resend-webhook-delivery", { deliveryId });
