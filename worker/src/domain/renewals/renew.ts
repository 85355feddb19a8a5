import { sql } from "kysely";
import { randomToken } from "../../auth/crypto";
import { changes, runBatch, type DB } from "../../db";
import { buyerPartyOf, frozenSale } from "../payments/billing";
import { expiryFrom, priceLines } from "../payments/lines";
import type { TaxSettings } from "../payments/tax";
import { CHARGE_LEASE_MS, chargeRenewal, defaultCardOf, RETRY_AFTER_DAYS, type Renewal, type RenewalRun } from "./charge";
import { partyOf, renewalNotice } from "./notices";

/**
 * Automatic renewal (docs/decisions/0022-renewals.md), one cron step: subscriptions with autoRenew on
 * that end within a day are taken once each (a UNIQUE renewal per subscription, claimed in one batch with
 * its payment), then charged; renewals whose retry is due, or whose charge's lease ran out, are charged
 * again. Both reads walk partial indexes and read at most `batch` rows each.
 */

const DAY = 86_400_000;
/** A subscription is renewed this long before it ends. */
export const RENEW_AHEAD_MS = DAY;
/** One that ended longer ago than this (a cron stopped for days) is not renewed any more. */
const LATE_MS = DAY;
export const RENEWAL_BATCH = 50;

export interface RenewalSettings extends RenewalRun {
  tax: TaxSettings | null;
  currency: string;
  /** The store's payment expiry (hours): how long a renewal paid by hand stays open at least. */
  expiryHours: number;

  batch?: number;
}

/** Subscriptions due for renewal, soonest first (subscriptions_renewal_due: only those still to renew). */
export function dueSubscriptions(db: DB, now: Date, batch: number) {
  return (
    db
      .selectFrom("subscriptions as s")
      .select(["s.subscriptionId", "s.userId", "s.itemId", "s.endsAt"])
      // Written out, not bound, so that SQLite matches the partial index's WHERE.
      .where(sql<boolean>`s.autoRenew = 1 AND s.renewalTaken = 0`)
      .where("s.endsAt", ">", new Date(now.getTime() - LATE_MS).toISOString())
      .where("s.endsAt", "<=", new Date(now.getTime() + RENEW_AHEAD_MS).toISOString())
      .orderBy("s.endsAt")
      .limit(batch)
  );
}

type DueSubscription = Awaited<ReturnType<ReturnType<typeof dueSubscriptions>["execute"]>>[number];

/** Takes no renewal: the subscription is skipped for good (and a later one it hands over to renews instead). */
async function skip(run: RenewalSettings, subscriptionId: number, handOverTo?: number) {
  await runBatch(run.d1, [
    run.db.updateTable("subscriptions").set({ renewalTaken: 1 }).where("subscriptionId", "=", subscriptionId),
    ...(handOverTo ? [run.db.updateTable("subscriptions").set({ autoRenew: 1 }).where("subscriptionId", "=", handOverTo)] : []),
  ]);
}

/**
 * Starts one subscription's renewal, once however many runs race for it: the renewal row (UNIQUE per
 * subscription) is the claim, and its payment (the item at today's price and tax) is inserted in the
 * same batch only where the row is this run's. A client with a saved card is charged at once; one
 * without (or a deployment without cards) gets the pending payment's page by mail and bell.
 */
