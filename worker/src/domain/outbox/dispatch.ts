import { sql } from "kysely";
import type { DB } from "../../db";
import { staleClaimBefore } from "./delivery";

/** What a Queue message of the mail queue carries: the outbox row to send (the outbox is the record). */
export interface MailMessage {
  mailId: number;
}

/** The mail queue and whether a mail API is configured (without one, mail stays in the outbox). */
export interface MailQueue {
  queue: Queue<MailMessage> | undefined;
  configured: boolean;
}

/** A queued mail whose message was sent this long ago and is still not sent was lost: it is sent again. */
const LOST_MESSAGE_MS = 2 * 3600_000;
/** Rows picked per statement, and statements per dispatch: a burst of 10,000 mails goes in one cron run. */
export const DISPATCH_PAGE = 1000;
const DISPATCH_PAGES = 10;
/** A Queue takes 100 messages per sendBatch. */
const SEND_BATCH = 100;

/**
 * The producer: hands queued mails to the Queue, one message each, marking each row `enqueuedAt` in the
 * same statement that picks it (so two dispatches never pick the same row). Called right after a request
 * queued mail (waitUntil) and by the cron for anything left: a mail queued in a batch that no request
 * dispatched, or one whose message was lost. Answers how many went to the Queue.
 */
export async function dispatchMail(mail: MailQueue, db: DB, now = new Date()): Promise<number> {
  if (!mail.queue || !mail.configured) return 0;
  let handed = 0;
  for (let page = 0; page < DISPATCH_PAGES; page++) {
    const { picked, sent } = await dispatchPage(mail.queue, db, now);
    handed += sent;
    if (sent < picked || picked < DISPATCH_PAGE) break;
  }
  return handed;
}

/** Picks up to DISPATCH_PAGE rows and sends their messages; answers how many it picked and handed over. */
async function dispatchPage(queue: Queue<MailMessage>, db: DB, now: Date): Promise<{ picked: number; sent: number }> {
  const iso = now.toISOString();
  const picked = await db
    .updateTable("outbox")
    .set({ enqueuedAt: iso })
    .where(
      sql<boolean>`mailId IN (SELECT mailId FROM outbox WHERE status = 'queued'
        AND (claimedAt IS NULL OR claimedAt < ${staleClaimBefore(now)})
        AND (enqueuedAt IS NULL OR enqueuedAt < ${new Date(now.getTime() - LOST_MESSAGE_MS).toISOString()})
        ORDER BY createdAt LIMIT ${DISPATCH_PAGE})`,
    )
    .returning("mailId")
    .execute();
  const ids = picked.map((row) => row.mailId);
  for (let start = 0; start < ids.length; start += SEND_BATCH) {
    const chunk = ids.slice(start, start + SEND_BATCH);
    try {
      await queue.sendBatch(chunk.map((mailId) => ({ body: { mailId }, contentType: "json" as const })));
    } catch (error) {
      // Not handed over: the next dispatch picks them (and the rest of this page) again.
      await db
        .updateTable("outbox")
        .set({ enqueuedAt: null })
        .where(sql<boolean>`mailId IN (SELECT value FROM json_each(${JSON.stringify(ids.slice(start))}))`)
        .where("enqueuedAt", "=", iso)
        .execute();
      console.error("mail queue: sendBatch failed", String(error));
      return { picked: ids.length, sent: start };
    }
  }
  return { picked: ids.length, sent: ids.length };
}

/** After a request queued mail: hands it to the Queue once the answer is out (the cron catches what this misses). */
export function dispatchSoon(exec: Pick<ExecutionContext, "waitUntil">, mail: MailQueue, db: DB): void {
  if (!mail.queue || !mail.configured) return;
  exec.waitUntil(dispatchMail(mail, db).catch((error: unknown) => console.error("mail dispatch failed", String(error))));
}
