import { randomToken } from "../../auth/crypto";
import { runBatch, type DB } from "../../db";
import { conflict, msg, notFound } from "../../errors";
import type { DomainContext } from "../context";
import { frozenSale } from "../payments/billing";
import { expiryFrom, parseLines, priceLines, type PaymentLine } from "../payments/lines";
import type { BuyerParty, TaxSettings } from "../payments/tax";
import { bestPointsRate, prorate, type Proration } from "./proration";

export interface PlanChangeRequest {
  userId: number;
  subscriptionId: number;
  itemId: number;
}

/** The statuses of a payment still waiting for its money: one such change-plan payment per subscription. */
const OPEN = ["pending", "awaiting_confirmation"] as const;

/** The caller's active subscription, its item, the new item and the bundles on sale: validated, prorated. */
export async function quotePlanChange(db: DB, request: PlanChangeRequest, now = new Date()) {
  const [current, next, bundles] = await Promise.all([
    db
      .selectFrom("subscriptions as s")
      .innerJoin("items as i", "i.itemId", "s.itemId")
      .select(["s.subscriptionId", "s.itemId", "s.startsAt", "s.endsAt", "i.itemName", "i.itemPrice", "i.itemDuration"])
      .where("s.subscriptionId", "=", request.subscriptionId)
      .where("s.userId", "=", request.userId)
      .executeTakeFirst(),
    db
      .selectFrom("items")
      .select(["itemId", "itemName", "itemPrice", "itemIsActive"])
      .where("itemId", "=", request.itemId)
      .executeTakeFirst(),
    db.selectFrom("bundles").select(["bundlePoin", "bundlePrice"]).where("bundleIsActive", "=", 1).execute(),
  ]);
  if (!current) throw notFound("noSuchSubscriptionToChange", "no_such_subscription");
  const iso = now.toISOString();
  if (current.startsAt > iso || current.endsAt <= iso) throw conflict("subscriptionNotActive", "subscription_not_active");
  if (!next) throw notFound(msg("noSuchProduct", { kind: "item", refId: request.itemId }));
  if (next.itemId === current.itemId) throw conflict("samePlan", "same_item", "itemId");
  if (next.itemIsActive !== 1) throw conflict(msg("noLongerOnSale", { name: next.itemName }), "not_on_sale");
  const proration = prorate({
    current: { price: current.itemPrice, duration: current.itemDuration, endsAt: current.endsAt },
    next: { price: next.itemPrice },
    now,
    pointsPerMinorUnit: bestPointsRate(bundles),
  });
  return { current, next, proration };
}

/** The new item's line at the prorated price, with what it replaces (shown on the invoice, read by the grant). */
function prorationLine(line: PaymentLine, quote: Awaited<ReturnType<typeof quotePlanChange>>): PaymentLine {
  const { current, proration } = quote;
  return {
    ...line,
    unitPrice: proration.amount,
    lineTotal: proration.amount,
    proration: {
      fromSubscriptionId: current.subscriptionId,
      fromItemId: current.itemId,
      fromItemName: current.itemName,
      fullPrice: proration.price,
      daysLeft: proration.daysLeft,
      credit: proration.credit,
      points: proration.points,
    },
  };
}

export interface PlanChangeSettings {
  tax: TaxSettings | null;
  buyer: BuyerParty;
  currency: string;
  expiryHours: number;
}

export interface PlanChangePayment {
  referenceId: string;
  amount: number;
  credit: number;
  proration: Proration;
}

/**
 * Makes the change-plan payment, once: the insert happens only where no open change-plan payment names
 * the subscription (D1 runs one batch at a time, so ten racing calls see each other's), and the open one
 * is read back in the same batch. Another item asked while one is open is refused: pay or cancel it first.
 */
export async function makePlanChangePayment(
  context: DomainContext,
  request: PlanChangeRequest,
  settings: PlanChangeSettings,
): Promise<PlanChangePayment> {
  const { db, d1 } = context;
  const now = new Date();
  const quote = await quotePlanChange(db, request, now);
  const [line] = await priceLines(db, [{ kind: "item", refId: request.itemId, qty: 1 }], true);
  const sale = frozenSale([prorationLine(line!, quote)], settings.tax, settings.buyer);
  const values = {
    referenceId: randomToken(18),
    userId: request.userId,
    amount: sale.amount,
    currency: settings.currency,
    lines: JSON.stringify(sale.lines),
    netAmount: sale.netAmount,
    taxAmount: sale.taxAmount,
    taxJson: sale.taxJson,
    buyerJson: sale.buyerJson,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    expiresAt: expiryFrom(now, settings.expiryHours),
    planChangeOf: request.subscriptionId,
  };
  const columns = Object.keys(values) as Array<keyof typeof values>;
  const openChange = db.selectFrom("payments").where("planChangeOf", "=", request.subscriptionId).where("status", "in", OPEN);
  const results = await runBatch(d1, [
    db
      .insertInto("payments")
      .orIgnore()
      .columns(columns)
      .expression(
        db
          .selectNoFrom((eb) => columns.map((column) => eb.val(values[column]).as(column)))
          .where(({ not, exists }) => not(exists(openChange.select("referenceId")))),
      ),
    openChange.select(["referenceId", "amount", "lines"]).limit(1),
  ]);
  const open = results.at(-1)!.results[0] as { referenceId: string; amount: number; lines: string } | undefined;
  if (!open) throw conflict("planChangeNotMade", "plan_change_failed");
  const [openLine] = parseLines(open.lines);
  if (openLine?.refId !== request.itemId) throw conflict("planChangePending", "plan_change_pending");
  const proration = openLine.proration;
  return {
    referenceId: open.referenceId,
    amount: open.amount,
    credit: proration?.credit ?? quote.proration.credit,
    proration: quote.proration,
  };
}
