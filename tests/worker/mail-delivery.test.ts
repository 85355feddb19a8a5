import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../../worker/src/db";
import { deliverOutbox, MAX_ATTEMPTS, STALE_CLAIM_MS } from "../../worker/src/domain/outbox/delivery";
import { call, createAdmin, uniqueEmail } from "./helpers";
import { accept, hang, MAIL_SETTINGS, mailStub, slowly, status } from "./mail-stub";

afterEach(() => vi.restoreAllMocks());

const db = () => getDb(env.DB);

/** Queues `n` mails to fresh addresses; answers their ids and addresses. */
async function queued(n: number, kind = "delivery-test") {
  const rows: Array<{ mailId: number; to: string }> = [];
  for (let i = 0; i < n; i++) {
    const to = uniqueEmail("mail");
    const row = await env.DB.prepare(
      "INSERT INTO outbox (toEmail, mailKind, mailSubject, mailBody) VALUES (?1, ?2, 'Hello', 'Text') RETURNING mailId",
    )
      .bind(to, kind)
      .first<{ mailId: number }>();
    rows.push({ mailId: row!.mailId, to });
  }
  return rows;
}

const mailRow = (mailId: number) =>
  env.DB.prepare("SELECT status, attempts, lastError, claimedAt, sentAt FROM outbox WHERE mailId = ?1")
    .bind(mailId)
    .first<{ status: string; attempts: number; lastError: string | null; claimedAt: string | null; sentAt: string | null }>();

/** Only this file's mails count: other tests' rows share nothing, but the cron picks the oldest first. */
async function clearQueue() {
  await env.DB.prepare("UPDATE outbox SET status = 'sent' WHERE status = 'queued'").run();
}

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
  it("sends each mail once when two deliveries overlap on a slow API", async () => {
    await clearQueue();
    const mails = await queued(3);
    const stub = mailStub(slowly(300));
    const [first, second] = await Promise.all([deliverOutbox(MAIL_SETTINGS, db()), deliverOutbox(MAIL_SETTINGS, db())]);
    expect(first + second).toBe(3);
    expect(stub.posts.map((p) => p.to).sort()).toEqual(mails.map((m) => m.to).sort());
    for (const mail of mails) expect((await mailRow(mail.mailId))!.status).toBe("sent");
    // A third run finds nothing left to send.
    expect(await deliverOutbox(MAIL_SETTINGS, db())).toBe(0);
    expect(stub.posts).toHaveLength(3);
  });

  it("names every mail by an Idempotency-Key the API can recognise a repeat by", async () => {
    await clearQueue();
    const [mail] = await queued(1);
    const stub = mailStub(accept);
    await deliverOutbox(MAIL_SETTINGS, db());
    expect(stub.posts[0]).toMatchObject({ to: mail!.to, idempotencyKey: `mail-${mail!.mailId}` });
  });

  it("times out a hanging API and sends that mail later, once, under the same key; the other run sends the rest", async () => {
    await clearQueue();
    const [stuck, ...rest] = await queued(3);
    const stub = mailStub((post, signal) => (post.to === stuck!.to ? hang(post, signal) : accept(post, signal)));
    const hanging = deliverOutbox(MAIL_SETTINGS, db(), 20, { timeoutMs: 400 });
    // While the first run waits on the API, a second run finds every mail claimed: it sends nothing.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await deliverOutbox(MAIL_SETTINGS, db())).toBe(0);
    expect(await hanging).toBe(2);
    const afterTimeout = (await mailRow(stuck!.mailId))!;
    expect(afterTimeout).toMatchObject({ status: "queued", attempts: 1, claimedAt: null });
    expect(afterTimeout.lastError).toMatch(/no answer from the mail API/);

    stub.answerWith(accept);
    expect(await deliverOutbox(MAIL_SETTINGS, db())).toBe(1);
    const tries = stub.posts.filter((p) => p.to === stuck!.to);
    expect(tries.map((p) => p.idempotencyKey)).toEqual([`mail-${stuck!.mailId}`, `mail-${stuck!.mailId}`]);
    expect(stub.delivered.map((p) => p.to).sort()).toEqual([stuck!.to, ...rest.map((m) => m.to)].sort());
  });

  it("puts a mail the API refused back in the queue, and marks it failed after its last attempt", async () => {
    await clearQueue();
    const [mail] = await queued(1);
    mailStub(status(503));
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      await deliverOutbox(MAIL_SETTINGS, db());
      expect(await mailRow(mail!.mailId)).toMatchObject({ status: "queued", attempts: attempt, claimedAt: null });
    }
    await deliverOutbox(MAIL_SETTINGS, db());
    const failed = (await mailRow(mail!.mailId))!;
    expect(failed).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(failed.lastError).toContain("503");
  });

  it("marks a mail the API will never take (422) failed at once", async () => {
    await clearQueue();
    const [mail] = await queued(1);
    mailStub(status(422));
    await deliverOutbox(MAIL_SETTINGS, db());
    expect(await mailRow(mail!.mailId)).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("never queues again a mail the API accepted when recording it as sent fails", async () => {
    await clearQueue();
    const [receipt] = await queued(1, "receipt");
    const stub = mailStub(accept);
    const broken = getDb(failingD1(/^update "outbox" set "status" = \?, "sentAt"/));
    expect(await deliverOutbox(MAIL_SETTINGS, broken)).toBe(1);
    expect(stub.delivered).toHaveLength(1);
    // Still claimed, not back in the queue: the admins see it being sent, no delivery takes it…
    const held = (await mailRow(receipt!.mailId))!;
    expect(held).toMatchObject({ status: "queued", attempts: 1, lastError: null });
    expect(held.claimedAt).not.toBeNull();
    const admin = await createAdmin();
    const listed = await call("search-outbox", { limit: 100 }, { cookie: admin.cookie });
    expect(listed.body.data.find((m: { mailId: number }) => m.mailId === receipt!.mailId).status).toBe("sending");
    expect(await deliverOutbox(MAIL_SETTINGS, db())).toBe(0);
    expect(stub.posts).toHaveLength(1);

    // …until its claim is stale (its process is gone): the repeat carries the same key, and the API
    // answers the first send instead of sending the receipt again.
    const later = new Date(Date.now() + STALE_CLAIM_MS + 1000);
    expect(await deliverOutbox(MAIL_SETTINGS, db(), 20, { now: later })).toBe(1);
    expect(stub.posts.map((p) => p.idempotencyKey)).toEqual([`mail-${receipt!.mailId}`, `mail-${receipt!.mailId}`]);
    expect(stub.delivered).toHaveLength(1);
    expect((await mailRow(receipt!.mailId))!.status).toBe("sent");
  });

  it("sends nothing to a deleted account's address", async () => {
    await clearQueue();
    const row = await env.DB.prepare(
      "INSERT INTO outbox (toEmail, mailKind, mailSubject, mailBody) VALUES ('deleted-9@deleted.invalid', 'job-done', 'S', 'B') RETURNING mailId",
    ).first<{ mailId: number }>();
    const stub = mailStub(accept);
    await deliverOutbox(MAIL_SETTINGS, db());
    expect(stub.posts).toHaveLength(0);
    expect(await mailRow(row!.mailId)).toMatchObject({ status: "failed" });
  });
});
