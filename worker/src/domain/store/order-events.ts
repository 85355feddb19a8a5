import { sql } from "kysely";
import type { DB } from "../../db";
import type { AnySelect, ListOptions } from "../../db/list";
import type { RowOf } from "../../db/rows";

/** The audit rows about payments (subject 'Payment', whose subjectId is the reference). */
const paymentEvents = (db: DB) =>
  db
    .selectFrom("audit_log as a")
    .select(["a.auditId", "a.subjectId as referenceId", "a.action", "a.actorEmail", "a.outcome", "a.detail", "a.createdAt"])
    .where("a.subject", "=", "Payment");

export type OrderEventRow = RowOf<typeof paymentEvents>;

export const toOrderEvent = ({ detail, ...row }: OrderEventRow) => ({
  ...row,
  detail: JSON.parse(detail || "{}") as Record<string, unknown>,
});

/**
 * search-order-event as a list (db/list.ts): the audit rows about payments (subject 'Payment', whose
 * subjectId is the reference), newest first, through the partial index audit_payment (migration 0270).
 */
export function orderEventList(db: DB, referenceId: string | undefined): { query: AnySelect } & Omit<ListOptions, "window"> {
  let query = paymentEvents(db);
  if (referenceId !== undefined) query = query.where("a.subjectId", "=", referenceId);
  return { query, order: [[sql`a.auditId`, "desc"]] };
}
