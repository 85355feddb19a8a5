import type { MailTexts } from "./types";

export const en: MailTexts = {
  verify: ({ name, site, url }) => ({
    subject: `Confirm your email for ${site}`,
    greeting: `Hello ${name},`,
    paragraphs: ["Please confirm your email address by opening this link within 48 hours:"],
    action: { label: "Confirm my email", url },
    closing: "If you did not create an account, ignore this mail.",
  }),
  reset: ({ name, site, url }) => ({
    subject: `Reset your ${site} password`,
    greeting: `Hello ${name},`,
    paragraphs: ["Someone asked to reset the password of this account. Open this link within one hour to choose a new one:"],
    action: { label: "Choose a new password", url },
    closing: "If it was not you, ignore this mail; your password stays as it is.",
  }),
  invoice: ({ name, site, number, paidAt, lines, total, url }) => ({
    subject: `${site}: invoice #${number}`,
    greeting: `Hello ${name},`,
    paragraphs: [`Please find your invoice #${number} below.`, `Paid: ${paidAt}`],
    rows: [...lines.map((l): [string, string] => [`${l.qty} × ${l.name}`, l.total]), ["Total", total]],
    action: { label: "View the invoice", url },
  }),
  proofNotice: ({ site, referenceId, amount, url }) => ({
    subject: `${site}: a proof of transfer is waiting`,
    greeting: "Hello,",
    paragraphs: [
      `A payer uploaded a proof of transfer for payment ${referenceId} (${amount}).`,
      "It no longer expires: it waits for you, first in the payments list. Please check it and confirm or cancel the payment:",
    ],
    action: { label: "Open the payment", url },
  }),
  receipt: ({ name, site, referenceId, number, lines, url }) => ({
    subject: `${site}: receipt for invoice #${number}`,
    greeting: `Hello ${name},`,
    paragraphs: [
      `Thank you: we received your payment ${referenceId}. Your invoice number is #${number}.`,
      ...lines,
      "Your points and subscriptions are active now.",
    ],
    action: { label: "View my billing", url },
  }),
  jobDone: ({ name, site, fileName, url, similarity, hasReport }) => ({
    subject: `Your ${site} result is ready`,
    greeting: `Hello ${name},`,
    paragraphs: [`Your document "${fileName}" was processed by ${site}.`, `Similarity: ${similarity}%`],
    action: { label: hasReport ? "Open my downloads" : "Open my history", url },
  }),
  jobFailed: ({ name, site, fileName, url, refunded }) => ({
    subject: `Your ${site} job could not be processed`,
    greeting: `Hello ${name},`,
    paragraphs: [
      `Your document "${fileName}" could not be processed by ${site}.`,
      refunded > 0 ? `The ${refunded} points it cost are back on your balance.` : "It cost no points.",
    ],
    action: { label: "Try again", url },
  }),
  creditNote: ({ name, site, number, invoiceNumber, amount, reason, url }) => ({
    subject: `${site}: credit note ${number} for invoice #${invoiceNumber}`,
    greeting: `Hello ${name},`,
    paragraphs: [
      `We refunded ${amount} of invoice #${invoiceNumber}. Your credit note ${number} is attached.`,
      `Reason: ${reason}`,
      "Points and subscriptions the refunded part bought were taken back.",
    ],
    action: { label: "View my billing", url },
  }),
  recoveryCodeUsed: ({ name, site, left, ip, url }) => ({
    subject: `${site}: a recovery code was used to sign in`,
    greeting: `Hello ${name},`,
    paragraphs: [
      `A two-factor recovery code was just used to sign in to your account${ip ? ` from the address ${ip}` : ""}. Each code works once.`,
      left === 1 ? "You have 1 recovery code left." : `You have ${left} recovery codes left.`,
      "If it was not you, change your password and make new recovery codes now:",
    ],
    action: { label: "Open my security settings", url },
  }),
  passkeyChanged: ({ name, site, passkeyName, added, ip, url }) => ({
    subject: added ? `${site}: a passkey was added to your account` : `${site}: a passkey was removed from your account`,
    greeting: `Hello ${name},`,
    paragraphs: [
      added
        ? `The passkey “${passkeyName}” was just added to your account${ip ? ` from the address ${ip}` : ""}. It can now sign you in.`
        : `The passkey “${passkeyName}” was just removed from your account${ip ? ` from the address ${ip}` : ""}. It can no longer sign you in.`,
      "If it was not you, change your password and check your passkeys now:",
    ],
    action: { label: "Open my security settings", url },
  }),
  webhookDisabled: ({ name, site, endpoint, since, url }) => ({
    subject: `${site}: a webhook endpoint was turned off`,
    greeting: `Hello ${name},`,
    paragraphs: [
      `Every delivery to ${endpoint} has failed since ${since}, so it gets no more events.`,
      "Fix the receiver, turn the endpoint on again and resend what it missed from the delivery log:",
    ],
    action: { label: "Open the webhooks", url },
  }),
};
