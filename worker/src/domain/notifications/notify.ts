import { unsubscribeToken } from "../../auth/unsubscribe";
import type { MailPreference, NotificationKind } from "../../contract/notifications";
import type { DB } from "../../db";
import { isLanguage, type Language } from "../../errors/language";
import type { Portal } from "../context";
import { renderMail } from "../outbox/mails";
import type { MailContent } from "../outbox/mails/types";
import type { Mail } from "../outbox/queue";
import { formatsOf, notificationTexts, type NotificationParams, type NotificationText } from "./texts";

/** The mail switch each kind obeys; null: transactional, always mailed (the receipt is its mail). */
export const MAIL_PREFERENCE_OF: Record<NotificationKind, MailPreference | null> = {
  "subscription-ending": "subscriptionEnding",
  "subscription-ended": "subscriptionEnding",
  "payment-reminder": "paymentReminder",
  "low-balance": "lowBalance",
  "job-done": "jobDone",
  "job-failed": "jobDone",
  "payment-confirmed": null,
  "payment-refunded": null,
  // Staff alerts of the vendor fleet: their mail has no switch, the fleet page is where they act.
  "fleet-failing": null,
  "fleet-no-vendor": null,
  "renewal-failed": null,
  "renewal-payment-due": null,
  // Points about to expire are about the balance: the low-balance switch covers them (decision 0028).
  "points-expiring": "lowBalance",
  // A support reply is the conversation itself: always mailed, answered by replying to the mail.
  "ticket-reply": null,
};

/** The users column holding each switch (migration 0141). */
export const MAIL_COLUMN = {
  subscriptionEnding: "mailSubscriptionEnding",
  paymentReminder: "mailPaymentReminder",
  lowBalance: "mailLowBalance",
  jobDone: "mailJobDone",
} as const satisfies Record<MailPreference, string>;

export interface NewNotification<K extends NotificationKind = NotificationKind> {
  userId: number;
  kind: K;
  /** What makes it once: one notification per user and occasion. */
  occasion: string;
  params: NotificationParams[K];
  /** The app's page that acts on it (a path). */
  link: string;
}

/** The insert of a notification; a second one for the same user and occasion changes nothing. */
export function notificationInsert(db: DB, notification: NewNotification) {
  const { userId, kind, occasion, params, link } = notification;
  return db
    .insertInto("notifications")
    .values({ userId, kind, occasion, params: JSON.stringify(params), link })
    .onConflict((oc) => oc.columns(["userId", "occasion"]).doNothing());
}

/** A stored notification's texts in the reader's language. */
export function renderNotification(kind: NotificationKind, params: string, language: Language): NotificationText {
  const write = notificationTexts(language)[kind] as (p: unknown, f: ReturnType<typeof formatsOf>) => NotificationText;
  return write(JSON.parse(params) as unknown, formatsOf(language));
}

/** Who a notification's mail goes to. */
export interface Recipient {
  email: string;
  name: string;
  /** The stored users.mailLanguage. */
  language: string;
}

/** Where a mail that can be turned off says how: the page with a button, and the one-click URL. */
export interface Unsubscribe {
  pageUrl: string;
  oneClickUrl: string;
}

/** The unsubscribe links of a user's mail of one preference, signed with the session pepper. */
export async function unsubscribeLinks(
  portal: Portal,
  pepper: string,
  userId: number,
  preference: MailPreference,
): Promise<Unsubscribe> {
  const token = encodeURIComponent(await unsubscribeToken(pepper, userId, preference));
  return {
    pageUrl: `${portal.origin}/unsubscribe?token=${token}`,
    oneClickUrl: `${portal.origin}/api/unsubscribe?token=${token}`,
  };
}

/** A mail's content with the footer of a mail that can be turned off, in the reader's language. */
export function withUnsubscribeFooter(content: MailContent, language: Language, preference: MailPreference, links: Unsubscribe) {
  const texts = notificationTexts(language);
  const footer = texts.mailFooter(texts.preference[preference]);
  return { ...content, footer: { text: footer.text, link: { label: footer.link, url: links.pageUrl } } };
}

/**
 * The payment-confirmed notification, in the grant's batch: only where the payment carries the batch's
 * grant token (domain/payments/grant.ts), for a live account, once per payment.
 */
export function paymentConfirmedStatement(d1: D1Database, referenceId: string, token: string): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO notifications (userId, kind, occasion, params, link)
       SELECT p.userId, 'payment-confirmed', 'payment-confirmed:' || p.referenceId,
              json_object('amount', p.amount, 'currency', p.currency, 'invoiceNumber', p.invoiceNumber),
              '/pages/account-settings/billing'
         FROM payments p JOIN users u ON u.userId = p.userId
        WHERE p.referenceId = ?1 AND p.grantToken = ?2 AND u.deletedAt IS NULL
       ON CONFLICT (userId, occasion) DO NOTHING`,
    )
    .bind(referenceId, token);
}

/**
 * The mail of a notification, in its user's language: the title as subject, the text, the button to
 * the page that acts on it, and for a kind that can be turned off, the footer and the one-click link.
 */
export function notificationMail(
  portal: Portal,
  to: Recipient,
  notification: NewNotification,
  unsubscribe: Unsubscribe | null,
): Mail {
  const language: Language = isLanguage(to.language) ? to.language : "en";
  const text = renderNotification(notification.kind, JSON.stringify(notification.params), language);
  const preference = MAIL_PREFERENCE_OF[notification.kind];
  const content: MailContent = {
    subject: `${portal.siteName}: ${text.title}`,
    greeting: notificationTexts(language).greeting(to.name),
    paragraphs: [text.body],
    action: { label: text.action, url: `${portal.origin}${notification.link}` },
  };
  if (!preference || !unsubscribe) return { to: to.email, kind: notification.kind, ...renderMail(language, content) };
  return {
    to: to.email,
    kind: notification.kind,
    ...renderMail(language, withUnsubscribeFooter(content, language, preference, unsubscribe)),
    unsubscribeUrl: unsubscribe.oneClickUrl,
  };
}
