import { commerceCalls } from "../contract/commerce";
import { nowSeconds } from "../db";
import { CARD_EVENTS, settleCardEvent, startCardPayment, type CardEventType } from "../domain/stripe/card";
import { REFUND_EVENTS, settleRefundEvent, type RefundEventType } from "../domain/refunds/refund";
import { checkSignature } from "../domain/stripe/signature";
import { checkoutSession } from "../domain/stripe/stripe";
import { badRequest, HttpError, msg, notFound } from "../errors";
import { domainOf, portalOf, type Ctx } from "../http/context";
import { json, success } from "../http/respond";
import { route } from "../http/route";
import { storeDefaultsOf, stripeOf, mailQueueOf } from "../http/settings";
import { loadStoreSettings, sellerBlockOf } from "../domain/storesettings/settings";
import { dispatchSoon } from "../domain/outbox/dispatch";
import { isSetupEvent, settleSetupEvent } from "../domain/renewals/cards";
import { savedPortal } from "../domain/mailtemplates/portal";
import { emitSoon } from "../domain/webhooks/events";
import { webhookSinkOf } from "../http/webhooks";

/** Card payments through Stripe Checkout (docs/decisions/0011-card-payments.md); 404 when Stripe is not configured. */
function requireStripe(ctx: Ctx) {
  const config = stripeOf(ctx.env);
  if (!config) throw notFound("cardPaymentsOff", "card_payments_off");
  return config;
}

const startCardPaymentCall = route(commerceCalls["start-card-payment"], {
  available: requireStripe,
  async handler(ctx, input) {
    const url = await startCardPayment(domainOf(ctx), requireStripe(ctx), portalOf(ctx), input.referenceId);
    return json({ message: success(ctx, "continueToCardPage"), url });
  },
});

const stripeWebhook = route(commerceCalls["stripe-webhook"], {
  available: requireStripe,
  async handler(ctx, event) {
    const config = requireStripe(ctx);
    const signature = ctx.request.headers.get("stripe-signature");
    const problem = await checkSignature(signature, ctx.rawBody, config.webhookSecret, nowSeconds());
    if (problem) throw new HttpError(401, "invalid_signature", msg("invalidSignature", { problem }));
    if ((REFUND_EVENTS as readonly string[]).includes(event.type)) {
      const type = event.type as RefundEventType;
      // The credit note's mail signs with the site's name in force.
      const portal = await savedPortal(ctx.db, portalOf(ctx), storeDefaultsOf(ctx.env));
      return json({
        message: success(
          ctx,
          await settleRefundEvent(domainOf(ctx), config, portal, type, event.data.object, (referenceId) =>
            emitSoon(ctx.exec, webhookSinkOf(ctx), "payment.refunded", referenceId),
          ),
        ),
      });
    }
    if (isSetupEvent(event.type, event.data.object)) {
      return json({ message: success(ctx, await settleSetupEvent(domainOf(ctx), config, event.type, event.data.object)) });
    }
    if (!(CARD_EVENTS as readonly string[]).includes(event.type)) return json({ message: success(ctx, "eventIgnored") });
    const session = checkoutSession.safeParse(event.data.object);
    if (!session.success) throw badRequest("notASession", "invalid_event");
    // A paid session issues the invoice: it keeps the seller of the settings in force now.
    const settings = await loadStoreSettings(ctx.db, storeDefaultsOf(ctx.env));
    const issuing = { portal: await savedPortal(ctx.db, portalOf(ctx, settings.siteName)), seller: sellerBlockOf(settings) };
    const outcome = await settleCardEvent(domainOf(ctx), issuing, event.type as CardEventType, session.data);
    dispatchSoon(ctx.exec, mailQueueOf(ctx.env), ctx.db);
    if (outcome === "paymentRecorded")
      emitSoon(ctx.exec, webhookSinkOf(ctx), "payment.confirmed", session.data.client_reference_id!);
    return json({ message: success(ctx, outcome) });
  },
});

export const routes = [startCardPaymentCall, stripeWebhook];
