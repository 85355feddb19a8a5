import * as z from "zod";
import { defineCalls, done, listOf, timestamp } from "./call";
import * as f from "./fields";

/** A saved card as the Billing tab shows it: Stripe's PaymentMethod id, never the number. */
export const savedCard = z.strictObject({
  paymentMethodId: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean().meta({ description: "The card renewals charge." }),
});

const renewingSubscription = z.strictObject({
  subscriptionId: z.number().int(),
  itemId: z.number().int(),
  startsAt: timestamp(),
  endsAt: timestamp(),
  autoRenew: z.boolean(),
});

/** Stripe's id of a saved card (`pm_…`). */
const paymentMethodId = () => f.text(255);

export const renewalCalls = defineCalls({
  "update-auto-renew": {
    summary:
      "Turns automatic renewal of one of the caller's item subscriptions on or off (off for existing ones): the cron charges the default saved card a day before it ends.",
    access: "signedIn",
    input: z.object({ subscriptionId: f.id(), autoRenew: f.bool() }),
    answer: z.strictObject({ message: z.string(), subscription: renewingSubscription }),
  },
  "start-card-setup": {
    summary: "Opens Stripe Checkout in setup mode for the caller (a Customer made once): the card is saved for renewals.",
    access: "signedIn",
    input: z.object({}),
    answer: z.strictObject({ url: z.string().meta({ description: "Stripe's hosted page." }) }),
  },
  "search-payment-method": {
    summary: "The caller's saved cards, newest first.",
    access: "signedIn",
    readsOnly: true,
    input: z.object({}),
    answer: listOf(savedCard),
  },
  "delete-payment-method": {
    summary: "Removes one of the caller's saved cards (detached at Stripe); another's card is 404.",
    access: "signedIn",
    input: z.object({ paymentMethodId: paymentMethodId() }),
    answer: done,
  },
  "update-payment-method": {
    summary: "Makes one of the caller's saved cards the default one renewals charge.",
    access: "signedIn",
    input: z.object({ paymentMethodId: paymentMethodId(), isDefault: z.literal(true) }),
    answer: done,
  },
});

export const groups = { Renewals: renewalCalls };

export const entities = { SavedCard: savedCard };
