import { z } from "zod";
import { scopeOf } from "../auth/ability";
import { requireUser } from "../http/context";
import { forbidden } from "../errors";
import * as f from "../http/fields";
import { list } from "../http/respond";
import { route } from "../http/route";

const searchSubscription = route({
  name: "search-subscription",
  access: "signedIn",
  readsOnly: true,
  schema: z.object({ userId: f.id().optional(), ...f.paging(10) }),
  async handler(ctx, input) {
    const user = requireUser(ctx);
    const userId = input.userId ?? user.userId;
    // Someone else's subscriptions are for those who read every user's payments (admins).
    if (userId !== user.userId && scopeOf(ctx.ability, "read", "Payment") !== "all") {
      throw forbidden("You may only see your own subscriptions.");
    }
    const now = new Date().toISOString();
    const [rows, count] = await Promise.all([
      ctx.db
        .selectFrom("subscriptions as s")
        .innerJoin("items as i", "i.itemId", "s.itemId")
        .select(["s.subscriptionId", "s.itemId", "i.itemName", "i.itemUrl", "s.startsAt", "s.endsAt"])
        .where("s.userId", "=", userId)
        .orderBy("s.endsAt", "desc")
        .limit(input.limit)
        .offset((input.page - 1) * input.limit)
        .execute(),
      ctx.db
        .selectFrom("subscriptions")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("userId", "=", userId)
        .executeTakeFirstOrThrow(),
    ]);
    // A subscription that extends another starts later; both count as active until their end.
    const data = rows.map((s) => ({ ...s, active: s.endsAt > now }));
    return list(data, count.n, input.page, input.limit);
  },
});

export const subscriptionsRoutes = [searchSubscription];
