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

/** Queues a mail: the insert, to run alone or inside the caller's batch. A cron task delivers it. */
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

/** The settings delivery needs: the mail HTTP API, its key (a secret) and the sender. */
export type MailSettings = Pick<Env, "MAIL_API_URL" | "MAIL_API_KEY" | "MAIL_FROM">;

/** Sends queued mail through the configured HTTP API; without one, mail stays visible in the outbox. */
export async function deliverOutbox(
  settings: MailSettings,
  db: DB,
  batchSize = 20,
  makeAttachment?: AttachmentMaker,
): Promise<number> {
  if (!settings.MAIL_API_URL || !settings.MAIL_API_KEY) return 0;
  const queued = await db
    .selectFrom("outbox")
    .selectAll()
    .where("status", "=", "queued")
    .where("attempts", "<", 5)
    .orderBy("createdAt")
    .limit(batchSize)
    .execute();
  let sent = 0;
  for (const mail of queued) {
    try {
      // Made at sending time (not stored): a PDF that cannot be made now fails this try, and the next retries it.
      const attachments = mail.attachment && makeAttachment ? [await makeAttachment(mail.attachment)] : [];
      const response = await fetch(settings.MAIL_API_URL, {
        method: "POST",
        headers: { authorization: `Bearer ${settings.MAIL_API_KEY}`, "content-type": "application/json" },
        body: JSON.stringify({
          from: settings.MAIL_FROM,
          to: mail.toEmail,
          subject: mail.mailSubject,
          text: mail.mailBody,
          ...(mail.mailHtml ? { html: mail.mailHtml } : {}),
          ...(attachments.length ? { attachments } : {}),
        }),
      });
      if (!response.ok) throw new Error(`mail API answered ${response.status}`);
      await db
        .updateTable("outbox")
        .set({ status: "sent", sentAt: new Date().toISOString(), attempts: mail.attempts + 1 })
        .where("mailId", "=", mail.mailId)
        .execute();
      sent++;
    } catch (error) {
      await db
        .updateTable("outbox")
        .set({
          attempts: mail.attempts + 1,
          lastError: String(error).slice(0, 500),
          status: mail.attempts + 1 >= 5 ? "failed" : "queued",
        })
        .where("mailId", "=", mail.mailId)
        .execute();
    }
  }
  return sent;
}
