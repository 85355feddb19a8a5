import { z } from "zod";
import { nowSeconds } from "../db";
import { CARD_EVENTS, settleCardEvent, startCardPayment, type CardEventType } from "../domain/commerce/card";
import { checkSignature } from "../domain/commerce/signature";
import { checkoutSession } from "../domain/commerce/stripe";
import { badRequest, HttpError, msg, notFound } from "../errors";
import { domainOf, portalOf, type Ctx } from "../http/context";
import * as f from "../http/fields";
import { json } from "../http/respond";
import { route } from "../http/route";
import { referenceId } from "../http/schemas";
import { stripeOf } from "../http/settings";

/** Card payments through Stripe Checkout (docs/decisions/0011-card-payments.md); 404 when Stripe is not configured. */
function requireStripe(ctx: Ctx) {
  const config = stripeOf(ctx.env);
  if (!config) throw notFound("cardPaymentsOff", "card_payments_off");
  return config;
}

const startCardPaymentCall = route({
  name: "start-card-payment",
  access: "public",
  schema: z.object({ referenceId: referenceId() }),
  async handler(ctx, input) {
    const url = await startCardPayment(domainOf(ctx), requireStripe(ctx), portalOf(ctx), input.referenceId);
    return json({ message: "Continue to the card payment page.", url });
  },
});

/** A Stripe event as read before its signature is checked: nothing in it is trusted until then. */
const stripeEvent = z.object({
  id: f.text(255),
  type: f.text(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const stripeWebhook = route({
  name: "stripe-webhook",
  access: "public",
  schema: stripeEvent,
  async handler(ctx, event) {
    const config = requireStripe(ctx);
    const signature = ctx.request.headers.get("stripe-signature");
    const problem = await checkSignature(signature, ctx.rawBody, config.webhookSecret, nowSeconds());
    if (problem) throw new HttpError(401, "invalid_signature", msg("invalidSignature", { problem }));
    if (!(CARD_EVENTS as readonly string[]).includes(event.type)) return json({ message: "Event ignored." });
    const session = checkoutSession.safeParse(event.data.object);
    if (!session.success) throw badRequest("notASession", "invalid_event");
    const message = await settleCardEvent(domainOf(ctx), portalOf(ctx), event.type as CardEventType, session.data);
    return json({ message });
  },
});

export const cardPaymentsRoutes = [startCardPaymentCall, stripeWebhook];
