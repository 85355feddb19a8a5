import { listPage } from "../db/list";
import { outboxList } from "../domain/outbox/list";
import { list } from "../http/respond";
import { route } from "../http/route";
import type { ListRowOf } from "../contract";
import { adminCalls } from "../contract/admin";

const searchOutbox = route(adminCalls["search-outbox"], {
  async handler(ctx, { status, page, limit }) {
    // Bodies hold one-time links (reset, verification): only those who manage the outbox see them.
    const withBody = ctx.ability.can("manage", "Outbox");
    const { query, ...options } = outboxList(ctx.db, status);
    type StoredRow = ListRowOf<"search-outbox"> & { claimedAt: string | null };
    const found = await listPage<StoredRow>(ctx.db, query, { ...options, window: { page, limit } });
    const data = found.rows.map(({ mailBody, claimedAt, ...rest }) => ({
      ...rest,
      // Claimed by a delivery and not yet recorded: being sent (domain/outbox/delivery.ts).
      status: rest.status === "queued" && claimedAt !== null ? ("sending" as const) : rest.status,
      mailBody: withBody ? mailBody : null,
    }));
    return list(data, found, page, limit);
  },
});

export const routes = [searchOutbox];
