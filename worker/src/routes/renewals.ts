import { renewalCalls } from "../contract/renewals";
import { runBatch } from "../db";
import { cardList, deleteCard, setDefaultCard, startCardSetup } from "../domain/renewals/cards";
import { conflict, notFound } from "../errors";
import { domainOf, portalOf, requireUser, type Ctx } from "../http/context";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import { stripeOf } from "../http/settings";

/** Saved cards need Stripe (decision 0011): without its secrets the card calls answer 404 like the others. */
function requireStripe(ctx: Ctx) {
  const config = stripeOf(ctx.env);
  if (!config) throw notFound("cardPaymentsOff", "card_payments_off");
  return config;
}

const updateAutoRenew = route(renewalCalls["update-auto-renew"], {
  async handler(ctx, input) {
    const user = requireUser(ctx);
    const owned = ctx.db
      .selectFrom("subscriptions")
      .select(["subscriptionId", "itemId", "startsAt", "endsAt", "autoRenew"])
      .where("subscriptionId", "=", input.subscriptionId)
      .where("userId", "=", user.userId);
    const current = await owned.executeTakeFirst();
    if (!current) throw notFound("noSuchSubscriptionOfYours", "no_such_subscription");
    if (current.endsAt <= new Date().toISOString()) throw conflict("subscriptionAlreadyEnded", "subscription_ended");
    const now = new Date().toISOString();
    const results = await runBatch(ctx.env.DB, [
      ctx.db
        .updateTable("subscriptions")
        .set({ autoRenew: input.autoRenew ? 1 : 0 })
        .where("subscriptionId", "=", input.subscriptionId)
        .where("userId", "=", user.userId),
      // Turned off during its retries: the dunning stops, the subscription ends at its date.
      ...(input.autoRenew
        ? []
        : [
            ctx.db
              .updateTable("renewals")
              .set({ status: "failed", failure: "turned_off", nextTryAt: null, updatedAt: now })
              .where("subscriptionId", "=", input.subscriptionId)
              .where("status", "=", "retrying"),
          ]),
      owned,
    ]);
    const row = results.at(-1)!.results[0] as typeof current;
    return json({
      message: success(ctx, input.autoRenew ? "autoRenewOn" : "autoRenewOff"),
      subscription: { ...row, autoRenew: row.autoRenew === 1 },
    });
  },
});

const startCardSetupCall = route(renewalCalls["start-card-setup"], {
  available: requireStripe,
  async handler(ctx) {
    const user = requireUser(ctx);
    const url = await startCardSetup(domainOf(ctx), requireStripe(ctx), portalOf(ctx), {
      userId: user.userId,
      email: user.userEmail,
      name: user.userName,
    });
    return json({ url });
  },
});

const searchPaymentMethod = route(renewalCalls["search-payment-method"], {
  async handler(ctx) {
    const user = requireUser(ctx);
    const cards = await cardList(ctx.db, user.userId);
    return list(cards, cards.length, 1, Math.max(cards.length, 1));
  },
});

const deletePaymentMethod = route(renewalCalls["delete-payment-method"], {
  available: requireStripe,
  async handler(ctx, input) {
    const user = requireUser(ctx);
    await deleteCard(domainOf(ctx), requireStripe(ctx), user.userId, input.paymentMethodId);
    return json({ message: success(ctx, "cardRemoved") });
  },
});

const updatePaymentMethod = route(renewalCalls["update-payment-method"], {
  async handler(ctx, input) {
    const user = requireUser(ctx);
    await setDefaultCard(domainOf(ctx), user.userId, input.paymentMethodId);
    return json({ message: success(ctx, "defaultCardChosen") });
  },
});

export const routes = [updateAutoRenew, startCardSetupCall, searchPaymentMethod, deletePaymentMethod, updatePaymentMethod];
