import { runBatch } from "../db";
import { list } from "../http/respond";
import { route } from "../http/route";
import type { ListRowOf } from "../contract";
import { adminCalls } from "../contract/admin";

const searchOutbox = route(adminCalls["search-outbox"], {
  async handler(ctx, { status, page, limit }) {
    let base = ctx.db.selectFrom("outbox");
    if (status) base = base.where("status", "=", status);
    // Bodies hold one-time links (reset, verification): only those who manage the outbox see them.
    const withBody = ctx.ability.can("manage", "Outbox");
    const [rows, count] = await runBatch(ctx.env.DB, [
      base
        .select([
          "mailId",
          "toEmail",
          "mailKind",
          "mailSubject",
          "mailBody",
          "status",
          "attempts",
          "lastError",
          "createdAt",
          "sentAt",
        ])
        .orderBy("createdAt", "desc")
        .orderBy("mailId", "desc")
        .limit(limit)
        .offset((page - 1) * limit),
      base.select((eb) => eb.fn.countAll<number>().as("n")),
    ]);
    const data = (rows!.results as unknown as ListRowOf<"search-outbox">[]).map(({ mailBody, ...rest }) => ({
      ...rest,
      mailBody: withBody ? mailBody : null,
    }));
    return list(data, Number((count!.results[0] as { n: number }).n), page, limit);
  },
});

export const outboxAdminRoutes = [searchOutbox];
