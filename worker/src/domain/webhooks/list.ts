import type { DB } from "../../db";
import type { AnySelect, ListOptions } from "../../db/list";
import type { WebhookEvent } from "../../contract/webhooks";

const WEBHOOK_COLUMNS = [
  "w.webhookId",
  "w.url",
  "w.events",
  "w.active",
  "w.failingSince",
  "w.disabledAt",
  "w.createdAt",
] as const;

/** The endpoints (an admin's handful), newest first; at most 100. */
export function webhookRows(db: DB) {
  return db
    .selectFrom("webhooks as w")
    .select([...WEBHOOK_COLUMNS])
    .orderBy("w.webhookId", "desc")
    .limit(100);
}

/** An endpoint's row as the API answers it. */
export function toWebhook<R extends { events: string; active: number }>(row: R) {
  return { ...row, events: JSON.parse(row.events) as WebhookEvent[], active: row.active === 1 };
}

/** search-webhook-delivery as a list (db/list.ts): newest first, one endpoint's walking webhook_deliveries_endpoint. */
export function deliveryList(db: DB, webhookId: number | undefined): { query: AnySelect } & Omit<ListOptions, "window"> {
  let query = deliveryRows(db);
  if (webhookId !== undefined) query = query.where("d.webhookId", "=", webhookId);
  return { query, order: [["d.deliveryId", "desc"]] };
}

/** The log's rows with their endpoint's address. */
export function deliveryRows(db: DB) {
  return db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhooks as w", "w.webhookId", "d.webhookId")
    .select([
      "d.deliveryId",
      "d.webhookId",
      "w.url",
      "d.eventId",
      "d.eventType",
      "d.status",
      "d.attempts",
      "d.responseStatus",
      "d.lastError",
      "d.createdAt",
      "d.deliveredAt",
    ]);
}
