import type { Actor } from "../../auth/actor";
import { runBatch, type DB } from "../../db";
import { HttpError } from "../../errors";
import type { RenewalsTable } from "../../db/tables/renewals";
import type { SellerBlock } from "../storesettings/settings";
import type { Selectable } from "kysely";
import type { DomainContext, Portal } from "../context";
import { audit } from "../audit";
import { grantPayment } from "../payments/grant";
import { UNAPPLIED_CHARGE } from "../stripe/card";
import type { StripeConfig } from "../stripe/stripe";
import { stripeAmount } from "../stripe/stripe-amount";
import { CardDeclined, chargeOffSession } from "../stripe/stripe-cards";
import { partyOf, renewalNotice } from "./notices";

/** How the cron reaches D1, Stripe and the mails' links. */
export interface RenewalRun {
  db: DB;
  d1: D1Database;
  portal: Portal;
  /** null: card payments are off (every renewal is paid by hand). */
  stripe: StripeConfig | null;
  /** The seller in force, written on the renewal's invoice as issued (decision 0019). */
  seller: SellerBlock;
  now?: Date;
}

export type Renewal = Selectable<RenewalsTable>;

const MINUTE = 60_000;
const DAY = 86_400_000;
/** How long a run holds a charge: a run that dies, or whose answer never came, is taken over after it. */
export const CHARGE_LEASE_MS = 10 * MINUTE;
/** The dunning schedule: retries this many days after the first charge failed (decision 0022). */
export const RETRY_AFTER_DAYS = [1, 3, 5] as const;

/** The cron acts for nobody: audit rows and ledger rows name it. */
export const CRON_ACTOR: Actor = { userId: null, email: "cron", ip: "", agent: null };

export const idempotencyKeyOf = (renewal: Pick<Renewal, "subscriptionId" | "periodEnd" | "attempt">) =>
  `renewal:${renewal.subscriptionId}:${renewal.periodEnd}:${renewal.attempt}`;

/** The client's default saved card and Customer, when there is one. */
export function defaultCardOf(db: DB, userId: number) {
  return db
    .selectFrom("payment_methods as m")
    .innerJoin("stripe_customers as c", "c.userId", "m.userId")
    .select(["m.paymentMethodId", "c.customerId"])
    .where("m.userId", "=", userId)
    .where("m.isDefault", "=", 1)
    .executeTakeFirst();
}

/**
 * A charge the payment could not take (cancelled, or its buyer's account closed meanwhile): nothing is
 * granted, and the audit log names the PaymentIntent for an admin to refund (as decision 0011 does).
 */
async function recordUnapplied(
  context: DomainContext,
  renewal: Renewal,
  paymentIntentId: string,
  amount: number,
  currency: string,
) {
  await audit(context, {
    action: UNAPPLIED_CHARGE,
    subject: "Payment",
    subjectId: renewal.referenceId,
    outcome: "failed",
    detail: { reason: "settled-another-way", renewalId: renewal.renewalId, paymentIntentId, amount, currency },
  }).execute();
}

/** The renewal paid: its new subscription renews in turn. */
async function markRenewed(run: RenewalRun, renewal: Renewal, paymentIntentId: string | null) {
  const now = (run.now ?? new Date()).toISOString();
  await runBatch(run.d1, [
    run.db
      .updateTable("renewals")
      .set({ status: "renewed", nextTryAt: null, paymentIntentId, updatedAt: now })
      .where("renewalId", "=", renewal.renewalId),
    run.db.updateTable("subscriptions").set({ autoRenew: 1 }).where("grantRef", "=", `payment:${renewal.referenceId}:0`),
  ]);
}

/**
 * A failed charge: the next retry of the schedule (its date counted from the first charge), or after the
 * last, the end (the subscription ends at its date, as without renewal). Each one tells the client by
 * bell and mail; a bank asking for 3-D Secure links the payment page, where the client confirms it.
 */
