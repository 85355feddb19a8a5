import type { Ctx } from "./context";
import { cronPortalOf } from "./settings";

/** Where webhooks may go (domain/webhooks/address.ts `AddressPolicy`): loopback only when the local server allows it. */
export const addressPolicyOf = (env: Env) => ({ allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK === "true" });

/** What the webhook queue's consumer needs of the deployment (domain/webhooks/deliver.ts `DeliverySettings`). */
export function webhookDeliverySettingsOf(env: Env) {
  return { secretKeys: env.VENDOR_SECRET_KEYS, policy: addressPolicyOf(env), portal: cronPortalOf(env) };
}

/** The database and the webhook queue events go to (domain/webhooks/events.ts `WebhookSink`). */
export function webhookSinkOf(ctx: Ctx) {
  return { db: ctx.db, queue: ctx.env.WEBHOOK_QUEUE as Queue<{ deliveryId: number }> };
}
