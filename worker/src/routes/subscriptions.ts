import type { InferResult } from "kysely";
import { scopeOf } from "../auth/ability";
import { readFolded } from "../db/folded";
import { counterName, counterTotal, pageWindow, totalOf } from "../db/counts";
import { requireUser } from "../http/context";
import { forbidden } from "../errors";
import { list } from "../http/respond";
import { route } from "../http/route";
import { quotaCalls } from "../contract/commerce";

const searchSubscription = route(quotaCalls["search-subscription"], {
  async handler(ctx, input) {
    const user = requireUser(ctx);
    const userId = input.userId ?? user.userId;
    // Someone else's subscriptions are for those who read every user's payments (admins).
    if (userId !== user.userId && scopeOf(ctx.ability, "read", "Payment") !== "all") {
      throw forbidden("ownSubscriptionsOnly");
    }
    const now = new Date().toISOString();
    const window = pageWindow(input.page, input.limit);
    const page = ctx.db
      .selectFrom("subscriptions as s")
      .innerJoin("items as i", "i.itemId", "s.itemId")
      .select(["s.subscriptionId", "s.itemId", "i.itemName", "i.itemUrl", "s.startsAt", "s.endsAt"])
      .where("s.userId", "=", userId)
      .orderBy("s.endsAt", "desc")
      .limit(window.limit)
      .offset(window.offset);
    const [rows, total] = await readFolded(ctx.env.DB, [
      page,
      counterTotal(ctx.db, counterName("subscriptions", ["user", userId])),
    ]);
    // A subscription that extends another starts later; both count as active until their end.
    const data = (rows!.results as InferResult<typeof page>).map((s) => ({ ...s, active: s.endsAt > now }));
    return list(data, totalOf(total), input.page, input.limit);
  },
});

export const subscriptionsRoutes = [searchSubscription];
