import type { NotificationTexts } from "./types";

export const en: NotificationTexts = {
  "subscription-ending": ({ item, endsAt, days, renews }, f) =>
    renews
      ? {
          title: days > 1 ? `${item} renews in ${days} days` : `${item} renews within a day`,
          body: renews.card
            ? `Your ${item} subscription renews automatically on ${f.date(endsAt)}, charged to your ${renews.card.brand} card ending in ${renews.card.last4}.`
            : `Your ${item} subscription renews automatically on ${f.date(endsAt)}. No card is saved: we will mail you its payment page.`,
          action: "Manage renewal",
        }
      : {
          title: days > 1 ? `${item} ends in ${days} days` : `${item} ends within a day`,
          body: `Your ${item} subscription ends on ${f.date(endsAt)}. Renew it to keep access.`,
          action: "Renew now",
        },
  "subscription-ended": ({ item, endedAt }, f) => ({
    title: `${item} has ended`,
    body: `Your ${item} subscription ended on ${f.date(endedAt)}. Buy it again to get access back.`,
    action: "Buy it again",
  }),
  "payment-reminder": ({ amount, currency, expiresAt }, f) => ({
    title: `Your payment of ${f.money(amount, currency)} expires soon`,
    body: `Your payment of ${f.money(amount, currency)} is still open and expires on ${f.date(expiresAt)}. Pay it before then, or it is cancelled.`,
    action: "Pay now",
  }),
  "low-balance": ({ balance, threshold }) => ({
    title: `Your balance is low: ${balance} points`,
    body: `You have ${balance} points left, below your alert at ${threshold}. Top up to keep using the sites.`,
    action: "Buy points",
  }),
  "job-done": ({ site, fileName, similarity }) => ({
    title: `Your ${site} result is ready`,
    body: `"${fileName}": similarity ${similarity}%.`,
    action: "See the result",
  }),
  "job-failed": ({ site, fileName, refunded }) => ({
    title: `Your ${site} job could not be processed`,
    body:
      refunded > 0
        ? `"${fileName}" could not be processed; its ${refunded} points are back.`
        : `"${fileName}" could not be processed.`,
    action: "Try again",
  }),
  "payment-confirmed": ({ amount, currency, invoiceNumber }, f) => ({
    title: `Payment of ${f.money(amount, currency)} received`,
    body:
      invoiceNumber === null
        ? "Your points and subscriptions are active now."
        : `Invoice #${invoiceNumber}. Your points and subscriptions are active now.`,
    action: "View my billing",
  }),
  "payment-refunded": ({ amount, currency }, f) => ({
    title: `${f.money(amount, currency)} refunded`,
    body: `A refund of ${f.money(amount, currency)} is on its way to you.`,
    action: "View my billing",
  }),
  "fleet-failing": ({ vendor, site, failed, finished }) => ({
    title: `${vendor} (${site}) is failing its jobs`,
    body: `In the last hour, ${failed} of the ${finished} jobs of the vendor account ${vendor} failed. Check the account, or pause it.`,
    action: "Open the fleet",
  }),
  "fleet-no-vendor": ({ site, waiting }) => ({
    title: `${site} has no active vendor account`,
    body: `${waiting} jobs of ${site} are waiting, and none of its vendor accounts is active. Resume or add one.`,
    action: "Open the fleet",
  }),
  "renewal-failed": ({ item, amount, currency, retryAt, endsAt, authentication }, f) => ({
    title: authentication ? `Confirm the renewal of ${item}` : `The renewal of ${item} did not go through`,
    body: [
      authentication
        ? `Your bank asks you to confirm the payment of ${f.money(amount, currency)} for ${item}.`
        : `Your card was not charged ${f.money(amount, currency)} for ${item}.`,
      retryAt
        ? `We will try again on ${f.date(retryAt)}; the subscription ends on ${f.date(endsAt)} unless it is paid.`
        : `That was the last try: the subscription ends on ${f.date(endsAt)} (or has ended). Buy it again to get access back.`,
    ].join(" "),
    action: authentication ? "Confirm the payment" : "Check my cards",
  }),
  "renewal-payment-due": ({ item, amount, currency, endsAt }, f) => ({
    title: `Your renewal of ${item} is ready to pay`,
    body: `Your ${item} subscription ends on ${f.date(endsAt)}. Pay ${f.money(amount, currency)} to renew it.`,
    action: "Pay now",
  }),
  "points-expiring": ({ points, expiresAt }, f) => ({
    title: `${points} points expire on ${f.date(expiresAt)}`,
    body: `${points} of your points expire on ${f.date(expiresAt)}. Spend them on a site before then.`,
    action: "See my points",
  }),
  "ticket-reply": ({ ticketId, subject, author, text }) => ({
    title: `New reply on ticket #${ticketId}: ${subject}`,
    body: `${author} wrote: ${text}`,
    action: "Open the ticket",
  }),
  greeting: (name) => `Hello ${name},`,
  mailFooter: (what) => ({
    text: `You get this mail because ${what} are on in your notification settings.`,
    link: "Stop these mails",
  }),
  preference: {
    subscriptionEnding: "subscription reminders",
    paymentReminder: "payment reminders",
    lowBalance: "low-balance alerts",
    jobDone: "job results",
  },
};
