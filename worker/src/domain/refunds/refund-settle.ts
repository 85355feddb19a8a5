import { sql } from "kysely";
import { randomToken } from "../../auth/crypto";
import { changes, prepare, runBatch } from "../../db";
import { audit, oneRowChanged, type AuditEntry } from "../audit";
import type { DomainContext, Portal } from "../context";
import { byLanguageSql, formatMoney, mailTexts, renderAll } from "../outbox/mails";
import { parseLines } from "../payments/lines";
import { referralTakeBackStatements } from "../referrals/rewards";
import { consumeGrantsSql } from "../points/grants";

/**
 * Settling a refund: the one batch that turns a pending refund into a credit note and takes back what
 * the refunded part of the payment granted. Every refund goes through here (an admin's transfer refund,
 * Stripe's answer to ours, a refund made in Stripe's dashboard arriving as events), so each settles once.
 *
 * As in the grant (grant.ts), the first statement is the only real condition (the refund is still
 * pending): it writes a fresh settle token and takes the next credit-note number; every later statement
 * runs only where the refund carries that token, so a replay or a racing event changes nothing.
 */

/** How a credit note is written, for mails and PDFs: CN-7. */
export const creditNoteLabel = (n: number | string) => `CN-${n}`;

export interface SettleRefund {
  refundKey: string;
  /** Stripe's id of the refund, when Stripe made it. */
  stripeRefundId?: string | null;
  portal: Portal;
}

interface PendingRefund {
  refundKey: string;
  referenceId: string;
  userId: number;
  amount: number;
  currency: string;
  reason: string;
  method: string;
  lines: string;
  invoiceNumber: number;
  paymentLines: string;
}

async function loadPending({ db }: DomainContext, refundKey: string): Promise<PendingRefund | undefined> {
  return db
    .selectFrom("refunds as r")
    .innerJoin("payments as p", "p.referenceId", "r.referenceId")
    .select([
      "r.refundKey",
      "r.referenceId",
      "r.userId",
      "r.amount",
      "r.currency",
      "r.reason",
      "r.method",
      "r.lines",
      "p.invoiceNumber",
      "p.lines as paymentLines",
    ])
    .where("r.refundKey", "=", refundKey)
    .where("r.status", "=", "pending")
    .executeTakeFirst() as Promise<PendingRefund | undefined>;
}

/** Stand-in for the credit-note number in the mail texts, which only the batch knows. */
const NUMBER = "\u0001number\u0001";

