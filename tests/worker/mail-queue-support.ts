import { env } from "cloudflare:workers";
import type { MailQueueMessage } from "../../worker/src/domain/outbox/consumer";
import type { MailMessage } from "../../worker/src/domain/outbox/dispatch";

/** A Queue message as the consumer sees it, recording how it was settled. */
export interface TestMessage extends MailQueueMessage {
  acked: boolean;
  retried: { delaySeconds?: number } | null;
}

/** Messages for these mails, as a Queue delivers them (`attempts`: this is the n-th delivery). */
export function messagesFor(mailIds: number[], attempts = 1): TestMessage[] {
  return mailIds.map((mailId) => {
    const message: TestMessage = {
      body: { mailId },
      attempts,
      acked: false,
      retried: null,
      ack: () => {
        message.acked = true;
      },
      retry: (options?: { delaySeconds?: number }) => {
        message.retried = options ?? {};
      },
    };
    return message;
  });
}

/** A Queue binding that records what the producer sends instead of delivering it. */
export function recordingQueue(failing = false) {
  const sent: MailMessage[] = [];
  const queue = {
    send: async (body: MailMessage) => {
      if (failing) throw new Error("queue unavailable");
      sent.push(body);
    },
    sendBatch: async (messages: Iterable<{ body: MailMessage }>) => {
      if (failing) throw new Error("queue unavailable");
      for (const m of messages) sent.push(m.body);
    },
  } as unknown as Queue<MailMessage>;
  return { queue, sent };
}

/** Queues `n` mails to fresh addresses straight in D1; answers their ids and addresses. */
export async function queuedMails(
  n: number,
  kind = "delivery-test",
  extra: { attachment?: string; unsubscribeUrl?: string } = {},
) {
  const rows: Array<{ mailId: number; to: string }> = [];
  for (let i = 0; i < n; i++) {
    const to = `mail-${crypto.randomUUID()}@example.test`;
    const row = await env.DB.prepare(
      `INSERT INTO outbox (toEmail, mailKind, mailSubject, mailBody, attachment, unsubscribeUrl)
       VALUES (?1, ?2, 'Hello', 'Text', ?3, ?4) RETURNING mailId`,
    )
      .bind(to, kind, extra.attachment ?? null, extra.unsubscribeUrl ?? null)
      .first<{ mailId: number }>();
    rows.push({ mailId: row!.mailId, to });
  }
  return rows;
}

export const mailRow = (mailId: number) =>
  env.DB.prepare("SELECT status, attempts, lastError, claimedAt, sentAt, enqueuedAt FROM outbox WHERE mailId = ?1")
    .bind(mailId)
    .first<{
      status: string;
      attempts: number;
      lastError: string | null;
      claimedAt: string | null;
      sentAt: string | null;
      enqueuedAt: string | null;
    }>();
