import type { Ctx } from "../http/context";
import type { Mail } from "../domain/outbox/queue";
import { formatDate, formatMoney, mailTexts, renderMail } from "../domain/outbox/mails";
import type { Language } from "../errors/language";

/** Links in mails point at the site the request came to (a Worker route of this deployment). */
const link = (ctx: Ctx, path: string) => `${ctx.url.origin}${path}`;

/**
 * Mails are in the reader's language: the caller passes the language of the user's own request
 * (`requestLanguage`) or the user's stored one; English when neither is known (say, an admin adds a user).
 */
export function verificationMail(ctx: Ctx, to: string, name: string, token: string, language: Language = "en"): Mail {
  const url = link(ctx, `/pages/authentication/verify-email-v1?token=${encodeURIComponent(token)}`);
  return {
    to,
    kind: "verify-email",
    ...renderMail(language, mailTexts(language).verify({ name, site: ctx.env.SITE_NAME, url })),
  };
}

export function resetMail(ctx: Ctx, to: string, name: string, token: string, language: Language = "en"): Mail {
  const url = link(ctx, `/pages/authentication/reset-password-v1?token=${encodeURIComponent(token)}`);
  return {
    to,
    kind: "reset-password",
    ...renderMail(language, mailTexts(language).reset({ name, site: ctx.env.SITE_NAME, url })),
  };
}

export interface InvoiceMailPayment {
  referenceId: string;
  invoiceNumber: number;
  paidAt: string | null;
  amount: number;
  currency: string;
  userName: string | null;
  lines: Array<{ qty: number; name: string; lineTotal: number }>;
}

/** An invoice mail; an admin's own subject or message replaces the standard ones. */
export function invoiceMail(
  ctx: Ctx,
  to: string,
  payment: InvoiceMailPayment,
  language: Language,
  custom: { subject?: string | null; message?: string | null } = {},
): Mail {
  const money = (minor: number) => formatMoney(language, minor, payment.currency);
  const content = mailTexts(language).invoice({
    name: payment.userName ?? "",
    site: ctx.env.SITE_NAME,
    number: payment.invoiceNumber,
    paidAt: formatDate(language, payment.paidAt),
    lines: payment.lines.map((l) => ({ qty: l.qty, name: l.name, total: money(l.lineTotal) })),
    total: money(payment.amount),
    url: link(ctx, `/apps/invoice/preview/${payment.referenceId}`),
  });
  if (custom.subject) content.subject = custom.subject;
  if (custom.message) {
    // The admin's message takes the place of the greeting and the standard first line.
    content.greeting = custom.message;
    content.paragraphs = content.paragraphs.slice(1);
  }
  return { to, kind: "invoice", ...renderMail(language, content) };
}
