import type { InferResult } from "kysely";
import { row } from "../auth/ability";
import { randomToken } from "../auth/crypto";
import { bindingOf, runBatch, type DB } from "../db";
import { abortUnlessChangedExactly, runGuardedBatch } from "../db/guard";
import { cardPayable } from "../domain/stripe/card";
import {
  bundleProduct,
  expiryFrom,
  itemProduct,
  loadProducts,
  PAYMENT_COLUMNS,
  priceLines,
  publicLines,
  publicPaymentView,
  type LineRequest,
  type PaymentRow,
  type Product,
} from "../domain/payments/lines";
import { requireUser, type Ctx } from "../http/context";
import { storeDefaultsOf, stripeOf } from "../http/settings";
import {
  bankOfSettings,
  effectiveSettings,
  loadStoreSettings,
  storedSettingsQuery,
  taxOfSettings,
  type StoredSetting,
} from "../domain/storesettings/settings";
import { buyerPartyOf, frozenSale } from "../domain/payments/billing";
import { badRequest, conflict, forbidden, msg, notFound } from "../errors";
import { json, success } from "../http/respond";
import { route } from "../http/route";
import { commerceCalls } from "../contract/commerce";

/** A cart's lines, each with its product's columns (an item's or a bundle's, by the line's kind): one read. */
function cartLines(db: DB, userId: number) {
  return db
    .selectFrom("carts as c")
    .leftJoin("items as i", (join) => join.onRef("i.itemId", "=", "c.refId").on("c.kind", "=", "item"))
    .leftJoin("bundles as b", (join) => join.onRef("b.bundleId", "=", "c.refId").on("c.kind", "=", "bundle"))
    .select([
      "c.cartId",
      "c.kind",
      "c.refId",
      "c.qty",
      "i.itemId",
      "i.itemName",
      "i.itemPrice",
      "i.itemDuration",
      "i.itemIsActive",
      "b.bundleId",
      "b.bundlePoin",
      "b.bundlePrice",
      "b.bundleIsActive",
      "b.bundleName",
      "b.bundleNameFr",
      "b.bundleNameAr",
      "b.bundleValidDays",
    ])
    .where("c.userId", "=", userId)
    .orderBy("c.cartId");
}

type CartLine = InferResult<ReturnType<typeof cartLines>>[number];

/** The product of a cart line, from its joined columns; none when the product is gone. */
function productOf(line: CartLine): Product | undefined {
  if (line.kind === "item" && line.itemId !== null) return itemProduct(line as Parameters<typeof itemProduct>[0]);
  if (line.kind === "bundle" && line.bundleId !== null) return bundleProduct(line as Parameters<typeof bundleProduct>[0]);
  return undefined;
}

/** The cart's lines with today's prices; lines whose product left the shop stay visible but unpriced. */
async function cartOf(ctx: Ctx, userId: number) {
  // The lines and the store settings (the bank shown) in one round trip.
  const [lines, stored] = await runBatch(bindingOf(ctx.db), [cartLines(ctx.db, userId), storedSettingsQuery(ctx.db)]);
  const rows = lines!.results as CartLine[];
  const settings = effectiveSettings(storeDefaultsOf(ctx.env), stored!.results as StoredSetting[]);
  const carts = rows.map((r) => {
    const product = productOf(r);
    const available = product?.active ?? false;
    const unitPrice = product?.unitPrice ?? 0;
    return {
      cartId: r.cartId,
      kind: r.kind,
      refId: r.refId,
      name: product?.name ?? "",
      unitPrice,
      qty: r.qty,
      lineTotal: available ? unitPrice * r.qty : 0,
      available,
      // As on payment lines: the checkout page writes a bundle's points in the reader's language.
      ...(product?.points !== undefined ? { points: product.points } : {}),
      ...(product?.names !== undefined ? { names: product.names } : {}),
    };
  });
  const total = carts.reduce((sum, c) => sum + c.lineTotal, 0);
  const amounts = {
    subtotal: total,
    total,
    currency: ctx.env.CURRENCY,
    count: carts.reduce((sum, c) => sum + c.qty, 0),
  };
  // The checkout page shows how the order can be paid before it is placed.
  return { carts, amounts, bank: bankOfSettings(settings), payByCard: stripeOf(ctx.env) !== null };
}

const searchCart = route(commerceCalls.searchcart, {
  async handler(ctx, input) {
    const user = requireUser(ctx);
    const userId = input.userId ?? user.userId;
    if (!ctx.ability.can("read", row("Cart", { userId }))) throw forbidden("ownCartOnly");
    return json(await cartOf(ctx, userId));
  },
});

const updateCart = route(commerceCalls.updatecart, {
  async handler(ctx, { kind, refId, qty }) {
    const user = requireUser(ctx);
    if (qty === 0) {
      await ctx.db
        .deleteFrom("carts")
        .where("userId", "=", user.userId)
        .where("kind", "=", kind)
        .where("refId", "=", refId)
        .execute();
      return json({ message: success(ctx, "removedFromCart"), ...(await cartOf(ctx, user.userId)) });
    }
    const product = (await loadProducts(ctx.db, [{ kind, refId }])).get(`${kind}:${refId}`);
    if (!product?.active) throw notFound(msg("productNotOnSale", { kind }));
    await ctx.db
      .insertInto("carts")
      .values({ userId: user.userId, kind, refId, qty })
      .onConflict((oc) => oc.columns(["userId", "kind", "refId"]).doUpdateSet({ qty }))
      .execute();
    return json({ message: success(ctx, "cartUpdated"), ...(await cartOf(ctx, user.userId)) });
  },
});

