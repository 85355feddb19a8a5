import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../../worker/src/db";
import { consumeMail, retryDelaySeconds } from "../../worker/src/domain/outbox/consumer";
import { MAX_ATTEMPTS, STALE_CLAIM_MS } from "../../worker/src/domain/outbox/delivery";
import { call, createAdmin } from "./helpers";
import { mailRow, messagesFor, queuedMails } from "./mail-queue-support";
import { accept, hang, MAIL_SETTINGS, mailStub, slowly, status } from "./mail-stub";

/**
 * Issue 30's mail faults, through the Queue consumer that carries mail since issue 24: overlapping
 * deliveries, a slow, hanging or failing mail API, and a "sent" that cannot be recorded.
 */

afterEach(() => vi.restoreAllMocks());

const db = () => getDb(env.DB);
const ids = (mails: Array<{ mailId: number }>) => mails.map((m) => m.mailId);

/** A D1 binding whose statements matching `pattern` fail, as a dropped connection would. */
function failingD1(pattern: RegExp): D1Database {
  const real = env.DB;
  const fail = async () => {
    throw new Error("D1_ERROR: injected failure");
  };
  return {
    ...real,
    prepare(query: string) {
      if (!pattern.test(query)) return real.prepare(query);
      const statement = { bind: () => statement, all: fail, run: fail, first: fail, raw: fail };
      return statement as unknown as D1PreparedStatement;
    },
    batch: (statements: D1PreparedStatement[]) => real.batch(statements),
  } as D1Database;
}

