import type { DB } from "../../db";
import type { ColumnsOf } from "../../db/rows";
import { conflict, msg, notFound } from "../../errors";
import { parseBuyer, parseTax } from "./tax";

export type LineKind = "item" | "bundle";

/** What a buyer asks for: a product and a quantity. */
export interface LineRequest {
  kind: LineKind;
  refId: number;
  qty: number;
}

/**
 * A payment line, frozen at checkout: the price, and what it grants (points of a bundle, days of an
 * item), so later catalogue edits change neither what was paid nor what is granted.
 */
export interface PaymentLine {
  kind: LineKind;
  refId: number;
  name: string;
  unitPrice: number;
  qty: number;
  lineTotal: number;
  points?: number;
  /** A named bundle's name per language ('' falls back to English), frozen with the line. */
  names?: LineNames;
  days?: number;
  /** A bundle's validity at checkout: its points expire this many days after the grant (migration 0370). */
  validDays?: number;
  /** With tax settings at checkout (tax.ts): the line's net and tax; lineTotal is then its gross. */
  net?: number;
  tax?: number;
  /** A plan change (decision 0027): the subscription it replaces and the credit for its unused days. */
  proration?: LineProration;
}

/** How a change-plan line was priced: the new item's price less the unused share of the old one. */
export interface LineProration {
  fromSubscriptionId: number;
  fromItemId: number;
  fromItemName: string;
  fullPrice: number;
  daysLeft: number;
  credit: number;
  /** A credit larger than the price: the difference, granted as points. */
  points: number;
}

export const bundleName = (points: number) => `${points} points`;

/** A named bundle's name in each language; '' where it has none in that language. */
export interface LineNames {
  en: string;
  fr: string;
  ar: string;
}

/** A bundle's names, when it has one in any language (migration 0230). */
export function bundleNames(b: { bundleName: string; bundleNameFr: string; bundleNameAr: string }): LineNames | undefined {
  const names = { en: b.bundleName, fr: b.bundleNameFr, ar: b.bundleNameAr };
  return names.en || names.fr || names.ar ? names : undefined;
}

/** A line's product in `language`: a named bundle's name (else English), else `fallback` (its points, an item's name). */
export function lineNameIn(line: { names?: LineNames }, language: keyof LineNames, fallback: string): string {
  return line.names?.[language] || line.names?.en || fallback;
}

export interface Product {
  kind: LineKind;
  refId: number;
  name: string;
  unitPrice: number;
  active: boolean;
  points?: number;
  names?: LineNames;
  days?: number;
  validDays?: number;
}

/** An item's columns as a product. */
export const itemProduct = (i: {
  itemId: number;
  itemName: string;
  itemPrice: number;
  itemDuration: number;
  itemIsActive: number;
}): Product => ({
  kind: "item",
  refId: i.itemId,
  name: i.itemName,
  unitPrice: i.itemPrice,
  active: i.itemIsActive === 1,
  days: i.itemDuration,
});

/** A bundle's columns as a product. */
export const bundleProduct = (b: {
  bundleId: number;
  bundlePoin: number;
  bundlePrice: number;
  bundleIsActive: number;
  bundleName: string;
  bundleNameFr: string;
  bundleNameAr: string;
  bundleValidDays: number | null;
}): Product => {
  const names = bundleNames(b);
  return {
    kind: "bundle",
    refId: b.bundleId,
    // The English name frozen at checkout: the bundle's own, else its points.
    name: lineNameIn({ names }, "en", bundleName(b.bundlePoin)),
    unitPrice: b.bundlePrice,
    active: b.bundleIsActive === 1,
    points: b.bundlePoin,
    ...(names ? { names } : {}),
    ...(b.bundleValidDays === null ? {} : { validDays: b.bundleValidDays }),
  };
};

/** Loads the products named by `requests` (two statements whatever the count). */
export async function loadProducts(db: DB, requests: Array<{ kind: LineKind; refId: number }>): Promise<Map<string, Product>> {
  const itemIds = [...new Set(requests.filter((r) => r.kind === "item").map((r) => r.refId))];
  const bundleIds = [...new Set(requests.filter((r) => r.kind === "bundle").map((r) => r.refId))];
  const [items, bundles] = await Promise.all([
    itemIds.length
      ? db
          .selectFrom("items")
          .select(["itemId", "itemName", "itemPrice", "itemDuration", "itemIsActive"])
          .where("itemId", "in", itemIds)
          .execute()
      : [],
    bundleIds.length
      ? db
          .selectFrom("bundles")
          .select([
            "bundleId",
            "bundlePoin",
            "bundlePrice",
            "bundleIsActive",
            "bundleName",
            "bundleNameFr",
            "bundleNameAr",
            "bundleValidDays",
          ])
          .where("bundleId", "in", bundleIds)
          .execute()
      : [],
  ]);
  const out = new Map<string, Product>();
  for (const i of items) out.set(`item:${i.itemId}`, itemProduct(i));
  for (const b of bundles) out.set(`bundle:${b.bundleId}`, bundleProduct(b));
  return out;
}

