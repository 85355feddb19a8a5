import { sql } from "kysely";
import type { DB } from "../../db";
import type { AnySelect, ListOptions } from "../../db/list";
import type { RowOf } from "../../db/rows";
import { UNAPPLIED_CHARGE, type UnappliedReason } from "../stripe/card";
import { selectPayments } from "./queries";

/** How many of each the payments list shows above itself. */
export const ATTENTION_ROWS = 20;
/** Charges recorded for a refund longer ago than this are no longer shown (the audit log keeps them). */
const REFUND_DAYS = 90;

/**
 * What waits for an admin, shown first on the payments list (issue 30), as one list (db/list.ts, one
 * round trip): payments with a proof of transfer (they never expire, so they wait for a confirmation or
 * a cancellation), oldest first by id through payments_status, and their count up to COUNT_CAP (an
 * unwatched portal could gather many); with it, the card charges recorded for a refund
 * (`card-payment-unapplied` audit rows, through their partial index audit_unapplied) with the payment's
 * amount where the portal knows it.
 */
export function attentionList(db: DB, now = new Date()): { query: AnySelect } & ListOptions {
  const query = selectPayments(db, sql<boolean>`p.status = 'awaiting_confirmation'`).clearOrderBy();
  const since = new Date(now.getTime() - REFUND_DAYS * 86_400_000).toISOString();
  return {
    query,
    order: [["p.paymentId", "asc"]],
    window: { page: 1, limit: ATTENTION_ROWS },
    with: [unappliedCharges(db, since)],
  };
}

/** The newest card charges recorded for a refund since `since`, with their payment's amount where there is one. */
const unappliedCharges = (db: DB, since: string) =>
  db
    .selectFrom("audit_log as a")
    .leftJoin("payments as p", "p.referenceId", "a.subjectId")
    .select(["a.auditId", "a.subjectId as referenceId", "a.detail", "a.createdAt", "p.amount", "p.currency"])
    // A literal, as the partial index's own condition is: SQLite matches the two as written.
    .where("a.action", "=", sql.lit(UNAPPLIED_CHARGE))
    .where("a.createdAt", ">=", since)
    .orderBy("a.createdAt", "desc")
    .limit(ATTENTION_ROWS);

export type RefundRow = RowOf<typeof unappliedCharges>;

/** A stored refund row as the answer shows it; rows written before reasons were recorded read as settled another way. */
export function refundView(row: RefundRow) {
  const detail = JSON.parse(row.detail) as Partial<{
    reason: UnappliedReason;
    status: string | null;
    sessionId: string;
    paymentIntentId: string | null;
  }>;
  return {
    auditId: row.auditId,
    referenceId: row.referenceId,
    reason: detail.reason ?? "settled-another-way",
    status: detail.status ?? null,
    sessionId: detail.sessionId ?? "",
    paymentIntentId: detail.paymentIntentId ?? null,
    amount: row.amount,
    currency: row.currency,
    createdAt: row.createdAt,
  };
}