async function dun(run: RenewalRun, renewal: Renewal, code: string, paymentIntentId: string | null, last = false) {
  const now = (run.now ?? new Date()).toISOString();
  const delay = last ? undefined : RETRY_AFTER_DAYS[renewal.attempt - 1];
  const retryAt = delay === undefined ? null : new Date(Date.parse(renewal.createdAt) + delay * DAY).toISOString();
  const party = await partyOf(run.db, renewal.subscriptionId);
  const payment = await run.db
    .selectFrom("payments")
    .select(["amount", "currency"])
    .where("referenceId", "=", renewal.referenceId)
    .executeTakeFirstOrThrow();
  const authentication = code === "authentication_required";
  const update = run.db
    .updateTable("renewals")
    .set({ status: retryAt ? "retrying" : "failed", nextTryAt: retryAt, failure: code, paymentIntentId, updatedAt: now })
    .where("renewalId", "=", renewal.renewalId)
    .where("status", "=", "charging")
    .where("attempt", "=", renewal.attempt);
  const notices =
    party && !party.deletedAt
      ? renewalNotice(run.db, run.d1, run.portal, party, {
          userId: party.userId,
          kind: "renewal-failed",
          occasion: `renewal-failed:${renewal.renewalId}:${renewal.attempt}`,
          params: {
            item: party.itemName,
            amount: payment.amount,
            currency: payment.currency,
            retryAt,
            endsAt: renewal.periodEnd,
            authentication,
          },
          link: authentication ? `/payment/${renewal.referenceId}` : "/pages/account-settings/billing",
        })
      : [];
  await runBatch(run.d1, [update, ...notices]);
}

/**
 * One charge of a renewal the caller holds (status `charging`, its lease taken): off-session on the
 * default card with the key of this period and attempt, then granted once through the grant path (its
 * invoice and receipt). An answer that never came keeps the lease: the next run after it sends the same
 * key, so Stripe answers the PaymentIntent it made rather than charge again.
 */
export async function chargeRenewal(run: RenewalRun, renewal: Renewal): Promise<Renewal["status"]> {
  const payment = await run.db
    .selectFrom("payments")
    .select(["amount", "currency", "status", "userId"])
    .where("referenceId", "=", renewal.referenceId)
    .executeTakeFirst();
  if (!payment) return renewal.status;
  // The client paid it on the payment page meanwhile (a confirmation with 3-D Secure, a transfer).
  if (payment.status === "paid") {
    await markRenewed(run, renewal, null);
    return "renewed";
  }
  if (payment.status !== "pending" && payment.status !== "expired") {
    await dun(run, renewal, "payment_closed", null, true);
    return "failed";
  }
  const card = run.stripe ? await defaultCardOf(run.db, payment.userId) : undefined;
  const amount = stripeAmount(payment.amount, payment.currency);
  if (!run.stripe || !card || amount === null) {
    await dun(run, renewal, card ? "card_refused" : "no_card", null);
    return "retrying";
  }
  let intent;
  try {
    intent = await chargeOffSession(
      run.stripe,
      {
        customerId: card.customerId,
        paymentMethodId: card.paymentMethodId,
        amount,
        currency: payment.currency.toLowerCase(),
        referenceId: renewal.referenceId,
        description: `Renewal ${renewal.referenceId}`,
      },
      idempotencyKeyOf(renewal),
    );
  } catch (error) {
    if (error instanceof CardDeclined) {
      await dun(run, renewal, error.code, error.paymentIntentId);
      return "retrying";
    }
    // No answer, or Stripe failing: the lease runs out and a later run sends the same key.
    if (error instanceof HttpError) return "charging";
    throw error;
  }
  if (intent.status !== "succeeded") {
    await dun(run, renewal, "authentication_required", intent.id);
    return "retrying";
  }
  const context: DomainContext = { db: run.db, d1: run.d1, actor: CRON_ACTOR };
  const outcome = await grantPayment(context, {
    referenceId: renewal.referenceId,
    amount: payment.amount,
    offSession: { paymentIntentId: intent.id },
    portal: run.portal,
    seller: run.seller,
  });
  if (outcome === "not_payable") await recordUnapplied(context, renewal, intent.id, payment.amount, payment.currency);
  await markRenewed(run, renewal, intent.id);
  return "renewed";
}
