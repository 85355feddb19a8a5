import { adminCalls } from "../contract/admin";
import { runBatch } from "../db";
import { audit, insertedRowId, oneRowChanged } from "../domain/audit";
import { dispatchSoon } from "../domain/outbox/dispatch";
import { notFound } from "../errors";
import { domainOf } from "../http/context";
import { json, success } from "../http/respond";
import { route } from "../http/route";
import { mailQueueOf } from "../http/settings";

/** The outbox page's preview and resend (issue 24); bodies hold one-time links, so both are for its managers. */
const outboxPreview = route(adminCalls["outbox-preview"], {
  async handler(ctx, { mailId }) {
    const mail = await ctx.db.selectFrom("outbox").selectAll().where("mailId", "=", mailId).executeTakeFirst();
    if (!mail) throw notFound("noSuchMail");
    return json({
      mailId: mail.mailId,
      toEmail: mail.toEmail,
      mailKind: mail.mailKind,
      mailSubject: mail.mailSubject,
      mailBody: mail.mailBody,
      mailHtml: mail.mailHtml,
      attachment: mail.attachment,
      unsubscribeUrl: mail.unsubscribeUrl,
      // Claimed by a delivery and not yet recorded: being sent (domain/outbox/delivery.ts).
      status: mail.status === "queued" && mail.claimedAt !== null ? "sending" : mail.status,
      attempts: mail.attempts,
      lastError: mail.lastError,
      createdAt: mail.createdAt,
      sentAt: mail.sentAt,
    });
  },
});

/**
 * A copy of the mail, queued as a new one (its own id, so its own Idempotency-Key: the mail API sends it
 * even if it accepted the first), with an audit row naming both.
 */
const resendMail = route(adminCalls["resend-mail"], {
  async handler(ctx, { mailId }) {
    const [copied] = await runBatch<{ mailId: number }>(ctx.env.DB, [
      ctx.db
        .insertInto("outbox")
        .columns(["toEmail", "mailKind", "mailSubject", "mailBody", "mailHtml", "attachment", "unsubscribeUrl"])
        .expression(
          ctx.db
            .selectFrom("outbox")
            .select(["toEmail", "mailKind", "mailSubject", "mailBody", "mailHtml", "attachment", "unsubscribeUrl"])
            .where("mailId", "=", mailId),
        )
        .returning("mailId"),
      audit(
        domainOf(ctx),
        { action: "resend-mail", subject: "Outbox", subjectId: insertedRowId, detail: { copyOf: mailId } },
        oneRowChanged,
      ),
    ]);
    const copy = copied!.results[0];
    if (!copy) throw notFound("noSuchMail");
    dispatchSoon(ctx.exec, mailQueueOf(ctx.env), ctx.db);
    return json({ message: success(ctx, "mailResent"), mailId: copy.mailId });
  },
});

export const routes = [outboxPreview, resendMail];
