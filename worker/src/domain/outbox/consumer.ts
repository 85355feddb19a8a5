import type { DB } from "../../db";
import { deliverMails, mailConfigured, staleClaimBefore, type DeliveryOptions, type MailSettings } from "./delivery";
import type { MailMessage } from "./dispatch";

/** The Queue's retry delay after the n-th failed attempt: 30 s, 1, 2, 4 minutes… at most an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);

/** What the consumer needs of a Queue message (a MessageBatch's messages have it). */
export type MailQueueMessage = Pick<Message<MailMessage>, "body" | "attempts" | "ack" | "retry">;

/**
 * The consumer of the mail queue: claims and sends the batch's mails (delivery.ts) and settles each
 * message. A mail sent, failed for good, or not this delivery's to send (another holds it, or it was
 * sent already) is acknowledged; one the API did not take is retried with a growing delay. After the
 * Queue's max_retries a message goes to the dead-letter queue (buryMail). Without a mail API the
 * messages are acknowledged and the mail stays queued in the outbox, for the cron to hand over later.
 */
export async function consumeMail(
  settings: MailSettings,
  db: DB,
  messages: readonly MailQueueMessage[],
  opts: DeliveryOptions = {},
): Promise<void> {
  if (!mailConfigured(settings)) {
    for (const message of messages) message.ack();
    return;
  }
  const outcomes = new Map(
    (await deliverMails(settings, db, [...new Set(messages.map((m) => m.body.mailId))], opts)).map((o) => [o.mailId, o.outcome]),
  );
  const retried = new Set<number>();
  for (const message of messages) {
    const { mailId } = message.body;
    // One retry per mail, however many messages named it.
    if (outcomes.get(mailId) === "retry" && !retried.has(mailId)) {
      retried.add(mailId);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    } else {
      message.ack();
    }
  }
}

/**
 * The consumer of the dead-letter queue: a message retried past max_retries (its consumer failed every
 * time) marks its mail failed, unless a delivery holds it now or it was sent meanwhile. The outbox
 * shows it, and an admin may resend it.
 */
export async function buryMail(db: DB, messages: readonly MailQueueMessage[], now = new Date()): Promise<void> {
  const ids = [...new Set(messages.map((m) => m.body.mailId))];
  if (ids.length > 0) {
    await db
      .updateTable("outbox")
      .set({ status: "failed", lastError: "given up: its queue message failed too often" })
      .where("mailId", "in", ids)
      .where("status", "=", "queued")
      .where((eb) => eb.or([eb("claimedAt", "is", null), eb("claimedAt", "<", staleClaimBefore(now))]))
      .execute();
  }
  for (const message of messages) message.ack();
}