/** The statements that settle `refund` (see above); the first one's changes tell whether this call did. */
function settleStatements(context: DomainContext, refund: PendingRefund, opts: SettleRefund): D1PreparedStatement[] {
  const { d1, actor } = context;
  const token = randomToken(18);
  const now = new Date().toISOString();
  const { refundKey, referenceId } = refund;
  const marker = "EXISTS (SELECT 1 FROM refunds WHERE refundKey = ? AND settleToken = ?)";
  const when = (text: string, ...binds: unknown[]) => d1.prepare(`${text} AND ${marker}`).bind(...binds, refundKey, token);
  const ledgerRef = `reclaim:${refundKey}`;
  // Points the whole payment granted; a refund takes back its share of them, counted on what is refunded
  // in all (floor of the share after, less the share before), so refunds in parts take back all of them.
  const granted = parseLines(refund.paymentLines).reduce(
    (sum, l) => sum + (l.kind === "bundle" ? (l.points ?? 0) * l.qty : 0),
    0,
  );
  // Of points that expire, only what is left of the payment's own grants can come back (decision 0028):
  // what was spent or has expired stays so. Points that never expire are capped by the balance alone.
  const neverExpiring = parseLines(refund.paymentLines).reduce(
    (sum, l) => sum + (l.kind === "bundle" && !l.validDays ? (l.points ?? 0) * l.qty : 0),
    0,
  );
  const reclaimable = `(?5 + (SELECT coalesce(sum(g.remaining), 0) FROM quota_grants g
    WHERE g.userId = r.userId AND g.remaining > 0 AND g.referenceId = ?6))`;
  const takeBack = consumeGrantsSql({ userId: refund.userId, amount: { ledgerRef }, referenceId });
  // This refund completes the payment: it ends what the payment started.
  const completes = "(SELECT amount - refundedAmount FROM payments WHERE referenceId = ?) = ?";
  const grantRefs = ["payment:" + referenceId + ":", "payment:" + referenceId + ";"];

  const statements = [
    d1
      .prepare(
        `UPDATE refunds SET status = 'succeeded', settleToken = ?, settledAt = ?, stripeRefundId = coalesce(?, stripeRefundId),
           creditNoteNumber = (SELECT counterValue + 1 FROM counters WHERE counterName = 'credit-note')
         WHERE refundKey = ? AND status = 'pending'`,
      )
      .bind(token, now, opts.stripeRefundId ?? null, refundKey),
    when("UPDATE counters SET counterValue = counterValue + 1 WHERE counterName = 'credit-note'"),
    when(
      // D1 may bind numbers as reals: the casts keep the division an integer one (rounded down).
      `UPDATE refunds SET pointsWanted = (SELECT CAST(?1 AS INTEGER) * (p.refundedAmount + CAST(?2 AS INTEGER)) / p.amount
           - CAST(?1 AS INTEGER) * p.refundedAmount / p.amount
         FROM payments p WHERE p.referenceId = ?3) WHERE refundKey = ?4`,
      granted,
      refund.amount,
      referenceId,
      refundKey,
    ),
    // Never below zero: what the client already spent stays spent, and is named on the credit note.
    when(
      `INSERT INTO quota_ledger (userId, delta, reason, ref, note, actorId)
       SELECT u.userId, -min(u.userQuota, r.pointsWanted, ${reclaimable}), 'grant', ?1, ?2, ?3
       FROM refunds r JOIN users u ON u.userId = r.userId
       WHERE r.refundKey = ?4 AND min(u.userQuota, r.pointsWanted, ${reclaimable}) > 0`,
      ledgerRef,
      `Refund of invoice #${refund.invoiceNumber}`,
      actor.userId,
      refundKey,
      neverExpiring,
      referenceId,
    ),
    when(
      `UPDATE users SET userQuota = userQuota + (SELECT delta FROM quota_ledger WHERE ref = ?)
       WHERE userId = ? AND EXISTS (SELECT 1 FROM quota_ledger WHERE ref = ?)`,
      ledgerRef,
      refund.userId,
      ledgerRef,
    ),
    when(takeBack.text, ...takeBack.binds),
    when(
      "UPDATE refunds SET pointsReclaimed = coalesce((SELECT -delta FROM quota_ledger WHERE ref = ?), 0) WHERE refundKey = ?",
      ledgerRef,
      refundKey,
    ),
    when(
      `UPDATE refunds SET subscriptionsEnded = (SELECT count(*) FROM subscriptions
         WHERE grantRef >= ? AND grantRef < ? AND endsAt > ?) WHERE refundKey = ? AND ${completes}`,
      ...grantRefs,
      now,
      refundKey,
      referenceId,
      refund.amount,
    ),
    // A subscription that has not started yet never ran: it goes; a running one ends now.
    when(
      `DELETE FROM subscriptions WHERE grantRef >= ? AND grantRef < ? AND startsAt >= ? AND ${completes}`,
      ...grantRefs,
      now,
      referenceId,
      refund.amount,
    ),
    when(
      `UPDATE subscriptions SET endsAt = ? WHERE grantRef >= ? AND grantRef < ? AND endsAt > ? AND ${completes}`,
      now,
      ...grantRefs,
      now,
      referenceId,
      refund.amount,
    ),
    ...referralTakeBackStatements(when, referenceId, refund.userId, refund.amount, actor.userId),
    when(
      `UPDATE payments SET refundedAmount = refundedAmount + ?1, refundPending = refundPending - ?1, updatedAt = ?2,
         status = CASE WHEN refundedAmount + ?1 >= amount THEN 'refunded' ELSE 'partially_refunded' END
       WHERE referenceId = ?3`,
      refund.amount,
      now,
      referenceId,
    ),
    creditNoteMail(context, refund, opts.portal, token),
  ];
  const settled = sql<boolean>`EXISTS (SELECT 1 FROM refunds WHERE refundKey = ${refundKey} AND settleToken = ${token})`;
  const entry: AuditEntry = {
    action: "refund-payment",
    subject: "Payment",
    subjectId: referenceId,
    detail: {
      refundKey,
      amount: refund.amount,
      method: refund.method,
      reason: refund.reason,
      stripeRefundId: opts.stripeRefundId ?? null,
    },
  };
  statements.push(
    prepare(d1, audit(context, entry, settled)),
    // The audit row names what only the batch knows: the credit note, the points taken and those already spent.
    d1
      .prepare(
        `UPDATE audit_log SET detail = json_set(detail, '$.creditNoteNumber', r.creditNoteNumber, '$.pointsReclaimed',
           r.pointsReclaimed, '$.pointsSpent', r.pointsWanted - r.pointsReclaimed, '$.subscriptionsEnded', r.subscriptionsEnded)
         FROM refunds r WHERE audit_log.rowid = last_insert_rowid() AND changes() = 1 AND r.refundKey = ? AND r.settleToken = ?`,
      )
      .bind(refundKey, token),
  );
  return statements;
}

