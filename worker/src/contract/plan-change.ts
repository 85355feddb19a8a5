import * as z from "zod";
import { defineCalls } from "./call";
import * as f from "./fields";

const planChangeInput = z.object({ subscriptionId: f.id(), itemId: f.id() });

export const planChangeCalls = defineCalls({
  "quote-plan-change": {
    summary:
      "What moving one of the caller's active item subscriptions to another item costs now: the new price less the unused share of the current one. Changes nothing.",
    access: ["create", "Payment"],
    readsOnly: true,
    input: planChangeInput,
    answer: z.strictObject({
      price: z.number().int().meta({ description: "The new item's price." }),
      daysLeft: z.number().int().meta({ description: "Whole days left on the current subscription (today counts as used)." }),
      credit: z.number().int().meta({ description: "The unused share of the current item, rounded down." }),
      amount: z.number().int().meta({ description: "What the change costs: price less credit, never below 0." }),
      points: z.number().int().meta({ description: "A credit larger than the price: the difference, granted as points." }),
    }),
  },
  "change-plan": {
    summary:
      "Moves one of the caller's active item subscriptions to another item once paid: one payment (one per subscription while it is open) at the new price less the unused share of the current one, never below 0; nothing to pay is granted at once.",
    access: ["create", "Payment"],
    input: planChangeInput,
    answer: z.strictObject({
      message: z.string(),
      referenceId: z.string(),
      amount: z.number().int(),
      credit: z.number().int(),
    }),
  },
});

export const groups = { PlanChange: planChangeCalls };
