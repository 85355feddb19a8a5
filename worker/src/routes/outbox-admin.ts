import { readFolded } from "../db/folded";
import { counterName, counterTotal, pageWindow, totalOf } from "../db/counts";
import { list } from "../http/respond";
import { route } from "../http/route";
import type { ListRowOf } from "../contract";
import { adminCalls } from "../contract/admin";

const searchOutbox = route(adminCalls["search-outbox"], {
  async handler(ctx, { status, page, limit }) {
    const window = pageWindow(page, limit);
    let base = ctx.db.selectFrom("outbox");
    if (status) base = base.where("status", "=", status);
    // Bodies hold one-time links (reset, verification): only those who manage the outbox see them.
    const withBody = ctx.ability.can("manage", "Outbox");
    const [rows, total] = await readFolded(ctx.env.DB, [
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
        .limit(window.limit)
        .offset(window.offset),
      counterTotal(ctx.db, status ? counterName("outbox", ["status", status]) : counterName("outbox")),
    ]);
    const data = (rows!.results as unknown as ListRowOf<"search-outbox">[]).map(({ mailBody, ...rest }) => ({
      ...rest,
      mailBody: withBody ? mailBody : null,
    }));
    return list(data, totalOf(total), page, limit);
  },
});

export const outboxAdminRoutes = [searchOutbox];
