import { runFolded } from "../db/folded";
import { statementTemplate } from "../db/templates";
import { counterName, counterTotal, pageWindow, totalOf } from "../db/counts";
import { list } from "../http/respond";
import { route } from "../http/route";
import type { ListRowOf } from "../contract";
import { adminCalls, type OUTBOX_STATUSES } from "../contract/admin";

type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** The values of a search-outbox request its statement binds (db/templates.ts); null: not set. */
type OutboxListValues = {
  status: OutboxStatus | null;
  /** The counter of the filter. */
  counter: string;
  offset: number;
  limit: number;
};

/** A search-outbox request as its statement's values. */
export function outboxListValues(status: OutboxStatus | undefined, page: number, limit: number): OutboxListValues {
  const counter = status ? counterName("outbox", ["status", status]) : counterName("outbox");
  return { status: status || null, counter, ...pageWindow(page, limit) };
}

/** search-outbox's statement: its page, then its total, built once per shape and bound per request. */
export const outboxList = statementTemplate<OutboxListValues>((db, v) => {
  let base = db.selectFrom("outbox");
  if (v.status !== null) base = base.where("status", "=", v.status);
  return [
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
        "claimedAt",
      ])
      .orderBy("createdAt", "desc")
      .orderBy("mailId", "desc")
      .limit(v.limit)
      .offset(v.offset),
    counterTotal(db, v.counter),
  ];
});

const searchOutbox = route(adminCalls["search-outbox"], {
  async handler(ctx, { status, page, limit }) {
    // Bodies hold one-time links (reset, verification): only those who manage the outbox see them.
    const withBody = ctx.ability.can("manage", "Outbox");
    const [rows, total] = await runFolded(ctx.env.DB, outboxList.parts(ctx.db, outboxListValues(status, page, limit)));
    type StoredRow = ListRowOf<"search-outbox"> & { claimedAt: string | null };
    const data = (rows!.results as unknown as StoredRow[]).map(({ mailBody, claimedAt, ...rest }) => ({
      ...rest,
      // Claimed by a delivery and not yet recorded: being sent (domain/outbox/delivery.ts).
      status: rest.status === "queued" && claimedAt !== null ? ("sending" as const) : rest.status,
      mailBody: withBody ? mailBody : null,
    }));
    return list(data, totalOf(total), page, limit);
  },
});

export const outboxAdminRoutes = [searchOutbox];
