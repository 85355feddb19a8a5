import type { Portal } from "../context";
import { byLanguageSql, mailTexts, renderAll } from "../outbox/mails";
import type { PaymentLine } from "../payments/lines";

/** Stand-ins for what only the grant's own batch knows: the invoice number and the buyer's name. */
const NUMBER = "\u0001number\u0001";
const NAME = "\u0001name\u0001";

/** The buyer's name as HTML text, in SQL (the HTML variant gets it escaped like renderMail does). */
const HTML_NAME = `replace(replace(replace(replace(replace(u.userName, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
  '"', '&quot;'), '''', '&#39;')`;

/**
 * The receipt of a payment, queued in the grant's batch: it runs only where the payment carries the
 * batch's grant token, and reads the invoice number that batch just took. The mail is rendered in the
 * three languages up front; SQL picks the buyer's stored one (users.mailLanguage) and fills in the
 * number and the name. The invoice's PDF is attached when the mail is sent (outbox.attachment).
 */
export function receiptStatement(
  d1: D1Database,
  portal: Portal,
  referenceId: string,
  token: string,
  lines: PaymentLine[],
): D1PreparedStatement {
  const { en, fr, ar } = renderAll((language) =>
    mailTexts(language, portal.mailTemplates).receipt({
      name: NAME,
      site: portal.siteName,
      referenceId,
      number: NUMBER,
      lines: lines.map((l) => `${l.qty} × ${l.name}`),
      url: `${portal.origin}/pages/account-settings/billing`,
    }),
  );
  const pick = (first: number) => byLanguageSql("u.mailLanguage", first);
  return d1
    .prepare(
      `INSERT INTO outbox (toEmail, mailKind, mailSubject, mailBody, mailHtml, attachment)
     SELECT u.userEmail, 'receipt',
            replace(${pick(1)}, ?10, p.invoiceNumber),
            replace(replace(${pick(4)}, ?10, p.invoiceNumber), ?11, u.userName),
            replace(replace(${pick(7)}, ?10, p.invoiceNumber), ?11, ${HTML_NAME}),
            'invoice:' || p.referenceId
       FROM payments p JOIN users u ON u.userId = p.userId
      WHERE p.referenceId = ?12 AND p.grantToken = ?13 AND u.deletedAt IS NULL`,
    )
    .bind(
      en.subject,
      fr.subject,
      ar.subject,
      en.body,
      fr.body,
      ar.body,
      en.html,
      fr.html,
      ar.html,
      NUMBER,
      NAME,
      referenceId,
      token,
    );
}
