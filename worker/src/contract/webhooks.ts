import * as z from "zod";
import { defineCalls, listOf, timestamp } from "./call";
import * as f from "./fields";

/** The CASL subject of outbound webhooks (an admin's `manage all` covers it). */
export const subjects = ["Webhook"] as const;

/** The events an endpoint may subscribe to (decision 0024). */
export const WEBHOOK_EVENTS = ["job.queued", "job.finished", "payment.confirmed", "payment.refunded"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const DELIVERY_STATUSES = ["queued", "delivered", "failed"] as const;

/** An endpoint as admins see it: never its secret. */
export const webhook = z.strictObject({
  webhookId: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  failingSince: timestamp()
    .nullable()
    .meta({ description: "The first failed delivery since the last success; a day of failures disables the endpoint." }),
  disabledAt: timestamp().nullable().meta({ description: "When a day of failures disabled it (null when an admin did)." }),
  createdAt: timestamp(),
});

/** One event for one endpoint, as the delivery log lists it. */
export const webhookDelivery = z.strictObject({
  deliveryId: z.number().int(),
  webhookId: z.number().int(),
  url: z.string(),
  eventId: z.string().meta({ description: "The event's id: the same on a resend, so the receiver deduplicates." }),
  eventType: z.enum(WEBHOOK_EVENTS),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: timestamp(),
  deliveredAt: timestamp().nullable(),
});

/** An address; the handler checks it is https and public (the local server also takes http://127.0.0.1). */
const endpointUrl = () => z.string().trim().min(1).max(500);

export const webhookCalls = defineCalls({
  "update-webhook": {
    summary:
      "Creates (webhookId 0) or changes an endpoint: its https address, the events it gets and whether it is active. A new endpoint's signing secret is answered once.",
    access: ["update", "Webhook"],
    input: z.strictObject({
      webhookId: f.idOrNew(),
      url: endpointUrl(),
      events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length),
      active: f.bool().default(true),
    }),
    answer: z.strictObject({
      message: z.string(),
      webhook,
      secret: z.string().optional().meta({ description: "The signing secret (whsec_…), only when the endpoint is created." }),
    }),
  },
  "search-webhook": {
    summary: "Every endpoint, newest first.",
    access: ["read", "Webhook"],
    input: z.strictObject({}),
    answer: z.strictObject({ webhooks: z.array(webhook) }),
  },
  "delete-webhook": {
    summary: "Deletes an endpoint and its delivery log; its queued events are not sent.",
    access: ["delete", "Webhook"],
    input: z.strictObject({ webhookId: f.id() }),
    answer: z.strictObject({ message: z.string() }),
  },
  "search-webhook-delivery": {
    summary: "The delivery log, newest first: every endpoint's or one's.",
    access: ["read", "Webhook"],
    input: z.object({ webhookId: f.blankIsAbsent(f.id()), ...f.paging(20) }),
    answer: listOf(webhookDelivery),
  },
  "resend-webhook-delivery": {
    summary: "Sends a logged event to its endpoint again, with the same event id.",
    access: ["update", "Webhook"],
    input: z.strictObject({ deliveryId: f.id() }),
    answer: z.strictObject({ message: z.string(), delivery: webhookDelivery }),
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { Webhooks: webhookCalls };

/** The answer schemas the OpenAPI document names (`components.schemas`). */
export const entities = { Webhook: webhook, WebhookDelivery: webhookDelivery };