describe("mail delivery under faults (issue 30)", () => {
  it("sends each mail once when two deliveries of the same messages overlap on a slow API", async () => {
    const mails = await queuedMails(3);
    const stub = mailStub(slowly(300));
    const first = messagesFor(ids(mails));
    const second = messagesFor(ids(mails));
    await Promise.all([consumeMail(MAIL_SETTINGS, db(), first), consumeMail(MAIL_SETTINGS, db(), second)]);
    expect(stub.posts.map((p) => p.to).sort()).toEqual(mails.map((m) => m.to).sort());
    for (const mail of mails) expect((await mailRow(mail.mailId))!.status).toBe("sent");
    // Every message is settled: the mails were sent, by one delivery or the other.
    expect([...first, ...second].every((m) => m.acked && m.retried === null)).toBe(true);
    // A late redelivery finds nothing to send.
    await consumeMail(MAIL_SETTINGS, db(), messagesFor(ids(mails), 2));
    expect(stub.posts).toHaveLength(3);
  });

  it("names every mail by an Idempotency-Key the API can recognise a repeat by", async () => {
    const [mail] = await queuedMails(1);
    const stub = mailStub(accept);
    await consumeMail(MAIL_SETTINGS, db(), messagesFor([mail!.mailId]));
    expect(stub.posts[0]).toMatchObject({ to: mail!.to, idempotencyKey: `mail-${mail!.mailId}` });
  });

  it("times out a hanging API, retries that message later under the same key; the overlapping delivery sends nothing", async () => {
    const [stuck, ...rest] = await queuedMails(3);
    const stub = mailStub((post, signal) => (post.to === stuck!.to ? hang(post, signal) : accept(post, signal)));
    const messages = messagesFor(ids([stuck!, ...rest]));
    const hanging = consumeMail(MAIL_SETTINGS, db(), messages, { timeoutMs: 400 });
    // While the first delivery waits on the API, a redelivery of the same messages finds them claimed.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const redelivered = messagesFor(ids([stuck!, ...rest]), 2);
    await consumeMail(MAIL_SETTINGS, db(), redelivered);
    expect(redelivered.every((m) => m.acked)).toBe(true);
    await hanging;
    const afterTimeout = (await mailRow(stuck!.mailId))!;
    expect(afterTimeout).toMatchObject({ status: "queued", attempts: 1, claimedAt: null });
    expect(afterTimeout.lastError).toMatch(/no answer from the mail API/);
    expect(messages[0]!.retried).toEqual({ delaySeconds: retryDelaySeconds(1) });
    expect(messages.slice(1).every((m) => m.acked)).toBe(true);

    stub.answerWith(accept);
    await consumeMail(MAIL_SETTINGS, db(), messagesFor([stuck!.mailId], 2));
    const tries = stub.posts.filter((p) => p.to === stuck!.to);
    expect(tries.map((p) => p.idempotencyKey)).toEqual([`mail-${stuck!.mailId}`, `mail-${stuck!.mailId}`]);
    expect(stub.delivered.map((p) => p.to).sort()).toEqual([stuck!.to, ...rest.map((m) => m.to)].sort());
  });

  it("retries a mail the API refused with a growing delay, and marks it failed after its last attempt", async () => {
    const [mail] = await queuedMails(1);
    mailStub(status(503));
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const [message] = messagesFor([mail!.mailId], attempt);
      await consumeMail(MAIL_SETTINGS, db(), [message!]);
      expect(message!.retried).toEqual({ delaySeconds: retryDelaySeconds(attempt) });
      expect(await mailRow(mail!.mailId)).toMatchObject({ status: "queued", attempts: attempt, claimedAt: null });
    }
    const [last] = messagesFor([mail!.mailId], MAX_ATTEMPTS);
    await consumeMail(MAIL_SETTINGS, db(), [last!]);
    expect(last!.acked).toBe(true);
    const failed = (await mailRow(mail!.mailId))!;
    expect(failed).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(failed.lastError).toContain("503");
    expect([30, 60, 120, 240].map((_, i) => retryDelaySeconds(i + 1))).toEqual([30, 60, 120, 240]);
  });

  it("marks a mail the API will never take (422) failed at once", async () => {
    const [mail] = await queuedMails(1);
    mailStub(status(422));
    const [message] = messagesFor([mail!.mailId]);
    await consumeMail(MAIL_SETTINGS, db(), [message!]);
    expect(message!.acked).toBe(true);
    expect(await mailRow(mail!.mailId)).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("never queues again a mail the API accepted when recording it as sent fails", async () => {
    const [receipt] = await queuedMails(1, "receipt");
    const stub = mailStub(accept);
    const broken = getDb(failingD1(/^update "outbox" set "status" = \?, "sentAt"/));
    const [message] = messagesFor([receipt!.mailId]);
    await consumeMail(MAIL_SETTINGS, broken, [message!]);
    expect(message!.acked).toBe(true);
    expect(stub.delivered).toHaveLength(1);
    // Still claimed, not back in the queue: the admins see it being sent, no delivery takes it…
    const held = (await mailRow(receipt!.mailId))!;
    expect(held).toMatchObject({ status: "queued", attempts: 1, lastError: null });
    expect(held.claimedAt).not.toBeNull();
    const admin = await createAdmin();
    const listed = await call("search-outbox", { limit: 100 }, { cookie: admin.cookie });
    expect(listed.body.data.find((m: { mailId: number }) => m.mailId === receipt!.mailId).status).toBe("sending");
    await consumeMail(MAIL_SETTINGS, db(), messagesFor([receipt!.mailId], 2));
    expect(stub.posts).toHaveLength(1);

    // …until its claim is stale (its process is gone): the repeat carries the same key, and the API
    // answers the first send instead of sending the receipt again.
    const later = new Date(Date.now() + STALE_CLAIM_MS + 1000);
    await consumeMail(MAIL_SETTINGS, db(), messagesFor([receipt!.mailId], 3), { now: later });
    expect(stub.posts.map((p) => p.idempotencyKey)).toEqual([`mail-${receipt!.mailId}`, `mail-${receipt!.mailId}`]);
    expect(stub.delivered).toHaveLength(1);
    expect((await mailRow(receipt!.mailId))!.status).toBe("sent");
  });

  it("sends nothing to a deleted account's address", async () => {
    const row = await env.DB.prepare(
      "INSERT INTO outbox (toEmail, mailKind, mailSubject, mailBody) VALUES ('deleted-9@deleted.invalid', 'job-done', 'S', 'B') RETURNING mailId",
    ).first<{ mailId: number }>();
    const stub = mailStub(accept);
    await consumeMail(MAIL_SETTINGS, db(), messagesFor([row!.mailId]));
    expect(stub.posts).toHaveLength(0);
    expect(await mailRow(row!.mailId)).toMatchObject({ status: "failed" });
  });
});
