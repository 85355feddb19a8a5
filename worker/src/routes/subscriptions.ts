import { scopeOf } from "../auth/ability";
import { listPage } from "../db/list";
import { subscriptionList } from "../domain/payments/subscriptions";
import { requireUser } from "../http/context";
import { forbidden } from "../errors";
import { list } from "../http/respond";
import { route } from "../http/route";
import type { ListRowOf } from "../contract";
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
    const { query, ...options } = subscriptionList(ctx.db, userId);
    const page = await listPage<Omit<ListRowOf<"search-subscription">, "active" | "autoRenew"> & { autoRenew: number }>(
      ctx.db,
      query,
      { ...options, window: input },
    );
    // A subscription that extends another starts later; both count as active until their end.
    const data = page.rows.map((s) => ({ ...s, active: s.endsAt > now, autoRenew: s.autoRenew === 1 }));
    return list(data, page, input.page, input.limit);
  },
});

export const routes = [searchSubscription];
