import { sql, type Selectable } from "kysely";
import type { DB } from "../../db";
import type { OutboxTable } from "../../db/schema";
import type { AttachmentMaker } from "./queue";

/**
 * Sending queued mail through the HTTP mail API (Resend's shape), so that nothing is lost and nothing
 * is sent twice whatever overlaps or fails (issue 30). A Queue consumer (consumer.ts) calls this:
 * - a delivery claims the rows it sends (claimedAt set on a queued row, only where its own statement
 *   changed the row), so two deliveries running at once never send the same mail;
 * - every request carries `Idempotency-Key: mail-<id>`: should a claim be lost with its process and the
 *   mail be sent again, the API (Resend keeps keys for 24 hours) answers the first send instead;
 * - the request times out, so a hanging API cannot hold a claim for long;
 * - a mail the API accepted is never queued again, even when recording that fails.
 */

/** The settings delivery needs: the mail HTTP API, its key (a secret) and the sender. */
export type MailSettings = Pick<Env, "MAIL_API_URL" | "MAIL_API_KEY" | "MAIL_FROM">;

export type OutboxRow = Selectable<OutboxTable>;

/** How long the mail API may take to answer one mail; past it the mail goes back to the queue. */
export const MAIL_TIMEOUT_MS = 10_000;
/** No delivery holds a claim this long (a few requests of MAIL_TIMEOUT_MS): an older one was lost. */
export const STALE_CLAIM_MS = 15 * 60_000;
/** Claims a mail gets before it is marked failed. */
export const MAX_ATTEMPTS = 5;
/** Requests to the mail API at once within one delivery (a Worker keeps six connections open). */
const PARALLEL_SENDS = 6;

export interface DeliveryOptions {
  now?: Date;
  timeoutMs?: number;
  /** Makes a mail's attachment (an invoice PDF) when it is sent; without one, mails go without. */
  makeAttachment?: AttachmentMaker;
}

export const mailConfigured = (settings: Pick<MailSettings, "MAIL_API_URL" | "MAIL_API_KEY">) =>
  Boolean(settings.MAIL_API_URL && settings.MAIL_API_KEY);

export const staleClaimBefore = (now: Date) => new Date(now.getTime() - STALE_CLAIM_MS).toISOString();

/** SQL: a list of ids bound as one JSON parameter (a batch may hold more than D1's 100 parameters). */
const idIn = (ids: readonly number[]) => sql<boolean>`mailId IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;

/**
 * Claims queued mails (queued → sending): answers the rows this statement claimed, each claimed by one
 * delivery only. A mail already claimed is skipped unless its claim is stale.
 */
export async function claimMails(db: DB, mailIds: readonly number[], now = new Date()): Promise<OutboxRow[]> {
  if (mailIds.length === 0) return [];
  return db
    .updateTable("outbox")
    .set((eb) => ({ claimedAt: now.toISOString(), attempts: eb("attempts", "+", 1) }))
    .where(idIn(mailIds))
    .where("status", "=", "queued")
    .where((eb) => eb.or([eb("claimedAt", "is", null), eb("claimedAt", "<", staleClaimBefore(now))]))
    .returningAll()
    .execute();
}

/** What became of one mail: accepted by the API, back in the queue for a later try, or failed for good. */
export type MailOutcome = { mailId: number; outcome: "sent" } | { mailId: number; outcome: "retry" | "failed"; error: string };

/** Addresses that can never receive mail: a deleted account's (`….invalid`, RFC 2606). */
const undeliverable = (address: string) => /\.invalid$/i.test(address.trim());

/** The API's answers that will not change however often the same mail is sent. */
const PERMANENT = new Set([400, 413, 422]);

async function post(
  settings: MailSettings,
  mail: OutboxRow,
  opts: DeliveryOptions & { timeoutMs: number },
): Promise<MailOutcome> {
  const { mailId } = mail;
  if (undeliverable(mail.toEmail))
    return { mailId, outcome: "failed", error: "the address cannot receive mail (a deleted account)" };
  let attachments: Awaited<ReturnType<AttachmentMaker>>[] = [];
  try {
    // Made at sending time (not stored): one that cannot be made now fails this try, and the next retries it.
    if (mail.attachment && opts.makeAttachment) attachments = [await opts.makeAttachment(mail.attachment)];
  } catch (error) {
    return { mailId, outcome: "retry", error: `the attachment could not be made: ${String(error)}` };
  }
  let response: Response;
  try {
    response = await fetch(settings.MAIL_API_URL, {
      method: "POST",
      headers: {
        authorization: `Bearer ${settings.MAIL_API_KEY}`,
        "content-type": "application/json",
        "idempotency-key": `mail-${mailId}`,
      },
      body: JSON.stringify({
        from: settings.MAIL_FROM,
        to: mail.toEmail,
        subject: mail.mailSubject,
        text: mail.mailBody,
        ...(mail.mailHtml ? { html: mail.mailHtml } : {}),
        ...(attachments.length ? { attachments } : {}),
        ...(mail.replyTo ? { reply_to: mail.replyTo } : {}),
        // RFC 8058 one-click unsubscribe for a mail that is not transactional.
        ...(mail.unsubscribeUrl
          ? { headers: { "List-Unsubscribe": `<${mail.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } }
          : {}),
      }),
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
  } catch (error) {
    return { mailId, outcome: "retry", error: `no answer from the mail API: ${String(error)}` };
  }
  const detail = (await response.text().catch(() => "")).slice(0, 300);
  if (response.ok) return { mailId, outcome: "sent" };
  const error = `the mail API answered ${response.status} ${detail}`.trim();
  return { mailId, outcome: PERMANENT.has(response.status) ? "failed" : "retry", error };
}

