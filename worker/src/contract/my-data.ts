import * as z from "zod";
import { userData } from "./auth";
import { defineCalls, done, timestamp } from "./call";
import { paymentWithUser } from "./commerce";
import { JOB_STATUSES } from "./history";
import { notification } from "./notifications";
import { creditNote } from "./refunds";

/**
 * Everything the portal keeps about the caller, as export-my-data answers it (GDPR articles 15 and 20).
 * Every object is strict: a column added to a table reaches the export only by being declared here, so no
 * hash, token, TOTP secret or vendor credential can slip into it (the worker tests check every answer).
 */
export const myData = z.strictObject({
  exportedAt: timestamp(),
  site: z.string(),
  profile: userData.extend({
    mailLanguage: z.string(),
    termsVersion: z.string().nullable(),
    termsAcceptedAt: timestamp().nullable(),
    updatedAt: timestamp(),
  }),
  ledger: z.array(
    z.strictObject({
      ledgerId: z.number().int(),
      delta: z.number().int(),
      reason: z.string(),
      ref: z.string().nullable(),
      note: z.string(),
      createdAt: timestamp(),
    }),
  ),
  /** Payments and their invoices; `userName` and `userEmail` are the buyer the invoice names. */
  payments: z.array(paymentWithUser),
  /** Refunds of those payments, with their credit notes. */
  creditNotes: z.array(creditNote),
  subscriptions: z.array(
    z.strictObject({
      subscriptionId: z.number().int(),
      itemId: z.number().int(),
      itemName: z.string(),
      startsAt: timestamp(),
      endsAt: timestamp(),
    }),
  ),
  /** Their reviews of items, whatever their moderation status. */
  reviews: z.array(
    z.strictObject({
      reviewId: z.number().int(),
      itemId: z.number().int(),
      rating: z.number().int(),
      text: z.string(),
      status: z.enum(["pending", "published", "hidden"]),
      createdAt: timestamp(),
      updatedAt: timestamp(),
    }),
  ),
  /** The files of their tickets' messages (not of staff's internal notes), each fetched with ticket-attachment. */
  ticketAttachments: z.array(
    z.strictObject({
      attachmentId: z.number().int(),
      ticketId: z.number().int(),
      name: z.string(),
      type: z.string(),
      size: z.number().int(),
      createdAt: timestamp(),
    }),
  ),
  /** Jobs without the vendor account that ran them. */
  jobs: z.array(
    z.strictObject({
      uniqueId: z.string(),
      siteName: z.string(),
      fileName: z.string(),
      reportName: z.string().nullable(),
      pointsSpent: z.number().int(),
      status: z.literal(JOB_STATUSES),
      similarity: z.number().int().nullable(),
      createdAt: timestamp(),
      updatedAt: timestamp(),
    }),
  ),
  sessions: z.array(
    z.strictObject({
      userAgent: z.string(),
      ip: z.string(),
      createdAt: timestamp(),
      lastSeenAt: timestamp(),
      rememberMe: z.boolean(),
      current: z.boolean(),
    }),
  ),
  /** Audit rows the caller made, and those about their account; `ip` only on their own. */
  audit: z.array(
    z.strictObject({
      action: z.string(),
      subject: z.string(),
      subjectId: z.string(),
      outcome: z.string(),
      detail: z.record(z.string(), z.unknown()),
      byYou: z.boolean(),
      ip: z.string(),
      createdAt: timestamp(),
    }),
  ),
  /** The caller's notifications, oldest first, written in their mail language. */
  notifications: z.array(notification),
});

export const myDataCalls = defineCalls({
  "export-my-data": {
    summary:
      "Everything the portal keeps about the caller (profile, ledger, payments and invoices, credit notes, subscriptions, reviews, jobs, sessions, audit rows, notifications) as one JSON file, `Content-Disposition: attachment`; no secret of any kind.",
    access: "signedIn",
    readsOnly: true,
    input: z.object({}),
    answer: myData,
  },
  "close-account": {
    summary:
      "Closes the caller's account with their password: sessions end and personal data is erased (name, email, phone, address, avatar, documents and reports); invoices and payments keep the buyer they name. 409 last_admin for the last active admin.",
    access: "signedIn",
    input: z.object({ password: z.string().min(1).max(200) }),
    answer: done,
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { "Account data": myDataCalls };
