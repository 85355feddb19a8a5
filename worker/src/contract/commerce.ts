import * as z from "zod";
import { defineCalls, done, fileAnswer, listOf, timestamp } from "./call";
import * as f from "./fields";
import { bodyLimitFor } from "./uploads";

export const LINE_KINDS = ["item", "bundle"] as const;
export const PAYMENT_STATUSES = [
  "pending",
  "awaiting_confirmation",
  "paid",
  "cancelled",
  "expired",
  "refunded",
  "partially_refunded",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_METHODS = ["bank", "gateway", "manual", "card"] as const;

/** A payment line, frozen at checkout. */
export const paymentLine = z.strictObject({
  kind: z.enum(LINE_KINDS),
  refId: z.number().int(),
  name: z.string(),
  unitPrice: z.number().int(),
  qty: z.number().int(),
  lineTotal: z.number().int(),
  points: z
    .number()
    .int()
    .optional()
    .meta({ description: "A bundle's points, for pages to write in the reader's language (`name` is English)." }),
  names: z
    .strictObject({ en: z.string(), fr: z.string(), ar: z.string() })
    .optional()
    .meta({ description: 'A named bundle\'s name per language ("" falls back to English), frozen at checkout.' }),
  net: z.number().int().optional().meta({ description: "With tax: the line's net; `lineTotal` is then its gross." }),
  tax: z.number().int().optional().meta({ description: "With tax: the line's tax, rounded once (net + tax = lineTotal)." }),
  proration: z
    .strictObject({
      fromSubscriptionId: z.number().int(),
      fromItemId: z.number().int(),
      fromItemName: z.string(),
      fullPrice: z.number().int(),
      daysLeft: z.number().int(),
      credit: z.number().int(),
      points: z.number().int(),
    })
    .optional()
    .meta({ description: "A plan change: the new item's full price less the credit for the old one's unused days." }),
});

/** The tax frozen into a payment at checkout. */
export const frozenTax = z.strictObject({
  name: z.string(),
  rate: z.number().meta({ description: "Percent." }),
  inclusive: z.boolean(),
  reverseCharge: z.boolean().meta({ description: 'A business buyer of another EU country: no tax charged, "Reverse charge".' }),
});

/** The buyer's billing details frozen into a payment at checkout. */
export const buyerParty = z.strictObject({
  name: z.string(),
  email: z.string().optional().meta({ description: "The address the invoice was for (absent before issue 25)." }),
  company: z.string(),
  address: z.array(z.string()),
  country: z.string(),
  vatNumber: z.string(),
});

/** Where a bank transfer goes (deployment settings). */
export const bank = z.strictObject({ name: z.string(), accountName: z.string(), accountNumber: z.string(), logo: z.string() });

/** The Payment entity. */
export const payment = z.strictObject({
  referenceId: z.string(),
  userId: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  method: z.enum(PAYMENT_METHODS),
  lines: z.array(paymentLine),
  note: z.string(),
  hasProof: z.boolean(),
  createdAt: timestamp(),
  paidAt: timestamp().nullable(),
  expiresAt: timestamp(),
  invoiceNumber: z.number().int().nullable(),
  card: z
    .strictObject({ sessionId: z.string(), paymentIntentId: z.string().nullable() })
    .nullable()
    .meta({ description: "A card payment's Stripe Checkout Session and, once paid, its PaymentIntent; else null." }),
  refundedAmount: z.number().int().meta({ description: "What refunds gave back, in minor units." }),
  netAmount: z.number().int().nullable().meta({ description: "With tax settings at checkout: the net (amount = net + tax)." }),
  taxAmount: z.number().int().nullable(),
  tax: frozenTax.nullable(),
  buyer: buyerParty.nullable().meta({ description: "The buyer's billing details as at checkout (null before issue 26)." }),
  unappliedCharge: z
    .strictObject({ paymentIntentId: z.string() })
    .nullable()
    .meta({ description: "A card charge taken after the payment was settled another way, to refund." }),
});

/** A payment as its public page shows it (payment-detail, and checkout's answer): no user id, note or Stripe ids. */
const publicPayment = payment.omit({ userId: true, note: true, card: true, buyer: true, unappliedCharge: true }).extend({
  payerName: z.string(),
  proofName: z.string().nullable().meta({ description: "The name of the proof of transfer the payer sent, if any." }),
  bank,
  payByCard: z
    .boolean()
    .meta({ description: "Whether it may be paid by card now: Stripe configured, pending, an amount Stripe can charge." }),
});

/** A payment with its buyer, for those who may read it. */
export const paymentWithUser = payment.extend({ userName: z.string(), userEmail: z.string() });

const cart = z.strictObject({
  carts: z.array(paymentLine.extend({ cartId: z.number().int(), available: z.boolean() })),
  amounts: z.strictObject({
    subtotal: z.number().int(),
    total: z.number().int(),
    currency: z.string(),
    count: z.number().int(),
  }),
  bank,
  payByCard: z.boolean().meta({ description: "Card payments (Stripe Checkout) are configured." }),
});

/** Reference ids are base64url of 18+ random bytes; anything else cannot exist. */
export const referenceId = () => f.textMatching(100, /^[A-Za-z0-9_-]{22,100}$/, "mustBePaymentReference");

const kind = () => z.enum(LINE_KINDS);

/** A Stripe event as read before its signature is checked: nothing in it is trusted until then. */
const stripeEvent = z.object({
  id: f.text(255),
  type: f.text(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const paymentFilter = {
  search: f.search(),
  status: z.enum(PAYMENT_STATUSES).optional(),
  userId: f.id().optional(),
};

const lineInput = z.object({ kind: z.enum(LINE_KINDS), refId: f.id(), qty: f.int(1, 100) });

export const commerceCalls = defineCalls({
  searchcart: {
    summary: "The caller's cart (admins: any userId) at today's prices, and the bank details for checkout.",
    access: ["read", "Cart"],
    input: z.object({ userId: f.id().optional() }),
    answer: cart,
  },
  updatecart: {
    summary: "Sets the quantity of a product in the caller's cart (qty 0 removes it).",
    access: ["update", "Cart"],
    input: z.object({ kind: kind(), refId: f.id(), qty: f.int(0, 100) }),
    answer: cart.extend({ message: z.string() }),
  },
  checkout: {
    summary: "Freezes the cart (or one product: kind and refId, 'buy now') into a pending payment with a random reference.",
    access: ["create", "Payment"],
    input: z.object({ kind: kind().optional(), refId: f.id().optional(), qty: f.int(1, 100).optional() }),
    answer: z.strictObject({
      message: z.string(),
      referenceId: z.string(),
      amount: z.number().int(),
      lines: z.array(paymentLine),
      payment: publicPayment.meta({ description: "The new payment as payment-detail answers it." }),
    }),
  },
  "payment-detail": {
    summary: "A payment by its reference, for the public payment page: no personal data beyond a masked name.",
    access: "public",
    readsOnly: true,
    input: z.object({ referenceId: referenceId() }),
    answer: publicPayment,
  },
  "start-card-payment": {
    summary:
      "Opens a pending payment's Stripe Checkout page (its open session, else a new one with an idempotency key from the reference).",
    access: "public",
    input: z.object({ referenceId: referenceId() }),
    answer: z.strictObject({ message: z.string(), url: z.string().meta({ description: "Stripe's hosted Checkout page." }) }),
  },
  "stripe-webhook": {
    summary:
      'A Stripe event, signed with `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">[,v1=…]` (5 minutes); a paid Checkout Session grants once.',
    access: "public",
    input: stripeEvent,
    answer: done,
  },
  "payment-proof": {
    summary: "Uploads the proof of transfer of an open payment: it then awaits confirmation.",
    access: "public",
    maxBody: bodyLimitFor("proof"),
    input: z.object({ referenceId: referenceId(), file: f.file() }),
    answer: z.strictObject({ message: z.string(), status: z.literal("awaiting_confirmation") }),
  },
  "confirm-payment": {
    summary: "Marks a pending payment paid: invoice number, points and subscriptions, granted exactly once.",
    access: ["update", "Payment"],
    input: z.object({ referenceId: referenceId() }),
    answer: done,
  },
  "cancel-payment": {
    summary: "Cancels a pending payment.",
    access: ["update", "Payment"],
    input: z.object({ referenceId: referenceId() }),
    answer: done,
  },
  "payment-webhook": {
    summary:
      'The payment gateway\'s event, signed with `X-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">` (5 minutes); idempotent, the amount must match.',
    access: "public",
    input: z.object({ referenceId: referenceId(), status: f.text(40), amount: f.int(0, Number.MAX_SAFE_INTEGER) }),
    answer: done,
  },
  "search-payment": {
    summary: "Payments, newest first: all of them (optionally one user's) for admins, the caller's own otherwise.",
    access: ["read", "Payment"],
    input: z.object({ ...paymentFilter, ...f.paging(10) }),
    answer: listOf(paymentWithUser),
  },
  "payment-attention": {
    summary:
      "What waits for an admin: payments with a proof of transfer (oldest first; they never expire) and card charges recorded for a refund in the last 90 days (issue 30).",
    access: ["read", "Audit"],
    input: z.object({}),
    answer: z.strictObject({
      awaiting: z.array(paymentWithUser),
      awaitingTotal: z.number().int().meta({ description: "How many wait, counted up to 1,000." }),
      refunds: z.array(
        z.strictObject({
          auditId: z.number().int(),
          referenceId: z.string(),
          reason: z.enum(["settled-another-way", "account-closed", "unknown-session", "unknown-payment"]),
          status: z.string().nullable().meta({ description: "The payment's status when the charge arrived." }),
          sessionId: z.string(),
          paymentIntentId: z.string().nullable(),
          amount: z.number().int().nullable().meta({ description: "The payment's amount, when the portal knows the payment." }),
          currency: z.string().nullable(),
          createdAt: timestamp(),
        }),
      ),
    }),
  },
  "export-payment": {
    summary: "The payments search-payment would list (up to 10,000), as CSV.",
    access: ["read", "Payment"],
    input: z.object(paymentFilter),
    answer: fileAnswer("text/csv"),
  },
  "download-proof": {
    summary: "The payer's proof of transfer, as an attachment.",
    access: ["update", "Payment"],
    input: z.object({ referenceId: referenceId() }),
    answer: fileAnswer("application/octet-stream"),
  },
  "invoice-detail": {
    summary: "A payment the caller may read with the seller block of its invoice; another user's is 404.",
    access: ["read", "Payment"],
    input: z.object({ referenceId: referenceId() }),
    answer: z.strictObject({
      payment: paymentWithUser,
      seller: z.strictObject({
        siteName: z.string(),
        bank,
        party: z
          .strictObject({ legalName: z.string(), address: z.array(z.string()), country: z.string(), taxId: z.string() })
          .meta({ description: "The seller on invoices (settings: legal name, address, country, tax id)." }),
      }),
    }),
  },
  "add-payment": {
    summary: "Records a manual payment priced from the catalogue, paid and granted in one batch.",
    access: ["update", "Payment"],
    input: z.object({
      userId: f.id(),
      lines: z.array(lineInput).min(1).max(50),
      note: f.optionalText(500),
    }),
    answer: z.strictObject({ message: z.string(), payment: paymentWithUser }),
  },
  "update-payment": {
    summary: "Saves the invoice note of a payment.",
    access: ["update", "Payment"],
    input: z.object({ referenceId: referenceId(), note: f.optionalText(500) }),
    answer: z.strictObject({ message: z.string(), payment: paymentWithUser }),
  },
  "send-invoice": {
    summary: "Queues the invoice mail of a paid payment (to the buyer unless `to`).",
    access: ["update", "Payment"],
    input: z.object({
      referenceId: referenceId(),
      to: f.email().optional(),
      subject: f.optionalText(200),
      message: f.optionalText(2000),
    }),
    answer: done,
  },
});

export const LEDGER_REASONS = ["grant", "spend", "refund", "redeem", "adjust"] as const;

/**
 * What a ledger row is, for people: `reason` is the stored column, where a payment's refund is a negative
 * grant (so the dashboards' points granted stay net of refunds) and "refund" is a failed job's.
 */
export const LEDGER_KINDS = ["purchase", "refund", "coupon", "job", "jobRefund", "adjustment", "expiry"] as const;

/** Points of a purchase that expire: what is left of them and when they go (decision 0028). */
const pointsExpiry = z.strictObject({
  grantId: z.number().int(),
  points: z.number().int(),
  expiresAt: timestamp(),
  /** The bundle's name as bought. */
  note: z.string(),
});

const ledgerRow = z.strictObject({
  ledgerId: z.number().int(),
  delta: z.number().int(),
  reason: z.enum(LEDGER_REASONS),
  ref: z.string().nullable(),
  note: z.string(),
  createdAt: timestamp(),
  kind: z.enum(LEDGER_KINDS),
  /** The payment a purchase or a refund row belongs to. */
  referenceId: z.string().nullable(),
  /** A refund row's credit note. */
  creditNoteNumber: z.number().int().nullable(),
});

export const quotaCalls = defineCalls({
  "redeem-coupon": {
    summary: "Redeems a coupon code: its points are credited once, even under concurrent tries.",
    access: ["redeem", "Coupon"],
    input: z.object({ couponCode: f.text(64) }),
    answer: z.strictObject({ message: z.string(), userQuota: z.number().int() }),
  },
  "search-quota": {
    summary: "A balance and its ledger, newest first: the caller's own (admins: any userId).",
    access: ["read", "Quota"],
    input: z.object({ userId: f.id().optional(), ...f.paging(10) }),
    answer: listOf(ledgerRow, {
      userQuota: z.number().int(),
      expiries: z
        .array(pointsExpiry)
        .meta({ description: "Points that expire, soonest first (up to 20); the rest of the balance never expires." }),
    }),
  },
  "search-subscription": {
    summary: "Subscriptions, latest end first: the caller's own (those who read every payment: any userId).",
    access: "signedIn",
    readsOnly: true,
    input: z.object({ userId: f.id().optional(), ...f.paging(10) }),
    answer: listOf(
      z.strictObject({
        subscriptionId: z.number().int(),
        itemId: z.number().int(),
        itemName: z.string(),
        itemUrl: z.string(),
        startsAt: timestamp(),
        endsAt: timestamp(),
        active: z.boolean(),
        autoRenew: z.boolean().meta({ description: "Renewed by the cron on the default saved card (update-auto-renew)." }),
      }),
    ),
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { "Cart, payments and invoices": commerceCalls, "Quota and subscriptions": quotaCalls };

/** The answer schemas the OpenAPI document names (`components.schemas`). */
export const entities = { PaymentLine: paymentLine, Bank: bank, Payment: payment, PaymentWithUser: paymentWithUser };
