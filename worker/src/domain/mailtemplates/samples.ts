import type { MailTexts } from "../outbox/mails/types";

/** A mail kind: one text function of the outbox's registry (outbox/mails/types.ts `MailTexts`). */
export type MailKind = keyof MailTexts;

/**
 * What each kind is filled with when no real mail of it is at hand (the preview's fallback); its string,
 * number and string-list fields are the kind's placeholders. A kind added to `MailTexts` without an entry
 * here still appears: its placeholders are found by reading what its text function asks of its input.
 */
export const MAIL_SAMPLES: { [K in MailKind]?: Parameters<MailTexts[K]>[0] } = {
  verify: { name: "Ada Lovelace", site: "Edge Portal", url: "https://portal.example/verify" },
  reset: { name: "Ada Lovelace", site: "Edge Portal", url: "https://portal.example/reset" },
  invoice: {
    name: "Ada Lovelace",
    site: "Edge Portal",
    number: 1042,
    paidAt: "2 December 2026",
    lines: [{ qty: 1, name: "Starter pack", total: "€10.00" }],
    total: "€10.00",
    url: "https://portal.example/invoice",
  },
  proofNotice: { site: "Edge Portal", referenceId: "PAY-1042", amount: "€10.00", url: "https://portal.example/payment" },
  receipt: {
    name: "Ada Lovelace",
    site: "Edge Portal",
    referenceId: "PAY-1042",
    number: "1042",
    lines: ["1 × Starter pack"],
    url: "https://portal.example/billing",
  },
  jobDone: {
    name: "Ada Lovelace",
    site: "Edge Portal",
    fileName: "thesis.pdf",
    url: "https://portal.example/downloads",
    similarity: 12,
    hasReport: true,
  },
  jobFailed: {
    name: "Ada Lovelace",
    site: "Edge Portal",
    fileName: "thesis.pdf",
    url: "https://portal.example/site",
    refunded: 5,
  },
  creditNote: {
    name: "Ada Lovelace",
    site: "Edge Portal",
    number: "CN-7",
    invoiceNumber: 1042,
    amount: "€5.00",
    reason: "Duplicate order",
    url: "https://portal.example/billing",
  },
  recoveryCodeUsed: {
    name: "Ada Lovelace",
    site: "Edge Portal",
    left: 7,
    ip: "192.0.2.1",
    url: "https://portal.example/security",
  },
  passkeyChanged: {
    name: "Ada Lovelace",
    site: "Edge Portal",
    passkeyName: "Laptop",
    added: true,
    ip: "192.0.2.1",
    url: "https://portal.example/security",
  },
};

/** The outbox's `mailKind` of a kind whose stored name is not its own in kebab-case. */
export const OUTBOX_KIND_NAMES: { [K in MailKind]?: string } = {
  verify: "verify-email",
  reset: "reset-password",
  proofNotice: "payment-proof",
  recoveryCodeUsed: "security-notice",
  passkeyChanged: "security-notice",
};
