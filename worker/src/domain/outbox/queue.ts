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
}

/** A file sent with a mail, as the mail API takes it (Resend's `attachments`: base64 content). */
export interface MailAttachment {
  filename: string;
  content: string;
}

/** Makes a queued mail's attachment from its outbox reference (a PDF, when the mail is sent). */
export type AttachmentMaker = (reference: string) => Promise<MailAttachment>;

/** Queues a mail: the insert, to run alone or inside the caller's batch. delivery.ts sends it. */
export function queueMail(db: DB, mail: Mail) {
  return db.insertInto("outbox").values({
    toEmail: mail.to,
    mailKind: mail.kind,
    mailSubject: mail.subject,
    mailBody: mail.body,
    mailHtml: mail.html ?? null,
    attachment: mail.attachment ?? null,
  });
}
