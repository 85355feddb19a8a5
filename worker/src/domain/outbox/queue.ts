import { sql, type RawBuilder } from "kysely";
import type { DB } from "../../db";

export interface Mail {
  to: string;
  kind: string;
  subject: string;
  /** Plain text; the outbox page shows it. */
  body: string;
  /** The same mail as HTML (its language and direction set), sent alongside the text when present. */
  html?: string;
  /** A document made when the mail is sent: "invoice:<referenceId>" or "credit-note:<number>". */
  attachment?: string;
  /** A mail that is not transactional: its RFC 8058 one-click unsubscribe URL (List-Unsubscribe). */
  unsubscribeUrl?: string;
  /** Where answers go (Reply-To): a ticket's signed support address. */
  replyTo?: string;
}

/** A file sent with a mail, as the mail API takes it (Resend's `attachments`: base64 content). */
export interface MailAttachment {
  filename: string;
  content: string;
}

/** Makes a queued mail's attachment from its outbox reference (a PDF, when the mail is sent). */
export type AttachmentMaker = (reference: string) => Promise<MailAttachment>;

/**
 * Queues a mail: the insert, to run alone or inside the caller's batch; with `onlyIf`, only where that
 * SQL condition holds when it runs (the user still wants this kind of mail, a row was just inserted).
 * The outbox is the record; a Queue message carries it to the mail API (dispatch.ts, consumer.ts).
 */
export function queueMail(db: DB, mail: Mail, onlyIf?: RawBuilder<boolean>) {
  const row = db.selectNoFrom((eb) => [
    eb.val(mail.to).as("toEmail"),
    eb.val(mail.kind).as("mailKind"),
    eb.val(mail.subject).as("mailSubject"),
    eb.val(mail.body).as("mailBody"),
    eb.val(mail.html ?? null).as("mailHtml"),
    eb.val(mail.attachment ?? null).as("attachment"),
    eb.val(mail.unsubscribeUrl ?? null).as("unsubscribeUrl"),
    eb.val(mail.replyTo ?? null).as("replyTo"),
  ]);
  return db
    .insertInto("outbox")
    .columns(["toEmail", "mailKind", "mailSubject", "mailBody", "mailHtml", "attachment", "unsubscribeUrl", "replyTo"])
    .expression(row.where(onlyIf ?? sql<boolean>`1`));
}
