import { sql, type RawBuilder } from "kysely";
import { randomToken } from "../../auth/crypto";
import type { WebhookEvent } from "../../contract/webhooks";
import type { DB } from "../../db";

/** What a message of the webhook queue carries: the delivery row to send (the log is the record). */
export interface WebhookQueueMessage {
  deliveryId: number;
}

/** The database and the webhook queue (absent: events are logged, not sent). */
export interface WebhookSink {
  db: DB;
  queue: Queue<WebhookQueueMessage> | undefined;
}

/**
 * Each event's data, read in SQL: ids, states and amounts only (decision 0024). No email, name, file or
 * credential of anyone is in an event; a receiver that needs more asks the API with its own key.
 */
const JOB_DATA = (uniqueId: string) =>
  sql<string>`(SELECT json_object('uniqueId', h.uniqueId, 'siteId', h.siteId, 'status', h.status,
    'similarity', h.similarity, 'createdAt', h.createdAt, 'updatedAt', h.updatedAt) FROM history h WHERE h.uniqueId = ${uniqueId})`;
const PAYMENT_DATA = (referenceId: string) =>
  sql<string>`(SELECT json_object('referenceId', p.referenceId, 'status', p.status, 'amount', p.amount, 'currency', p.currency,
    'refundedAmount', p.refundedAmount, 'paidAt', p.paidAt) FROM payments p WHERE p.referenceId = ${referenceId})`;

const DATA: Record<WebhookEvent, (ref: string) => RawBuilder<string>> = {
  "job.queued": JOB_DATA,
  "job.finished": JOB_DATA,
  "payment.confirmed": PAYMENT_DATA,
  "payment.refunded": PAYMENT_DATA,
};

/** A Queue takes 100 messages per sendBatch. */
const SEND_BATCH = 100;

/**
 * Logs the event once for every active endpoint subscribed to it and hands those deliveries to the
 * queue. One statement: the event's data is read and every delivery written together, so an event
 * nobody subscribed to costs one read. Called after the change it reports has committed; a delivery
 * the queue did not take stays queued in the log, where an admin may resend it. Answers the ids.
 */
export async function emitWebhookEvent(sink: WebhookSink, type: WebhookEvent, ref: string, now = new Date()): Promise<number[]> {
  const eventId = `evt_${randomToken(18)}`;
  const rows = await sql<{ deliveryId: number }>`
    INSERT INTO webhook_deliveries (webhookId, eventId, eventType, payload)
    SELECT w.webhookId, ${eventId}, ${type},
      json_object('id', ${eventId}, 'type', ${type}, 'createdAt', ${now.toISOString()}, 'data', json(d.data))
    FROM webhooks w, (SELECT ${DATA[type](ref)} AS data) d
    WHERE w.active = 1 AND d.data IS NOT NULL AND EXISTS (SELECT 1 FROM json_each(w.events) WHERE value = ${type})
    RETURNING deliveryId`.execute(sink.db);
  const ids = rows.rows.map((row) => row.deliveryId);
  await sendDeliveries(sink.queue, ids);
  return ids;
}

/** Hands deliveries to the queue (after an event, or a resend). */
export async function sendDeliveries(queue: Queue<WebhookQueueMessage> | undefined, ids: readonly number[]): Promise<void> {
  if (!queue) return;
  for (let start = 0; start < ids.length; start += SEND_BATCH) {
    await queue.sendBatch(
      ids.slice(start, start + SEND_BATCH).map((deliveryId) => ({ body: { deliveryId }, contentType: "json" })),
    );
  }
}

/**
 * After a request's change committed: emits the event once the answer is out. The timer lets the answer
 * go first, so its statement is no round trip of the answer's (the read budgets count those).
 */
export function emitSoon(exec: Pick<ExecutionContext, "waitUntil">, sink: WebhookSink, type: WebhookEvent, ref: string): void {
  exec.waitUntil(
    new Promise((resolve) => setTimeout(resolve, 0))
      .then(() => emitWebhookEvent(sink, type, ref))
      .catch((error: unknown) => console.error(`webhook ${type} failed`, String(error))),
  );
}
