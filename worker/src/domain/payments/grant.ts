import { sql } from "kysely";
import { randomToken } from "../../auth/crypto";
import { changes, prepare, runBatch, type DB } from "../../db";
import { conflict, notFound } from "../../errors";
import type { AuditAction } from "../../contract/admin";
import { audit } from "../audit";
import type { DomainContext, Portal } from "../context";
import { parseLines, type LineProration, type PaymentLine } from "./lines";
import { paymentConfirmedStatement } from "../notifications/notify";
import { receiptStatement } from "../invoices/receipt";
import type { SellerBlock } from "../storesettings/settings";
import { referralRewardStatements } from "../referrals/rewards";

/** A card payment's Stripe ids: its Checkout Session (the one the payment recorded) and the PaymentIntent. */
export interface CardPaid {
  sessionId: string;
  paymentIntentId: string | null;
}

export interface GrantOptions {
  referenceId: string;
  /** "gateway" when the webhook marks it paid; otherwise the method stays as it was. */
  method?: "gateway" | "manual";
  /**
   * Paid by card through the Checkout Session the payment recorded (method "card"). The money was
   * taken at the frozen amount, so a payment the cron expired meanwhile is granted too.
   */
  card?: CardPaid;
  /** Charged off-session on a saved card by a renewal (domain/renewals): method "card", no Checkout Session. */
  offSession?: { paymentIntentId: string };
  /** The webhook's amount: the payment is marked paid only when it matches. */
  amount?: number;
  /** Audit action to record with the grant (admin confirmations, manual payments). */
  auditAction?: AuditAction;
  /** Where the receipt mail's link points, and the name it signs with. */
  portal: Portal;
  /** The seller block of the store settings in force: the invoice issued now keeps it (payments.sellerJson). */
  seller: SellerBlock;
}

/**
 * The statements that mark a payment paid and grant what it bought, for ONE batch (one transaction).
 * Every way a payment is settled (an admin's confirmation, the gateway's webhook, a manual payment, a
 * Stripe card payment) goes through here, so each payment is granted exactly once.
 *
 * The first statement is the only one with a real condition (still pending or awaiting confirmation,
 * and its buyer's account not closed: a closed account is granted nothing, issue 30):
 * it writes a fresh random grant token. Every later statement runs only where the payment carries that
 * token, so when the first changes nothing (already paid, cancelled, expired, amount differs) the
 * batch changes nothing at all. Ledger refs and subscription grantRefs are UNIQUE as a second line of
 * defence. The invoice number is the counter + 1 taken in the same transaction: gap-free.
 */
export function grantStatements(
  context: DomainContext,
  userId: number,
  lines: PaymentLine[],
  opts: GrantOptions,
): D1PreparedStatement[] {
  const { d1, actor } = context;
  const token = randomToken(18);
  const now = new Date().toISOString();
  const { referenceId } = opts;
  const marker = "EXISTS (SELECT 1 FROM payments WHERE referenceId = ? AND grantToken = ?)";
  const when = (sqlText: string, ...binds: unknown[]) =>
    d1.prepare(`${sqlText} AND ${marker}`).bind(...binds, referenceId, token);

  const { card, offSession } = opts;
  const payable = card
    ? "('pending', 'awaiting_confirmation', 'expired') AND cardSessionId = ?"
    : offSession
      ? "('pending', 'expired')"
      : "('pending', 'awaiting_confirmation')";
  const markPaid = d1
    .prepare(
      `UPDATE payments SET status = 'paid', paidAt = ?, updatedAt = ?, grantToken = ?,
         method = coalesce(?, method), cardPaymentIntentId = coalesce(?, cardPaymentIntentId), sellerJson = ?,
         invoiceNumber = (SELECT counterValue + 1 FROM counters WHERE counterName = 'invoice')
       WHERE referenceId = ? AND status IN ${payable}${opts.amount === undefined ? "" : " AND amount = ?"}
         AND EXISTS (SELECT 1 FROM users u WHERE u.userId = payments.userId AND u.deletedAt IS NULL)`,
    )
    .bind(
      now,
      now,
      token,
      card || offSession ? "card" : (opts.method ?? null),
      card?.paymentIntentId ?? offSession?.paymentIntentId ?? null,
      JSON.stringify(opts.seller),
      referenceId,
      ...(card ? [card.sessionId] : []),
      ...(opts.amount === undefined ? [] : [opts.amount]),
    );

  const statements = [markPaid, when("UPDATE counters SET counterValue = counterValue + 1 WHERE counterName = 'invoice'")];

  lines.forEach((line, index) => {
    if (line.kind === "bundle" && line.points) {
      const points = line.points * line.qty;
      statements.push(
        when(
          "INSERT INTO quota_ledger (userId, delta, reason, ref, note, actorId) SELECT ?, ?, 'grant', ?, ?, ? WHERE 1",
          userId,
          points,
          `grant:${referenceId}:${index}`,
          line.name,
          actor.userId,
        ),
        when("UPDATE users SET userQuota = userQuota + ? WHERE userId = ?", points, userId),
      );
      // Points that expire are tracked per grant (decision 0028); those that never expire need no row.
      if (line.validDays) {
        statements.push(
          when(
            `INSERT INTO quota_grants (userId, referenceId, points, remaining, expiresAt, note)
             SELECT ?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', ?, ?), ? WHERE 1`,
            userId,
            referenceId,
            points,
            points,
            now,
            `+${line.validDays} days`,
            line.name,
          ),
        );
      }
    }
    if (line.kind === "item" && line.days) {
      // Starts now, or where the user's current subscription to the same item ends.
      statements.push(
        when(
          `INSERT INTO subscriptions (userId, itemId, startsAt, endsAt, grantRef)
           SELECT ?, ?, s.start, strftime('%Y-%m-%dT%H:%M:%fZ', s.start, ?), ?
           FROM (SELECT coalesce(
             (SELECT max(endsAt) FROM subscriptions WHERE userId = ? AND itemId = ? AND endsAt > ?), ?) AS start) AS s
           WHERE 1`,
          userId,
          line.refId,
          `+${line.days * line.qty} days`,
          `payment:${referenceId}:${index}`,
          userId,
          line.refId,
          now,
          now,
        ),
      );
      if (line.proration) statements.push(...planChangeStatements(when, userId, referenceId, index, line.proration, now));
    }
  });

  statements.push(...referralRewardStatements(when, referenceId, userId));
  statements.push(
    receiptStatement(d1, opts.portal, referenceId, token, lines),
    paymentConfirmedStatement(d1, referenceId, token),
  );
  if (opts.auditAction) {
    const granted = sql<boolean>`EXISTS (SELECT 1 FROM payments WHERE referenceId = ${referenceId} AND grantToken = ${token})`;
    const entry = { action: opts.auditAction, subject: "Payment", subjectId: referenceId, detail: { userId } };
    statements.push(prepare(d1, audit(context, entry, granted)));
  }
  return statements;
}