/** The credit-note mail to the buyer, in their stored language, its PDF attached when it is sent. */
function creditNoteMail(context: DomainContext, refund: PendingRefund, portal: Portal, token: string): D1PreparedStatement {
  const { en, fr, ar } = renderAll((language) =>
    mailTexts(language, portal.mailTemplates).creditNote({
      name: "\u0002name\u0002",
      site: portal.siteName,
      number: creditNoteLabel(NUMBER),
      invoiceNumber: refund.invoiceNumber,
      amount: formatMoney(language, refund.amount, refund.currency),
      reason: refund.reason,
      url: `${portal.origin}/pages/account-settings/billing`,
    }),
  );
  const pick = (first: number) => byLanguageSql("u.mailLanguage", first);
  return context.d1
    .prepare(
      `INSERT INTO outbox (toEmail, mailKind, mailSubject, mailBody, mailHtml, attachment)
       SELECT u.userEmail, 'credit-note', replace(${pick(1)}, ?10, r.creditNoteNumber),
              replace(replace(${pick(4)}, ?10, r.creditNoteNumber), ?11, u.userName),
              replace(replace(${pick(7)}, ?10, r.creditNoteNumber), ?11,
                replace(replace(replace(replace(replace(u.userName, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')),
              'credit-note:' || r.creditNoteNumber
         FROM refunds r JOIN users u ON u.userId = r.userId
        WHERE r.refundKey = ?12 AND r.settleToken = ?13 AND u.deletedAt IS NULL`,
    )
    .bind(
      en.subject,
      fr.subject,
      ar.subject,
      en.body,
      fr.body,
      ar.body,
      en.html,
      fr.html,
      ar.html,
      NUMBER,
      "\u0002name\u0002",
      refund.refundKey,
      token,
    );
}

export type SettleOutcome = "settled" | "not_pending";

/** Settles a pending refund once: "settled" for the call that did, "not_pending" for a replay or a racer. */
export async function settleRefund(context: DomainContext, opts: SettleRefund): Promise<SettleOutcome> {
  const refund = await loadPending(context, opts.refundKey);
  if (!refund) return "not_pending";
  const [first] = await runBatch(context.d1, settleStatements(context, refund, opts));
  return changes(first) > 0 ? "settled" : "not_pending";
}

/**
 * A refund that did not happen (Stripe refused or failed it): its reservation is released and it shows
 * as failed; it took no credit-note number. A refund Stripe failed after it had succeeded keeps its
 * credit note, which then shows failed too: the money did not reach the client, an admin follows up.
 */
export async function failRefund(context: DomainContext, refundKey: string, failureReason: string | null): Promise<boolean> {
  const refund = await context.db
    .selectFrom("refunds")
    .select(["referenceId", "amount", "status"])
    .where("refundKey", "=", refundKey)
    .executeTakeFirst();
  if (!refund || refund.status === "failed") return false;
  const now = new Date().toISOString();
  // A pending refund gives its reservation back; a settled one no longer counts as refunded.
  const release =
    refund.status === "pending"
      ? "refundPending = refundPending - ?1"
      : "refundedAmount = refundedAmount - ?1, status = CASE WHEN refundedAmount - ?1 > 0 THEN 'partially_refunded' ELSE 'paid' END";
  const [failed] = await runBatch(context.d1, [
    context.db
      .updateTable("refunds")
      .set({ status: "failed", failureReason })
      .where("refundKey", "=", refundKey)
      .where("status", "=", refund.status),
    context.d1
      .prepare(`UPDATE payments SET ${release}, updatedAt = ?2 WHERE referenceId = ?3 AND changes() = 1`)
      .bind(refund.amount, now, refund.referenceId),
    prepare(
      context.d1,
      audit(
        context,
        {
          action: "refund-failed",
          subject: "Payment",
          subjectId: refund.referenceId,
          outcome: "failed",
          detail: { refundKey, failureReason },
        },
        oneRowChanged,
      ),
    ),
  ]);
  return changes(failed) > 0;
}
