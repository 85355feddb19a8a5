import * as z from "zod";
import { defineCalls, fileAnswer, listOf, timestamp } from "./call";
import { LINE_KINDS, paymentWithUser, referenceId } from "./commerce";
import * as f from "./fields";

/** How a refund went: pending at Stripe, made (a credit note), or failed (nothing refunded). */
export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;

/** A credit note's line: the refunded share of an invoice line. */
const creditLine = z.strictObject({
  kind: z.enum(LINE_KINDS),
  refId: z.number().int(),
  name: z.string(),
  points: z.number().int().optional(),
  gross: z.number().int(),
  net: z.number().int().optional(),
  tax: z.number().int().optional(),
});

/** A refund of a payment; once made, a credit note numbered in its own gap-free series. */
export const creditNote = z.strictObject({
  refundId: z.number().int(),
  creditNoteNumber: z
    .number()
    .int()
    .nullable()
    .meta({ description: "Null while the refund is pending, or when it failed before it was made." }),
  status: z.enum(REFUND_STATUSES),
  failureReason: z.string().nullable(),
  referenceId: z.string(),
  invoiceNumber: z.number().int().nullable(),
  userId: z.number().int(),
  amount: z.number().int(),
  netAmount: z.number().int().nullable(),
  taxAmount: z.number().int().nullable(),
  currency: z.string(),
  reason: z.string(),
  method: z.enum(["card", "manual"]).meta({ description: "card: through Stripe; manual: money returned by hand (a transfer)." }),
  lines: z.array(creditLine),
  pointsReclaimed: z.number().int(),
  pointsSpent: z.number().int().meta({ description: "Points the refund would take back that the client had already spent." }),
  subscriptionsEnded: z.number().int(),
  createdAt: timestamp(),
  settledAt: timestamp().nullable(),
});

const creditNoteNumber = () => f.id();

export const refundCalls = defineCalls({
  "refund-payment": {
    summary:
      "Refunds a paid payment in full or in part (a card payment through Stripe, a transfer recorded as returned by hand): a credit note, what it granted taken back in proportion. With `unappliedCharge`, refunds instead the card charge taken after the payment was settled another way.",
    access: ["update", "Payment"],
    input: z.object({
      referenceId: referenceId(),
      amount: f.int(1, Number.MAX_SAFE_INTEGER).optional().meta({ description: "Minor units; what is left when absent." }),
      reason: f.displayName(500),
      unappliedCharge: f.bool().optional(),
    }),
    answer: z.strictObject({
      message: z.string(),
      payment: paymentWithUser,
      creditNote: creditNote
        .nullable()
        .meta({ description: "The refund (a credit note once made); null for an unapplied charge." }),
    }),
  },
  "credit-note-detail": {
    summary: "A credit note (or a refund in progress) with its lines, invoice number and reason; another user's is 404.",
    access: ["read", "Payment"],
    input: z.object({ creditNoteNumber: creditNoteNumber() }),
    answer: z.strictObject({ creditNote, payment: paymentWithUser }),
  },
  "search-credit-note": {
    summary: "Refunds and credit notes, newest first: the caller's own (admins: all, one user's, or one payment's).",
    access: ["read", "Payment"],
    input: z.object({ referenceId: referenceId().optional(), userId: f.id().optional(), ...f.paging(10) }),
    answer: listOf(creditNote),
  },
  "invoice-pdf": {
    summary: "The invoice of a payment the caller may read, as a PDF (A4), marked Paid or Refunded.",
    access: ["read", "Payment"],
    input: z.object({ referenceId: referenceId() }),
    answer: fileAnswer("application/pdf"),
  },
  "credit-note-pdf": {
    summary: "A credit note the caller may read, as a PDF (A4).",
    access: ["read", "Payment"],
    input: z.object({ creditNoteNumber: creditNoteNumber() }),
    answer: fileAnswer("application/pdf"),
  },
  "billing-details": {
    summary: "The caller's billing details: company and VAT number (the address is the account's).",
    access: "signedIn",
    readsOnly: true,
    input: z.object({}),
    answer: z.strictObject({ billingCompany: z.string(), billingVatNumber: z.string() }),
  },
  "update-billing-details": {
    summary: "Saves the caller's billing details; each new payment freezes them with the address.",
    access: "signedIn",
    // Strict: both fields are optional, so only an unknown field tells junk from a save.
    input: z.strictObject({
      billingCompany: f.optionalDisplayText(200),
      billingVatNumber: f
        .optionalText(20)
        .transform((v) => v.toUpperCase().replace(/[\s.-]/g, ""))
        .pipe(z.string().regex(/^([A-Z]{2}[0-9A-Z+*]{2,13})?$/, "must be a VAT number: a country prefix and digits")),
    }),
    answer: z.strictObject({ message: z.string(), billingCompany: z.string(), billingVatNumber: z.string() }),
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { "Refunds, credit notes and invoice PDFs": refundCalls };