type Conditional = (sqlText: string, ...binds: unknown[]) => D1PreparedStatement;

/**
 * A paid plan change (decision 0027): the new subscription takes over the old one's auto-renew choice, the
 * old one ends now (and so never renews), and a credit larger than the price becomes points.
 */
function planChangeStatements(
  when: Conditional,
  userId: number,
  referenceId: string,
  index: number,
  proration: LineProration,
  now: string,
): D1PreparedStatement[] {
  const statements = [
    when(
      `UPDATE subscriptions SET autoRenew = (SELECT autoRenew FROM subscriptions WHERE subscriptionId = ? AND userId = ?)
       WHERE grantRef = ?`,
      proration.fromSubscriptionId,
      userId,
      `payment:${referenceId}:${index}`,
    ),
    when(
      "UPDATE subscriptions SET endsAt = ?, autoRenew = 0 WHERE subscriptionId = ? AND userId = ? AND endsAt > ?",
      now,
      proration.fromSubscriptionId,
      userId,
      now,
    ),
  ];
  if (proration.points > 0) {
    statements.push(
      when(
        "INSERT INTO quota_ledger (userId, delta, reason, ref, note) SELECT ?, ?, 'grant', ?, ? WHERE 1",
        userId,
        proration.points,
        `plan-change:${referenceId}`,
        `Plan change credit: ${proration.fromItemName}`,
      ),
      when("UPDATE users SET userQuota = userQuota + ? WHERE userId = ?", proration.points, userId),
    );
  }
  return statements;
}

/** Items a payment grants must still exist (subscriptions reference them). */
export async function assertGrantable(db: DB, lines: PaymentLine[]): Promise<void> {
  const itemIds = lines.filter((l) => l.kind === "item").map((l) => l.refId);
  if (itemIds.length === 0) return;
  const found = await db.selectFrom("items").select("itemId").where("itemId", "in", itemIds).execute();
  if (found.length !== new Set(itemIds).size) {
    throw conflict("itemGone", "item_missing");
  }
}

export type GrantOutcome = "granted" | "already_paid" | "not_payable";

/** Marks a payment paid and grants it, exactly once; tells what happened. */
export async function grantPayment(context: DomainContext, opts: GrantOptions): Promise<GrantOutcome> {
  const payment = await context.db
    .selectFrom("payments")
    .select(["userId", "lines", "status"])
    .where("referenceId", "=", opts.referenceId)
    .executeTakeFirst();
  if (!payment) throw notFound("noSuchPayment");
  if (payment.status === "paid") return "already_paid";
  const lines = parseLines(payment.lines);
  await assertGrantable(context.db, lines);
  const [first] = await runBatch(context.d1, grantStatements(context, payment.userId, lines, opts));
  if (changes(first) > 0) return "granted";
  const after = await context.db
    .selectFrom("payments")
    .select("status")
    .where("referenceId", "=", opts.referenceId)
    .executeTakeFirstOrThrow();
  return after.status === "paid" ? "already_paid" : "not_payable";
}