/**
 * Prices each request from the catalogue. Checkout needs active products (`activeOnly`); an admin
 * recording a manual payment may sell any existing one.
 */
export async function priceLines(db: DB, requests: LineRequest[], activeOnly: boolean): Promise<PaymentLine[]> {
  const products = await loadProducts(db, requests);
  return requests.map((request) => {
    const product = products.get(`${request.kind}:${request.refId}`);
    if (!product) throw notFound(msg("noSuchProduct", { kind: request.kind, refId: request.refId }));
    if (activeOnly && !product.active) {
      throw conflict(msg("noLongerOnSale", { name: product.name }), "not_on_sale");
    }
    const line: PaymentLine = {
      kind: product.kind,
      refId: product.refId,
      name: product.name,
      unitPrice: product.unitPrice,
      qty: request.qty,
      lineTotal: product.unitPrice * request.qty,
    };
    if (product.points !== undefined) line.points = product.points;
    if (product.names !== undefined) line.names = product.names;
    if (product.days !== undefined) line.days = product.days;
    if (product.validDays !== undefined) line.validDays = product.validDays;
    return line;
  });
}

export const sumLines = (lines: PaymentLine[]) => lines.reduce((sum, l) => sum + l.lineTotal, 0);

/**
 * Lines as the API shows them. A bundle line also tells its points, so pages write "120 points" in the
 * reader's language rather than the English name frozen at checkout; an item's days stay server side.
 */
export function publicLines(lines: PaymentLine[]) {
  return lines.map(({ kind, refId, name, unitPrice, qty, lineTotal, points, names, net, tax, proration }) => ({
    kind,
    refId,
    name,
    unitPrice,
    qty,
    lineTotal,
    ...(kind === "bundle" && points !== undefined ? { points } : {}),
    ...(kind === "bundle" && names !== undefined ? { names } : {}),
    ...(net !== undefined && tax !== undefined ? { net, tax } : {}),
    ...(proration !== undefined ? { proration } : {}),
  }));
}

export function parseLines(json: string): PaymentLine[] {
  return JSON.parse(json) as PaymentLine[];
}

export type PaymentRow = ColumnsOf<"payments", typeof PAYMENT_COLUMNS>;

/** The Payment entity (API.md). */
export function paymentView(p: PaymentRow) {
  return {
    referenceId: p.referenceId,
    userId: p.userId,
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    method: p.method,
    lines: publicLines(parseLines(p.lines)),
    note: p.note,
    hasProof: p.proofKey !== null,
    createdAt: p.createdAt,
    paidAt: p.paidAt,
    expiresAt: p.expiresAt,
    invoiceNumber: p.invoiceNumber,
    // Stripe's ids of a card payment (its Checkout Session, and the PaymentIntent once paid).
    card: p.method === "card" && p.cardSessionId ? { sessionId: p.cardSessionId, paymentIntentId: p.cardPaymentIntentId } : null,
    refundedAmount: p.refundedAmount,
    netAmount: p.netAmount,
    taxAmount: p.taxAmount,
    tax: parseTax(p.taxJson),
    buyer: parseBuyer(p.buyerJson),
    // A card charge Stripe took after the payment was settled another way, until it is refunded.
    unappliedCharge: p.strayIntentId ? { paymentIntentId: p.strayIntentId } : null,
  };
}

/** Where a bank transfer goes (deployment settings). */
export interface Bank {
  name: string;
  accountName: string;
  accountNumber: string;
  logo: string;
}

/**
 * The payment as its public page shows it (payment-detail, and checkout's answer so the page renders at
 * once): anyone holding the link sees this, so no user id, email, full name or note.
 */
export function publicPaymentView(p: PaymentRow, ownerName: string, how: { bank: Bank; payByCard: boolean }) {
  const { userId: _userId, note: _note, card: _card, buyer: _buyer, unappliedCharge: _charge, ...visible } = paymentView(p);
  return { ...visible, payerName: maskName(ownerName), proofName: p.proofName, ...how };
}

export const PAYMENT_COLUMNS = [
  "referenceId",
  "userId",
  "amount",
  "currency",
  "status",
  "lines",
  "method",
  "proofKey",
  "proofName",
  "note",
  "createdAt",
  "paidAt",
  "expiresAt",
  "invoiceNumber",
  "cardSessionId",
  "cardPaymentIntentId",
  "refundedAmount",
  "netAmount",
  "taxAmount",
  "taxJson",
  "buyerJson",
  "strayIntentId",
] as const;

/** "Amira Haddad" → "A**** H*****": enough for a payer to recognise, nothing more. */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const chars = [...word];
      return chars[0] + "*".repeat(Math.max(chars.length - 1, 1));
    })
    .join(" ");
}

/** When a payment made `now` expires: after the store settings' `expiryHours`, 24 when invalid. */
export function expiryFrom(now: Date, expiryHours: number): string {
  const valid = Number.isFinite(expiryHours) && expiryHours > 0 ? expiryHours : 24;
  return new Date(now.getTime() + valid * 3600 * 1000).toISOString();
}
