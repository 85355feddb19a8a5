import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../../worker/src/db";
import { consumeMail } from "../../worker/src/domain/outbox/consumer";
import { dispatchMail } from "../../worker/src/domain/outbox/dispatch";
import worker from "../../worker/src/index";
import { QUEUES } from "../../worker/src/queues";
import { call, createAdmin, createUser } from "./helpers";
import { mailRow, messagesFor, queuedMails, recordingQueue } from "./mail-queue-support";
import { accept, MAIL_SETTINGS, mailStub } from "./mail-stub";

/** Mail through a Cloudflare Queue (issue 24): the producer, the consumer, the dead-letter queue. */

afterEach(() => vi.restoreAllMocks());

const db = () => getDb(env.DB);

/** Only this test's rows count: earlier tests' queued mail is marked sent first. */
const clearQueue = () => env.DB.prepare("UPDATE outbox SET status = 'sent' WHERE status = 'queued'").run();

describe("the producer", () => {
  it("hands each queued mail to the Queue once; a message lost for two hours is sent again", async () => {
    await clearQueue();
    const mails = await queuedMails(3);
    const { queue, sent } = recordingQueue();
    const mail = { queue, configured: true };
    expect(await dispatchMail(mail, db())).toBe(3);
    expect(sent.map((m) => m.mailId)).toEqual(mails.map((m) => m.mailId));
    expect((await mailRow(mails[0]!.mailId))!.enqueuedAt).not.toBeNull();
    // Two dispatches at once (a request's and the cron's) never hand over the same row twice.
    const more = await queuedMails(2);
    const both = await Promise.all([dispatchMail(mail, db()), dispatchMail(mail, db())]);
    expect(both[0] + both[1]).toBe(2);
    expect(sent.map((m) => m.mailId).sort()).toEqual([...mails, ...more].map((m) => m.mailId).sort());
    const later = new Date(Date.now() + 2 * 3600_000 + 1000);
    expect(await dispatchMail(mail, db(), later)).toBe(5);
  });

  it("keeps mail in the outbox without a mail API, and picks it again when the Queue refused it", async () => {
    await clearQueue();
    const [mail] = await queuedMails(1);
    const { queue, sent } = recordingQueue();
    expect(await dispatchMail({ queue, configured: false }, db())).toBe(0);
    expect(sent).toEqual([]);
    expect((await mailRow(mail!.mailId))!.enqueuedAt).toBeNull();
    expect(await dispatchMail({ queue: recordingQueue(true).queue, configured: true }, db())).toBe(0);
    expect((await mailRow(mail!.mailId))!.enqueuedAt).toBeNull();
    expect(await dispatchMail({ queue, configured: true }, db())).toBe(1);
  });

  it(
    "hands a burst of 2,500 mails to the Queue in one run, and picks again what the Queue refused mid-way",
    { timeout: 30_000 },
    async () => {
      await clearQueue();
      await env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2500)
       INSERT INTO outbox (toEmail, mailKind, mailSubject, mailBody) SELECT 'burst-' || i || '@example.test', 'burst', 'Hello', 'Text' FROM n`,
      ).run();
      const { queue, sent } = recordingQueue();
      expect(await dispatchMail({ queue, configured: true }, db())).toBe(2500);
      expect(new Set(sent.map((m) => m.mailId)).size).toBe(2500);

      // The Queue takes the first 100 messages of a page, then refuses: none of the rest waits two hours.
      await clearQueue();
      const mails = await queuedMails(250);
      const flaky = recordingQueue();
      let calls = 0;
      const refusingLater = {
        ...flaky.queue,
        sendBatch: async (messages: Iterable<{ body: { mailId: number } }>) => {
          if (++calls > 1) throw new Error("queue unavailable");
          for (const m of messages) flaky.sent.push(m.body);
        },
      } as unknown as Queue<{ mailId: number }>;
      expect(await dispatchMail({ queue: refusingLater, configured: true }, db())).toBe(100);
      const { queue: working, sent: resent } = recordingQueue();
      expect(await dispatchMail({ queue: working, configured: true }, db())).toBe(150);
      expect([...flaky.sent, ...resent].map((m) => m.mailId).sort()).toEqual(mails.map((m) => m.mailId).sort());
    },
  );

  it("hands a request's mail to the Queue right after the answer (forgot-password)", async () => {
    await clearQueue();
    const user = await createUser();
    const { queue, sent } = recordingQueue();
    const configured = { ...env, ...MAIL_SETTINGS, MAIL_QUEUE: queue };
    expect((await call("forgot-password", { email: user.email }, { env: configured })).status).toBe(200);
    const reset = await env.DB.prepare("SELECT mailId FROM outbox WHERE toEmail = ?1 AND mailKind = 'reset-password'")
      .bind(user.email)
      .first<{ mailId: number }>();
    expect(sent).toEqual([{ mailId: reset!.mailId }]);
  });
});

describe("the consumer", () => {
  it("passes the attachment made when the mail is sent on, and the one-click unsubscribe headers", async () => {
    const [mail] = await queuedMails(1, "receipt", {
      attachment: "invoice:test-1",
      unsubscribeUrl: "https://portal.test/api/unsubscribe?token=t",
    });
    const stub = mailStub(accept);
    const made: string[] = [];
    const makeAttachment = async (reference: string) => {
      made.push(reference);
      return { filename: "invoice-1.pdf", content: btoa("%PDF-1.4 invoice") };
    };
    await consumeMail(MAIL_SETTINGS, db(), messagesFor([mail!.mailId]), { makeAttachment });
    expect(made).toEqual(["invoice:test-1"]);
    expect(stub.posts[0]!.body).toMatchObject({
      attachments: [{ filename: "invoice-1.pdf", content: btoa("%PDF-1.4 invoice") }],
      headers: {
        "List-Unsubscribe": "<https://portal.test/api/unsubscribe?token=t>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
    // An attachment that cannot be made now (the PDF Worker is down) sends nothing: the message is retried.
    const [later] = await queuedMails(1, "receipt", { attachment: "invoice:test-2" });
    const [message] = messagesFor([later!.mailId]);
    await consumeMail(MAIL_SETTINGS, db(), [message!], { makeAttachment: () => Promise.reject(new Error("pdf down")) });
    expect(message!.retried).not.toBeNull();
    expect(await mailRow(later!.mailId)).toMatchObject({ status: "queued", attempts: 1 });
    expect(stub.posts).toHaveLength(1);
  });

  it("acknowledges without sending when no mail API is configured: the mail stays queued", async () => {
    const [mail] = await queuedMails(1);
    const stub = mailStub(accept);
    const messages = messagesFor([mail!.mailId]);
    await consumeMail({ ...MAIL_SETTINGS, MAIL_API_KEY: "" }, db(), messages);
    expect(messages[0]!.acked).toBe(true);
    expect(stub.posts).toEqual([]);
    expect(await mailRow(mail!.mailId)).toMatchObject({ status: "queued", attempts: 0 });
  });

  it("is the Worker's queue handler; the dead-letter queue's batches mark their mails failed", async () => {
    const [mail, held] = await queuedMails(2);
    const stub = mailStub(accept);
    const configured = { ...env, ...MAIL_SETTINGS };
    const noop = { waitUntil: () => undefined, passThroughOnException: () => undefined } as unknown as ExecutionContext;
    const batchOf = (queue: string, mailIds: number[]) =>
      ({ queue, messages: messagesFor(mailIds), retryAll: () => undefined, ackAll: () => undefined }) as unknown as MessageBatch<{
        mailId: number;
      }>;
    await worker.queue(batchOf(QUEUES.mail, [mail!.mailId]), configured, noop);
    expect(stub.posts.map((p) => p.to)).toEqual([mail!.to]);
    expect((await mailRow(mail!.mailId))!.status).toBe("sent");

    await env.DB.prepare("UPDATE outbox SET claimedAt = ?1 WHERE mailId = ?2").bind(new Date().toISOString(), held!.mailId).run();
    const [buried] = await queuedMails(1);
    await worker.queue(batchOf(QUEUES.mailDeadLetters, [buried!.mailId, held!.mailId, mail!.mailId]), configured, noop);
    expect(await mailRow(buried!.mailId)).toMatchObject({
      status: "failed",
      lastError: "given up: its queue message failed too often",
    });
    // A mail a delivery holds right now, or one already sent, is left as it is.
    expect((await mailRow(held!.mailId))!.status).toBe("queued");
    expect((await mailRow(mail!.mailId))!.status).toBe("sent");
  });
});

describe("the outbox page's preview and resend", () => {
  it("shows a mail's text and HTML to its managers, and resends a copy under its own key", async () => {
    const admin = await createAdmin();
    const user = await createUser({ name: "Preview" });
    await call("forgot-password", { email: user.email });
    const original = await env.DB.prepare("SELECT mailId FROM outbox WHERE toEmail = ?1")
      .bind(user.email)
      .first<{ mailId: number }>();
    const preview = await call("outbox-preview", { mailId: original!.mailId }, { cookie: admin.cookie });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ toEmail: user.email, mailKind: "reset-password", status: "queued", attachment: null });
    expect(preview.body.mailHtml).toContain("<html");
    expect(preview.body.mailBody).toContain("reset-password-v1?token=");

    await env.DB.prepare("UPDATE outbox SET status = 'failed', lastError = 'x' WHERE mailId = ?1").bind(original!.mailId).run();
    const resent = await call("resend-mail", { mailId: original!.mailId }, { cookie: admin.cookie });
    expect(resent.status).toBe(200);
    expect(resent.body.mailId).toBeGreaterThan(original!.mailId);
    expect(await mailRow(resent.body.mailId)).toMatchObject({ status: "queued", attempts: 0, lastError: null });
    const audit = await env.DB.prepare(
      "SELECT subjectId, detail FROM audit_log WHERE action = 'resend-mail' ORDER BY auditId DESC",
    ).first<{
      subjectId: string;
      detail: string;
    }>();
    expect(audit).toEqual({ subjectId: String(resent.body.mailId), detail: JSON.stringify({ copyOf: original!.mailId }) });

    expect((await call("resend-mail", { mailId: 99_999_999 }, { cookie: admin.cookie })).status).toBe(404);
    expect((await call("outbox-preview", { mailId: 99_999_999 }, { cookie: admin.cookie })).status).toBe(404);
    expect((await call("outbox-preview", { mailId: original!.mailId }, { cookie: user.cookie })).status).toBe(403);
  });
});
