import { scopeOf } from "../auth/ability";
import { runFolded } from "../db/folded";
import { statementTemplate } from "../db/templates";
import { counterName, counterTotal, pageWindow, totalOf } from "../db/counts";
import { requireUser } from "../http/context";
import { forbidden } from "../errors";
import { list } from "../http/respond";
import { route } from "../http/route";
import type { ListRowOf } from "../contract";
import { quotaCalls } from "../contract/commerce";

/** The values of a search-subscription request its statement binds (db/templates.ts). */
type SubscriptionListValues = {
  userId: number;
  /** The counter of the user's subscriptions. */
  counter: string;
  offset: number;
  limit: number;
};

/** A search-subscription request (the user whose subscriptions it reads) as its statement's values. */
export const subscriptionListValues = (userId: number, page: number, limit: number): SubscriptionListValues => ({
  userId,
  counter: counterName("subscriptions", ["user", userId]),
  ...pageWindow(page, limit),
});

/** search-subscription's statement: its page, then its total, built once per shape and bound per request. */
export const subscriptionList = statementTemplate<SubscriptionListValues>((db, v) => [
  db
    .selectFrom("subscriptions as s")
    .innerJoin("items as i", "i.itemId", "s.itemId")
    .select(["s.subscriptionId", "s.itemId", "i.itemName", "i.itemUrl", "s.startsAt", "s.endsAt"])
    .where("s.userId", "=", v.userId)
    .orderBy("s.endsAt", "desc")
    .limit(v.limit)
    .offset(v.offset),
  counterTotal(db, v.counter),
]);

const searchSubscription = route(quotaCalls["search-subscription"], {
  async handler(ctx, input) {
    const user = requireUser(ctx);
    const userId = input.userId ?? user.userId;
    // Someone else's subscriptions are for those who read every user's payments (admins).
    if (userId !== user.userId && scopeOf(ctx.ability, "read", "Payment") !== "all") {
      throw forbidden("ownSubscriptionsOnly");
    }
    const now = new Date().toISOString();
    const values = subscriptionListValues(userId, input.page, input.limit);
    const [rows, total] = await runFolded(ctx.env.DB, subscriptionList.parts(ctx.db, values));
    // A subscription that extends another starts later; both count as active until their end.
    const data = (rows!.results as unknown as Omit<ListRowOf<"search-subscription">, "active">[]).map((s) => ({
      ...s,
      active: s.endsAt > now,
    }));
    return list(data, totalOf(total), input.page, input.limit);
  },
});

export const subscriptionsRoutes = [searchSubscription];
