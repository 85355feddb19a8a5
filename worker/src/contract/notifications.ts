import * as z from "zod";
import { defineCalls, listOf, timestamp } from "./call";
import * as f from "./fields";

/** The kinds of notification (shared/API.md); `payment-refunded` is written by the refunds work. */
export const NOTIFICATION_KINDS = [
  "subscription-ending",
  "subscription-ended",
  "payment-reminder",
  "low-balance",
  "job-done",
  "job-failed",
  "payment-confirmed",
  "payment-refunded",
  "fleet-failing",
  "fleet-no-vendor",
  "renewal-failed",
  "renewal-payment-due",
  "points-expiring",
  "ticket-reply",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The mails a user may turn off, each covering kinds of notification. Transactional mail (verification,
 * password reset, receipts, invoices, security notices) is always sent and has no switch.
 */
export const MAIL_PREFERENCES = ["subscriptionEnding", "paymentReminder", "lowBalance", "jobDone"] as const;
export type MailPreference = (typeof MAIL_PREFERENCES)[number];

const mailSwitches = z.strictObject({
  subscriptionEnding: z.boolean().meta({ description: "Subscription ending in 7 days, in 1 day, and ended." }),
  paymentReminder: z.boolean().meta({ description: "A pending payment 24 hours (at most half its life) before it expires." }),
  lowBalance: z.boolean().meta({ description: "The points balance fell below the threshold after a spend." }),
  jobDone: z.boolean().meta({ description: "A job finished or failed." }),
});

export const notificationSettings = z.strictObject({
  lowBalanceThreshold: z
    .number()
    .int()
    .nullable()
    .meta({ description: "Points below which a spend alerts; 0 is off, null the price of the site used most." }),
  mail: mailSwitches,
});

export const notification = z.strictObject({
  notificationId: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string().meta({ description: "The page of the app that acts on it (a path)." }),
  createdAt: timestamp(),
  readAt: timestamp().nullable(),
});

const unread = z.number().int().meta({ description: "The caller's unread notifications, counted up to 100." });

export const notificationCalls = defineCalls({
  "search-notification": {
    summary: "The caller's notifications, newest first, in the caller's language; with the unread count.",
    access: "signedIn",
    readsOnly: true,
    input: z.object({ unreadOnly: f.bool().optional().default(false), ...f.paging(10) }),
    answer: listOf(notification, { unread }),
  },
  "read-notification": {
    summary: "Marks one of the caller's notifications read, or all of them ({all: true}).",
    access: "signedIn",
    input: z.union([z.strictObject({ notificationId: f.id() }), z.strictObject({ all: z.literal(true) })]),
    answer: z.strictObject({ message: z.string(), unread }),
  },
  "update-notification-settings": {
    summary: "Sets the caller's low-balance threshold and which notifications are also mailed.",
    access: "signedIn",
    input: z.object({
      lowBalanceThreshold: z
        .union([f.int(0, 1_000_000_000), z.null()])
        .optional()
        .meta({ description: "Left out, the stored threshold stays." }),
      mail: z.object({
        subscriptionEnding: f.bool(),
        paymentReminder: f.bool(),
        lowBalance: f.bool(),
        jobDone: f.bool(),
      }),
    }),
    answer: z.strictObject({ message: z.string(), notificationSettings }),
  },
  unsubscribe: {
    summary:
      "Turns one kind of mail off for the owner of a signed link, without signing in: `POST /api/unsubscribe?token=…` with `List-Unsubscribe=One-Click` (RFC 8058), or JSON {token}.",
    access: "public",
    formUrlEncoded: true,
    input: z.object({
      token: f.text(300).optional(),
      "List-Unsubscribe": z.literal("One-Click").optional(),
    }),
    answer: z.strictObject({ message: z.string(), preference: z.enum(MAIL_PREFERENCES) }),
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { Notifications: notificationCalls };
