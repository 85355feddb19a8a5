import { sql } from "kysely";
import type { DB } from "../../db";
import { UNAPPLIED_CHARGE, type UnappliedReason } from "./card";
import { selectPayments } from "./queries";

/** How many of each the payments list shows above itself. */
export const ATTENTION_ROWS = 20;
/** The awaiting payments counted at most (the answer says "1,000+" past it). */
export const AWAITING_CAP = 1000;
/** Charges recorded for a refund longer ago than this are no longer shown (the audit log keeps them). */
const REFUND_DAYS = 90;

/**
 * What waits for an admin, shown first on the payments list (issue 30), in one round trip: payments with
 * a proof of transfer (they never expire, so they wait for a confirmation or a cancellation), oldest
 * first, and their count; then the card charges recorded for a refund (`card-payment-unapplied` audit
 * rows) with the payment's amount where the portal knows it. Served by payments_status and audit_action.
 */
export function attentionQueries(db: DB, now = new Date()) {
  const waiting = sql<boolean>`p.status = 'awaiting_confirmation'`;
  const awaiting = selectPayments(db, waiting)
    .clearOrderBy()
    .orderBy("p.createdAt", "asc")
    .orderBy("p.paymentId", "asc")
    .limit(ATTENTION_ROWS);
  // Counted up to AWAITING_CAP: proofs never expire, so an unwatched portal could gather many.
  const awaitingTotal = db
    .selectFrom(
      db.selectFrom("payments").select("paymentId").where("status", "=", "awaiting_confirmation").limit(AWAITING_CAP).as("w"),
    )
    .select((eb) => eb.fn.countAll<number>().as("total"));
  const since = new Date(now.getTime() - REFUND_DAYS * 86_400_000).toISOString();
  const refunds = db
    .selectFrom("audit_log as a")
    .leftJoin("payments as p", "p.referenceId", "a.subjectId")
    .select(["a.auditId", "a.subjectId as referenceId", "a.detail", "a.createdAt", "p.amount", "p.currency"])
    .where("a.action", "=", UNAPPLIED_CHARGE)
    .where("a.createdAt", ">=", since)
    .orderBy("a.createdAt", "desc")
    .limit(ATTENTION_ROWS);
  return [awaiting, awaitingTotal, refunds] as const;
}

export interface RefundRow {
  auditId: number;
  referenceId: string;
  detail: string;
  createdAt: string;
  amount: number | null;
  currency: string | null;
}

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
