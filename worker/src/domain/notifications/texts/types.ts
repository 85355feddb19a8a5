import type { NotificationKind } from "../../../contract/notifications";

/** What each kind's texts name, as stored with the notification (`params`, JSON). */
export interface NotificationParams {
  /** `renews`: auto-renew is on (decision 0027's reminder wording), with the default card it charges, or none saved. */
  "subscription-ending": { item: string; endsAt: string; days: number; renews?: { card: SavedCardName | null } };
  "subscription-ended": { item: string; endedAt: string };
  "payment-reminder": { amount: number; currency: string; expiresAt: string };
  "low-balance": { balance: number; threshold: number };
  "job-done": { site: string; fileName: string; similarity: number };
  "job-failed": { site: string; fileName: string; refunded: number };
  "payment-confirmed": { amount: number; currency: string; invoiceNumber: number | null };
  "payment-refunded": { amount: number; currency: string };
  "fleet-failing": { vendor: string; site: string; failed: number; finished: number };
  "fleet-no-vendor": { site: string; waiting: number };
  /** A renewal's charge failed: the next try's date (null after the last), when the subscription ends, and whether the bank asks the client to confirm. */
  "renewal-failed": {
    item: string;
    amount: number;
    currency: string;
    retryAt: string | null;
    endsAt: string;
    authentication: boolean;
  };
  "renewal-payment-due": { item: string; amount: number; currency: string; endsAt: string };
  /** Points of a purchase that expire in 7 days: how many are left and when they go. */
  "points-expiring": { points: number; expiresAt: string };
  /** A reply in a support ticket: who wrote it, and its text as plain text (the mail carries it whole). */
  "ticket-reply": { ticketId: number; subject: string; author: string; text: string };
}

/** How a reminder names a saved card: Stripe's brand and the last four digits. */
export interface SavedCardName {
  brand: string;
  last4: string;
}

/** Writes money and dates the way the reader's language does. */
export interface Formats {
  money(minor: number, currency: string): string;
  date(iso: string): string;
}

/** A notification as the reader sees it; `action` labels its link (the mail's button). */
export interface NotificationText {
  title: string;
  body: string;
  action: string;
}

/** One module per language implements these. */
export type NotificationTexts = {
  [K in NotificationKind]: (params: NotificationParams[K], format: Formats) => NotificationText;
} & {
  /** A mail's first line. */
  greeting(name: string): string;
  /** The line ending a mail that can be turned off: why it came, and where to stop it. */
  mailFooter(what: string): { text: string; link: string };
  /** What each mail preference covers, as the footer names it. */
  preference: Record<"subscriptionEnding" | "paymentReminder" | "lowBalance" | "jobDone", string>;
};