/** The columns a checkout writes; the rest take their defaults. */
const PAYMENT_INSERT_COLUMNS = [
  "referenceId",
  "userId",
  "amount",
  "currency",
  "lines",
  "netAmount",
  "taxAmount",
  "taxJson",
  "buyerJson",
  "createdAt",
  "updatedAt",
  "expiresAt",
] as const;

/** How long a repeated "buy now" of the same lines answers the first one's payment. */
const REPEAT_ORDER_SECONDS = 30;

/** The buyer's pending payment for exactly these lines, made within the last moment. */
function recentSameOrder(db: DB, userId: number, lines: string, now: Date) {
  return db
    .selectFrom("payments")
    .where("userId", "=", userId)
    .where("status", "=", "pending")
    .where("createdAt", ">=", new Date(now.getTime() - REPEAT_ORDER_SECONDS * 1000).toISOString())
    .where("lines", "=", lines);
}

const checkout = route(commerceCalls.checkout, {
  async handler(ctx, input) {
    const user = requireUser(ctx);
    // "Buy now" names one product and skips the cart; otherwise the whole cart is bought.
    const buyNow = input.kind !== undefined || input.refId !== undefined;
    if (buyNow && (input.kind === undefined || input.refId === undefined)) {
      throw badRequest("buyNowNeedsBoth", "invalid_input", input.kind ? "refId" : "kind");
    }
    const cartRows = buyNow
      ? []
      : await ctx.db
          .selectFrom("carts")
          .select(["cartId", "kind", "refId", "qty"])
          .where("userId", "=", user.userId)
          .orderBy("cartId")
          .execute();
    const requests: LineRequest[] = buyNow
      ? [{ kind: input.kind!, refId: input.refId!, qty: input.qty ?? 1 }]
      : cartRows.map((r) => ({ kind: r.kind, refId: r.refId, qty: r.qty }));
    if (requests.length === 0) throw badRequest("cartEmpty", "cart_empty");
    const settings = await loadStoreSettings(ctx.db, storeDefaultsOf(ctx.env));
    const sale = frozenSale(
      await priceLines(ctx.db, requests, true),
      taxOfSettings(settings),
      await buyerPartyOf(ctx.db, user.userId),
    );
    const { lines, amount } = sale;
    const referenceId = randomToken(18);
    const now = new Date();
    const frozenLines = JSON.stringify(lines);
    const values = {
      referenceId,
      userId: user.userId,
      amount,
      currency: ctx.env.CURRENCY,
      lines: frozenLines,
      netAmount: sale.netAmount,
      taxAmount: sale.taxAmount,
      taxJson: sale.taxJson,
      buyerJson: sale.buyerJson,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      expiresAt: expiryFrom(now, settings.paymentExpiryHours),
    };
    // A double-clicked "Place order" makes one payment (issue 28). D1 runs one batch at a time, so the
    // conditions below see every batch committed before theirs.
    const results = buyNow
      ? await runBatch(ctx.env.DB, [
          // "Buy now" again within a moment, for the same lines at the same prices, answers the payment
          // the first click made instead of a second one.
          ctx.db
            .insertInto("payments")
            .columns(PAYMENT_INSERT_COLUMNS)
            .expression(
              ctx.db
                .selectNoFrom((eb) => PAYMENT_INSERT_COLUMNS.map((column) => eb.val(values[column]).as(column)))
                .where(({ not, exists }) =>
                  not(exists(recentSameOrder(ctx.db, user.userId, frozenLines, now).select("referenceId"))),
                ),
            ),
          recentSameOrder(ctx.db, user.userId, frozenLines, now).select(PAYMENT_COLUMNS).orderBy("createdAt", "desc").limit(1),
        ])
      : await runGuardedBatch(
          ctx.env.DB,
          [
            // Exactly the lines that were priced, all of them, or nothing: a checkout racing this one took
            // them first. A line added meanwhile stays in the cart.
            ctx.db
              .deleteFrom("carts")
              .where("userId", "=", user.userId)
              .where(
                "cartId",
                "in",
                cartRows.map((r) => r.cartId),
              ),
            abortUnlessChangedExactly(ctx.env.DB, cartRows.length),
            ctx.db.insertInto("payments").values(values),
            // The new payment is read back in the same round trip, with its defaults as stored.
            ctx.db.selectFrom("payments").select(PAYMENT_COLUMNS).where("referenceId", "=", referenceId),
          ],
          () => conflict("cartEmpty", "cart_empty"),
        );
    const payment = results.at(-1)!.results[0] as unknown as PaymentRow;
    return json({
      message: success(ctx, "orderPlaced"),
      referenceId: payment.referenceId,
      amount,
      lines: publicLines(lines),
      // The payment page renders from this at once, without asking for it again.
      payment: publicPaymentView(payment, user.userName, {
        bank: bankOfSettings(settings),
        payByCard: cardPayable(stripeOf(ctx.env), payment),
      }),
    });
  },
});

export const routes = [searchCart, updateCart, checkout];