/** Records accepted mails as sent. They are never queued again: if recording fails, their claims stay. */
async function recordSent(db: DB, mailIds: readonly number[], now: Date): Promise<void> {
  if (mailIds.length === 0) return;
  const record = () =>
    db
      .updateTable("outbox")
      .set({ status: "sent", sentAt: now.toISOString(), lastError: null })
      .where(idIn(mailIds))
      .where("status", "=", "queued")
      .execute();
  try {
    await record();
  } catch (first) {
    try {
      await record();
    } catch (second) {
      // The rows keep their claims: no delivery takes them until the claims are stale, and then the API
      // gets the same Idempotency-Key and answers the first send.
      console.error(`mails ${mailIds.join(", ")} were accepted but could not be recorded as sent`, String(first), String(second));
    }
  }
}

/** Puts a mail back in the queue (or marks it failed: a permanent refusal, or its last attempt). */
async function recordFailure(db: DB, mail: OutboxRow, outcome: "retry" | "failed", error: string): Promise<"retry" | "failed"> {
  const final = outcome === "failed" || mail.attempts >= MAX_ATTEMPTS;
  await db
    .updateTable("outbox")
    // A retry's Queue message is on its way (consumer.ts): the cron does not send another for a while.
    .set({
      status: final ? "failed" : "queued",
      claimedAt: null,
      lastError: error.slice(0, 500),
      ...(final ? {} : { enqueuedAt: new Date().toISOString() }),
    })
    .where("mailId", "=", mail.mailId)
    .where("status", "=", "queued")
    .where("claimedAt", "=", mail.claimedAt)
    .execute();
  return final ? "failed" : "retry";
}

/** Sends mails this delivery claimed, a few at a time, and records each outcome. */
export async function sendClaimed(
  settings: MailSettings,
  db: DB,
  claimed: readonly OutboxRow[],
  opts: DeliveryOptions = {},
): Promise<MailOutcome[]> {
  const timeoutMs = opts.timeoutMs ?? MAIL_TIMEOUT_MS;
  const outcomes: MailOutcome[] = [];
  let next = 0;
  async function sender() {
    while (next < claimed.length) {
      const mail = claimed[next++]!;
      const sent = await post(settings, mail, { ...opts, timeoutMs });
      outcomes.push(
        sent.outcome === "sent" ? sent : { ...sent, outcome: await recordFailure(db, mail, sent.outcome, sent.error) },
      );
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL_SENDS, claimed.length) }, sender));
  const sent = outcomes.filter((o) => o.outcome === "sent").map((o) => o.mailId);
  await recordSent(db, sent, opts.now ?? new Date());
  return outcomes;
}

/** Claims and sends the given queued mails; mails another delivery holds (or sent already) are left alone. */
export async function deliverMails(
  settings: MailSettings,
  db: DB,
  mailIds: readonly number[],
  opts: DeliveryOptions = {},
): Promise<MailOutcome[]> {
  const claimed = await claimMails(db, mailIds, opts.now);
  return sendClaimed(settings, db, claimed, opts);
}
