import { randomToken } from "../../auth/crypto";
import { changes, runBatch } from "../../db";
import { actorOf, type Ctx } from "../../http/context";
import { conflict, notFound } from "../../errors";
import { parseLines, type PaymentLine } from "./lines";
import { receiptStatement } from "./receipt";

export interface GrantOptions {
  referenceId: string;
  /** "gateway" when the webhook marks it paid; otherwise the method stays as it was. */
  method?: "gateway" | "manual";
  /** The webhook's amount: the payment is marked paid only when it matches. */
  amount?: number;
  /** Audit action to record with the grant (admin confirmations, manual payments). */
  auditAction?: string;
}

/**
 * The statements that mark a payment paid and grant what it bought, for ONE batch (one transaction).
 *
 * The first statement is the only one with a real condition (still pending or awaiting confirmation):
 * it writes a fresh random grant token. Every later statement runs only where the payment carries that
 * token, so when the first changes nothing (already paid, cancelled, expired, amount differs) the
 * batch changes nothing at all. Ledger refs and subscription grantRefs are UNIQUE as a second line of
 * defence. The invoice number is the counter + 1 taken in the same transaction: gap-free.
 */
export function grantStatements(ctx: Ctx, userId: number, lines: PaymentLine[], opts: GrantOptions): D1PreparedStatement[] {
  const d1 = ctx.env.DB;
  const token = randomToken(18);
  const now = new Date().toISOString();
  const { referenceId } = opts;
  const marker = "EXISTS (SELECT 1 FROM payments WHERE referenceId = ? AND grantToken = ?)";
  const when = (sqlText: string, ...binds: unknown[]) =>
    d1.prepare(`${sqlText} AND ${marker}`).bind(...binds, referenceId, token);

  const markPaid = d1
    .prepare(
      `UPDATE payments SET status = 'paid', paidAt = ?, updatedAt = ?, grantToken = ?,
         method = coalesce(?, method),
         invoiceNumber = (SELECT counterValue + 1 FROM counters WHERE counterName = 'invoice')
       WHERE referenceId = ? AND status IN ('pending', 'awaiting_confirmation')${opts.amount === undefined ? "" : " AND amount = ?"}`,
    )
    .bind(now, now, token, opts.method ?? null, referenceId, ...(opts.amount === undefined ? [] : [opts.amount]));

  const statements = [markPaid, when("UPDATE counters SET counterValue = counterValue + 1 WHERE counterName = 'invoice'")];
  const actor = actorOf(ctx);

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
          actor.actorId,
        ),
        when("UPDATE users SET userQuota = userQuota + ? WHERE userId = ?", points, userId),
      );
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
    }
  });

  statements.push(receiptStatement(ctx, referenceId, token, lines));
  if (opts.auditAction) {
    statements.push(
      when(
        `INSERT INTO audit_log (actorId, actorEmail, ip, action, subject, subjectId, detail)
         SELECT ?, ?, ?, ?, 'Payment', ?, ? WHERE 1`,
        actor.actorId,
        actor.actorEmail,
        actor.ip,
        opts.auditAction,
        referenceId,
        JSON.stringify({ userId }),
      ),
    );
  }
  return statements;
}

/** Items a payment grants must still exist (subscriptions reference them). */
export async function assertGrantable(ctx: Ctx, lines: PaymentLine[]): Promise<void> {
  const itemIds = lines.filter((l) => l.kind === "item").map((l) => l.refId);
  if (itemIds.length === 0) return;
  const found = await ctx.db.selectFrom("items").select("itemId").where("itemId", "in", itemIds).execute();
  if (found.length !== new Set(itemIds).size) {
    throw conflict("An item of this payment no longer exists; cancel the payment instead.", "item_missing");
  }
}

export type GrantOutcome = "granted" | "already_paid" | "not_payable";

/** Marks a payment paid and grants it, exactly once; tells what happened. */
export async function grantPayment(ctx: Ctx, opts: GrantOptions): Promise<GrantOutcome> {
  const payment = await ctx.db
    .selectFrom("payments")
    .select(["userId", "lines", "status"])
    .where("referenceId", "=", opts.referenceId)
    .executeTakeFirst();
  if (!payment) throw notFound("No such payment.");
  if (payment.status === "paid") return "already_paid";
  const lines = parseLines(payment.lines);
  await assertGrantable(ctx, lines);
  const [first] = await runBatch(ctx.env.DB, grantStatements(ctx, payment.userId, lines, opts));
  if (changes(first) > 0) return "granted";
  const after = await ctx.db
    .selectFrom("payments")
    .select("status")
    .where("referenceId", "=", opts.referenceId)
    .executeTakeFirstOrThrow();
  return after.status === "paid" ? "already_paid" : "not_payable";
}
