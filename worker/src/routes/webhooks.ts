import { randomToken } from "../auth/crypto";
import { seal } from "../auth/secretbox";
import { changes, nowIso, runBatch } from "../db";
import { listPage } from "../db/list";
import { audit, insertedRowId, oneRowChanged } from "../domain/audit";
import { addressProblem, type AddressProblem } from "../domain/webhooks/address";
import { sendDeliveries } from "../domain/webhooks/events";
import { deliveryList, deliveryRows, toWebhook, webhookRows } from "../domain/webhooks/list";
import { badRequest, conflict, notFound } from "../errors";
import { domainOf, type Ctx } from "../http/context";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import { addressPolicyOf, webhookSinkOf } from "../http/webhooks";
import type { ListRowOf } from "../contract";
import { webhookCalls } from "../contract/webhooks";

const URL_PROBLEMS = {
  invalid: "webhookUrlInvalid",
  not_https: "webhookUrlNotHttps",
  private: "webhookUrlPrivate",
  unresolved: "webhookUrlUnresolved",
} as const satisfies Record<AddressProblem, string>;

async function readWebhook(ctx: Ctx, webhookId: number) {
  const row = await webhookRows(ctx.db).where("w.webhookId", "=", webhookId).executeTakeFirst();
  if (!row) throw notFound("noSuchWebhook");
  return toWebhook(row);
}

/**
 * Creates or changes an endpoint. Its address is checked where it points before anything is written
 * (decision 0024). A new endpoint's signing secret is made here, answered once and stored sealed:
 * the consumer unseals it to sign. Turning an endpoint on again clears its run of failures.
 */
const updateWebhook = route(webhookCalls["update-webhook"], {
  async handler(ctx, { webhookId, url, events, active }) {
    const problem = await addressProblem(url, addressPolicyOf(ctx.env));
    if (problem) throw badRequest(URL_PROBLEMS[problem], "invalid_url", "url");
    const subscribed = JSON.stringify([...new Set(events)]);
    const detail = { url, events: [...new Set(events)], active };
    if (webhookId === 0) {
      const secret = `whsec_${randomToken(32)}`;
      const [created] = await runBatch<{ webhookId: number }>(ctx.env.DB, [
        ctx.db
          .insertInto("webhooks")
          .values({
            url,
            events: subscribed,
            active: active ? 1 : 0,
            secretSealed: await seal(secret, ctx.env.VENDOR_SECRET_KEYS),
          })
          .returning("webhookId"),
        audit(domainOf(ctx), { action: "update-webhook", subject: "Webhook", subjectId: insertedRowId, detail }),
      ]);
      const webhook = await readWebhook(ctx, created!.results[0]!.webhookId);
      return json({ message: success(ctx, "webhookCreated"), webhook, secret });
    }
    const now = nowIso();
    const [updated] = await runBatch(ctx.env.DB, [
      ctx.db
        .updateTable("webhooks")
        .set((eb) => ({
          url,
          events: subscribed,
          active: active ? 1 : 0,
          updatedAt: now,
          failingSince: active ? null : eb.ref("failingSince"),
          disabledAt: active ? null : eb.ref("disabledAt"),
        }))
        .where("webhookId", "=", webhookId),
      audit(domainOf(ctx), { action: "update-webhook", subject: "Webhook", subjectId: webhookId, detail }, oneRowChanged),
    ]);
    if (changes(updated) === 0) throw notFound("noSuchWebhook");
    return json({ message: success(ctx, "webhookSaved"), webhook: await readWebhook(ctx, webhookId) });
  },
});

const searchWebhook = route(webhookCalls["search-webhook"], {
  async handler(ctx) {
    return json({ webhooks: (await webhookRows(ctx.db).execute()).map(toWebhook) });
  },
});

/** Deletes the endpoint and its log; a queued message for it then finds no row and is acknowledged unsent. */
const deleteWebhook = route(webhookCalls["delete-webhook"], {
  async handler(ctx, { webhookId }) {
    const [, removed] = await runBatch(ctx.env.DB, [
      ctx.db.deleteFrom("webhook_deliveries").where("webhookId", "=", webhookId),
      ctx.db.deleteFrom("webhooks").where("webhookId", "=", webhookId),
      audit(domainOf(ctx), { action: "delete-webhook", subject: "Webhook", subjectId: webhookId }, oneRowChanged),
    ]);
    if (changes(removed) === 0) throw notFound("noSuchWebhook");
    return json({ message: success(ctx, "webhookDeleted") });
  },
});

const searchWebhookDelivery = route(webhookCalls["search-webhook-delivery"], {
  async handler(ctx, input) {
    const { query, ...options } = deliveryList(ctx.db, input.webhookId);
    const page = await listPage<ListRowOf<"search-webhook-delivery">>(ctx.db, query, { ...options, window: input });
    return list(page.rows, page, input.page, input.limit);
  },
});

/** Queues a logged event again, same id and body (the receiver deduplicates); signed anew when sent. */
const resendWebhookDelivery = route(webhookCalls["resend-webhook-delivery"], {
  async handler(ctx, { deliveryId }) {
    const readDelivery = () => deliveryRows(ctx.db).where("d.deliveryId", "=", deliveryId).executeTakeFirstOrThrow();
    const found = await ctx.db
      .selectFrom("webhook_deliveries as d")
      .innerJoin("webhooks as w", "w.webhookId", "d.webhookId")
      .select(["w.active", "d.webhookId"])
      .where("d.deliveryId", "=", deliveryId)
      .executeTakeFirst();
    if (!found) throw notFound("noSuchWebhookDelivery");
    if (found.active !== 1) throw conflict("webhookEndpointInactive", "endpoint_inactive");
    await runBatch(ctx.env.DB, [
      ctx.db.updateTable("webhook_deliveries").set({ status: "queued", lastError: null }).where("deliveryId", "=", deliveryId),
      audit(domainOf(ctx), {
        action: "resend-webhook-delivery",
        subject: "Webhook",
        subjectId: found.webhookId,
        detail: { deliveryId },
      }),
    ]);
    await sendDeliveries(webhookSinkOf(ctx).queue, [deliveryId]);
    return json({ message: success(ctx, "webhookDeliveryResent"), delivery: await readDelivery() });
  },
});

export const routes = [updateWebhook, searchWebhook, deleteWebhook, searchWebhookDelivery, resendWebhookDelivery];
