import type { Language } from "../../errors/language";
import type { Portal } from "../context";
import { formatDate, formatMoney, mailTexts, renderMail } from "../outbox/mails";
import type { Mail } from "../outbox/queue";

export interface InvoiceMailPayment {
  referenceId: string;
  invoiceNumber: number;
  paidAt: string | null;
  amount: number;
  currency: string;
  userName: string | null;
  lines: Array<{ qty: number; name: string; lineTotal: number }>;
}

/** An invoice mail in the buyer's language; an admin's own subject or message replaces the standard ones. */
export function invoiceMail(
  portal: Portal,
  to: string,
  payment: InvoiceMailPayment,
  language: Language,
  custom: { subject?: string | null; message?: string | null } = {},
): Mail {
  const money = (minor: number) => formatMoney(language, minor, payment.currency);
  const content = mailTexts(language, portal.mailTemplates).invoice({
    name: payment.userName ?? "",
    site: portal.siteName,
    number: payment.invoiceNumber,
    paidAt: formatDate(language, payment.paidAt),
    lines: payment.lines.map((l) => ({ qty: l.qty, name: l.name, total: money(l.lineTotal) })),
    total: money(payment.amount),
    url: `${portal.origin}/apps/invoice/preview/${payment.referenceId}`,
  });
  if (custom.subject) content.subject = custom.subject;
  if (custom.message) {
    // The admin's message takes the place of the greeting and the standard first line.
    content.greeting = custom.message;
    content.paragraphs = content.paragraphs.slice(1);
  }
  return { to, kind: "invoice", ...renderMail(language, content) };
}