async function startRenewal(run: RenewalSettings, due: DueSubscription, now: Date): Promise<Renewal["status"] | null> {
  const { db } = run;
  const later = await db
    .selectFrom("subscriptions")
    .select("subscriptionId")
    .where("userId", "=", due.userId)
    .where("itemId", "=", due.itemId)
    .where("endsAt", ">", due.endsAt)
    .orderBy("endsAt", "desc")
    .limit(1)
    .executeTakeFirst();
  const party = await partyOf(db, due.subscriptionId);
  if (later || !party || party.deletedAt || party.userIsActive !== 1) {
    await skip(run, due.subscriptionId, later?.subscriptionId);
    return null;
  }
  let sale;
  try {
    const lines = await priceLines(db, [{ kind: "item", refId: due.itemId, qty: 1 }], true);
    sale = frozenSale(lines, run.tax, await buyerPartyOf(db, due.userId));
  } catch {
    // The item is no longer on sale: it ends as a subscription without renewal does.
    await skip(run, due.subscriptionId);
    return null;
  }
  const byCard = run.stripe !== null && (await defaultCardOf(db, due.userId)) !== undefined;
  const referenceId = randomToken(18);
  const iso = now.toISOString();
  // A card renewal's payment stays open through the retries (the 3-D Secure link works until then).
  const lastRetry = new Date(now.getTime() + (RETRY_AFTER_DAYS.at(-1)! + 1) * DAY).toISOString();
  const byHand = [due.endsAt, expiryFrom(now, run.expiryHours)].sort().at(-1)!;
  const payment = {
    referenceId,
    userId: due.userId,
    amount: sale.amount,
    currency: run.currency,
    lines: JSON.stringify(sale.lines),
    netAmount: sale.netAmount,
    taxAmount: sale.taxAmount,
    taxJson: sale.taxJson,
    buyerJson: sale.buyerJson,
    createdAt: iso,
    updatedAt: iso,
    expiresAt: byCard ? lastRetry : byHand,
  };
  const columns = Object.keys(payment) as Array<keyof typeof payment>;
  const ours = db.selectFrom("renewals").select("renewalId").where("referenceId", "=", referenceId);
  const [claim] = await runBatch(run.d1, [
    db
      .insertInto("renewals")
      .values({
        subscriptionId: due.subscriptionId,
        userId: due.userId,
        itemId: due.itemId,
        periodEnd: due.endsAt,
        referenceId,
        status: byCard ? "charging" : "awaiting_payment",
        nextTryAt: byCard ? new Date(now.getTime() + CHARGE_LEASE_MS).toISOString() : null,
        createdAt: iso,
        updatedAt: iso,
      })
      .onConflict((oc) => oc.column("subscriptionId").doNothing()),
    db
      .insertInto("payments")
      .columns(columns)
      .expression(
        db.selectNoFrom((eb) => columns.map((column) => eb.val(payment[column]).as(column))).where(({ exists }) => exists(ours)),
      ),
    db.updateTable("subscriptions").set({ renewalTaken: 1 }).where("subscriptionId", "=", due.subscriptionId),
  ]);
  if (changes(claim) === 0) return null;
  const renewal = await db.selectFrom("renewals").selectAll().where("referenceId", "=", referenceId).executeTakeFirstOrThrow();
  if (byCard) return chargeRenewal(run, renewal);
  await runBatch(
    run.d1,
    renewalNotice(db, run.d1, run.portal, party, {
      userId: due.userId,
      kind: "renewal-payment-due",
      occasion: `renewal-payment-due:${renewal.renewalId}`,
      params: { item: party.itemName, amount: sale.amount, currency: run.currency, endsAt: due.endsAt },
      link: `/payment/${referenceId}`,
    }),
  );
  return "awaiting_payment";
}

/** Renewals to charge now: a retry's date come, or a charge's lease run out (renewals_due). */
export function dueRenewals(db: DB, now: Date, batch: number) {
  return db
    .selectFrom("renewals")
    .selectAll()
    .where(sql<boolean>`status IN ('charging', 'retrying')`)
    .where("nextTryAt", "<=", now.toISOString())
    .orderBy("nextTryAt")
    .limit(batch);
}

/**
 * Takes a due renewal's next charge unless another run just did (the lease it read must be the one
 * still there): a retry is the next attempt with its own key; a lapsed lease, the same attempt again.
 */
async function takeCharge(run: RenewalSettings, due: Renewal, now: Date): Promise<Renewal | null> {
  const taken = await run.db
    .updateTable("renewals")
    .set((eb) => ({
      status: "charging",
      attempt: due.status === "retrying" ? eb("attempt", "+", 1) : eb.ref("attempt"),
      nextTryAt: new Date(now.getTime() + CHARGE_LEASE_MS).toISOString(),
      updatedAt: now.toISOString(),
    }))
    .where("renewalId", "=", due.renewalId)
    .where("status", "=", due.status)
    .where("nextTryAt", "=", due.nextTryAt)
    .returningAll()
    .executeTakeFirst();
  return taken ?? null;
}

export interface RenewalOutcome {
  started: number;
  charged: Partial<Record<Renewal["status"], number>>;
}

/** One cron run: new renewals, then due charges; each renewal alone, one failing does not stop the others. */
export async function renewSubscriptions(run: RenewalSettings): Promise<RenewalOutcome> {
  const now = run.now ?? new Date();
  const batch = run.batch ?? RENEWAL_BATCH;
  const outcome: RenewalOutcome = { started: 0, charged: {} };
  const count = (status: Renewal["status"] | null) => {
    if (status) outcome.charged[status] = (outcome.charged[status] ?? 0) + 1;
  };
  for (const due of await dueSubscriptions(run.db, now, batch).execute()) {
    const status = await startRenewal(run, due, now);
    if (status) outcome.started += 1;
    count(status);
  }
  for (const due of await dueRenewals(run.db, now, batch).execute()) {
    const taken = await takeCharge(run, due, now);
    if (taken) count(await chargeRenewal(run, taken));
  }
  return outcome;
}
