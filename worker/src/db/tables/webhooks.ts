import type { Generated } from "kysely";

/** An outbound webhook endpoint (migration 0330, decision 0024). */
export interface WebhooksTable {
  webhookId: Generated<number>;
  url: string;
  /** JSON array of the event types it is subscribed to. */
  events: string;
  active: Generated<number>;
  /** The signing secret, sealed under VENDOR_SECRET_KEYS (auth/secretbox.ts). */
  secretSealed: string;
  failingSince: string | null;
  disabledAt: string | null;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

/** One event for one endpoint: the delivery log (migration 0330). */
export interface WebhookDeliveriesTable {
  deliveryId: Generated<number>;
  webhookId: number;
  eventId: string;
  /** contract/webhooks.ts WEBHOOK_EVENTS. */
  eventType: "job.queued" | "job.finished" | "payment.confirmed" | "payment.refunded";
  payload: string;
  status: Generated<"queued" | "delivered" | "failed">;
  attempts: Generated<number>;
  responseStatus: number | null;
  lastError: string | null;
  createdAt: Generated<string>;
  deliveredAt: string | null;
}

// The feature's tables join the Kysely schema by declaration merging: db/schema.ts is not edited.
declare module "../schema" {
  interface Database {
    webhooks: WebhooksTable;
    webhook_deliveries: WebhookDeliveriesTable;
  }
}
