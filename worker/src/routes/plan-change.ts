import { planChangeCalls } from "../contract/plan-change";
import { buyerPartyOf } from "../domain/payments/billing";
import { grantPayment } from "../domain/payments/grant";
import { makePlanChangePayment, quotePlanChange } from "../domain/planchange/change";
import { loadStoreSettings, sellerBlockOf, taxOfSettings } from "../domain/storesettings/settings";
import { domainOf, portalOf, requireUser } from "../http/context";
import { json, success } from "../http/respond";
import { route } from "../http/route";
import { storeDefaultsOf } from "../http/settings";

const quotePlanChangeCall = route(planChangeCalls["quote-plan-change"], {
  async handler(ctx, input) {
    const user = requireUser(ctx);
    const { proration } = await quotePlanChange(ctx.db, { userId: user.userId, ...input });
    return json(proration);
  },
});

const changePlan = route(planChangeCalls["change-plan"], {
  async handler(ctx, input) {
    const user = requireUser(ctx);
    const settings = await loadStoreSettings(ctx.db, storeDefaultsOf(ctx.env));
    const context = domainOf(ctx);
    const payment = await makePlanChangePayment(
      context,
      { userId: user.userId, ...input },
      {
        tax: taxOfSettings(settings),
        buyer: await buyerPartyOf(ctx.db, user.userId),
        currency: ctx.env.CURRENCY,
        expiryHours: settings.paymentExpiryHours,
      },
    );
    // Nothing to pay (a credit as large as the price): the change is granted at once, with its invoice.
    if (payment.amount === 0) {
      await grantPayment(context, {
        referenceId: payment.referenceId,
        portal: portalOf(ctx, settings.siteName),
        seller: sellerBlockOf(settings),
      });
    }
    return json({
      message: success(ctx, payment.amount === 0 ? "planChanged" : "planChangeMade"),
      referenceId: payment.referenceId,
      amount: payment.amount,
      credit: payment.credit,
    });
  },
});

export const routes = [quotePlanChangeCall, changePlan];
