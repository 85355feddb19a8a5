import { env } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../../worker/src/db";
import { addressProblem } from "../../worker/src/domain/webhooks/address";
import { buryWebhooks, consumeWebhooks, FAILING_DAY_MS } from "../../worker/src/domain/webhooks/deliver";
import { emitWebhookEvent } from "../../worker/src/domain/webhooks/events";
import { signatureHeader, verifyWebhook } from "../../worker/src/domain/webhooks/signature";
import { call, callForm, createAdmin, createJobSite, createUser, pdfFile, type TestUser } from "./helpers";
import { dashboardRefund, paidCard } from "./refund-support";
import { postEvent, stripeEnv } from "./stripe-support";
import { localReceiver, RECEIVER_URL, recordingWebhookQueue, webhookMessages } from "./webhook-support";

/** Outbound webhooks (issue 42 item 3, decision 0024). */

afterEach(() => vi.restoreAllMocks());
// Each test's endpoints are its own.
beforeEach(() => env.DB.batch([env.DB.prepare("DELETE FROM webhook_deliveries"), env.DB.prepare("DELETE FROM webhooks")]));

const db = () => getDb(env.DB);
const SETTINGS = {
  secretKeys: env.VENDOR_SECRET_KEYS,
  policy: { allowLoopback: true },
  portal: { siteName: "Edge Portal", origin: "http://portal.test" },
};

let admin: TestUser;
let client: TestUser;
beforeAll(async () => {
  [admin, client] = await Promise.all([createAdmin(), createUser({ quota: 100 })]);
});

async function createEndpoint(events: string[], url = RECEIVER_URL) {
  const answer = await call("update-webhook", { webhookId: 0, url, events, active: true }, { cookie: admin.cookie });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { webhookId: answer.body.webhook.webhookId as number, secret: answer.body.secret as string };
}

const deliveryRow = (deliveryId: number) =>
  env.DB.prepare("SELECT * FROM webhook_deliveries WHERE deliveryId = ?1").bind(deliveryId).first<Record<string, unknown>>();

describe("endpoints", () => {
  it("creates an endpoint with a secret shown once and stored sealed, lists, changes and deletes it; clients are refused", async () => {
    const created = await call(
      "update-webhook",
      { webhookId: 0, url: RECEIVER_URL, events: ["job.queued", "job.queued", "payment.refunded"] },
      { cookie: admin.cookie },
    );
    expect(created.status).toBe(200);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const { webhookId } = created.body.webhook;
    expect(created.body.webhook).toMatchObject({ url: RECEIVER_URL, events: ["job.queued", "payment.refunded"], active: true });
    const stored = await env.DB.prepare("SELECT secretSealed FROM webhooks WHERE webhookId = ?1")
      .bind(webhookId)
      .first<{ secretSealed: string }>();
    expect(stored!.secretSealed).not.toContain(created.body.secret.slice(6));

    const listed = await call("search-webhook", {}, { cookie: admin.cookie });
    expect(listed.body.webhooks).toContainEqual(expect.objectContaining({ webhookId }));
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);

    const changed = await call(
      "update-webhook",
      { webhookId, url: RECEIVER_URL, events: ["job.finished"], active: false },
      { cookie: admin.cookie },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.secret).toBeUndefined();
    expect(changed.body.webhook).toMatchObject({ events: ["job.finished"], active: false });

    for (const [name, body] of [
      ["search-webhook", {}],
      ["update-webhook", { webhookId: 0, url: RECEIVER_URL, events: ["job.queued"] }],
      ["delete-webhook", { webhookId }],
      ["search-webhook-delivery", {}],
    ] as const) {
      expect((await call(name, body, { cookie: client.cookie })).status, name).toBe(403);
    }
    expect((await call("delete-webhook", { webhookId }, { cookie: admin.cookie })).status).toBe(200);
    expect((await call("delete-webhook", { webhookId }, { cookie: admin.cookie })).status).toBe(404);
    const missing = await call(
      "update-webhook",
      { webhookId, url: RECEIVER_URL, events: ["job.queued"] },
      { cookie: admin.cookie },
    );
    expect(missing.status).toBe(404);
  });

  it("answers 400 for an unknown event, no event, or an address it may not deliver to, and writes nothing", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM webhooks").first<{ n: number }>();
    for (const body of [
      { url: RECEIVER_URL, events: ["user.created"] },
      { url: RECEIVER_URL, events: [] },
      { url: "not an address", events: ["job.queued"] },
      { url: "http://example.com/hook", events: ["job.queued"] },
      { url: "https://10.1.2.3/hook", events: ["job.queued"] },
      { url: "https://localhost/hook", events: ["job.queued"] },
    ]) {
      const answer = await call("update-webhook", { webhookId: 0, ...body }, { cookie: admin.cookie });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const refused = await call(
      "update-webhook",
      { webhookId: 0, url: "https://169.254.169.254/latest", events: ["job.queued"] },
      { cookie: `${admin.cookie}; language=${encodeURIComponent('"fr"')}` },
    );
    expect(refused.body).toMatchObject({ code: "invalid_url", field: "url" });
    expect(refused.body.error).toContain("publique");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM webhooks").first<{ n: number }>()).toEqual(before);
  });
});

describe("where webhooks may go in production", () => {
  const production = (resolved: string[]) => ({ allowLoopback: false, resolve: async () => resolved });

  it("refuses loopback, private, link-local and non-https addresses, by literal and by what DNS answers", async () => {
    const publicHost = production(["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"]);
    expect(await addressProblem("https://hooks.example.com/in", publicHost)).toBeNull();
    expect(await addressProblem("https://93.184.215.14/in", publicHost)).toBeNull();
    for (const url of [
      "https://127.0.0.1/in",
      "https://127.1/in",
      "https://0x7f000001/in",
      "https://[::1]/in",
      "https://[::ffff:127.0.0.1]/in",
      "https://10.0.0.8/in",
      "https://172.16.3.4/in",
      "https://192.168.1.1/in",
      "https://169.254.169.254/in",
      "https://100.64.0.1/in",
      "https://0.0.0.0/in",
      "https://[fd00::1]/in",
      "https://[fe80::1]/in",
      "https://localhost/in",
      "https://printer.local/in",
      "https://intranet/in",
    ]) {
      expect(await addressProblem(url, publicHost), url).toBe("private");
    }
    expect(await addressProblem("http://127.0.0.1:9911/in", publicHost)).toBe("not_https");
    expect(await addressProblem("http://hooks.example.com/in", publicHost)).toBe("not_https");
    expect(await addressProblem("https://user:pw@hooks.example.com/in", publicHost)).toBe("invalid");
    // A public name that resolves to a private address (DNS rebinding to an internal service).
    expect(await addressProblem("https://rebind.example.com/in", production(["93.184.215.14", "10.0.0.5"]))).toBe("private");
    expect(await addressProblem("https://gone.example.com/in", production([]))).toBe("unresolved");
    // The local server's allowance is 127.0.0.1 only.
    expect(await addressProblem("http://127.0.0.1:9911/in", { allowLoopback: true })).toBeNull();
    expect(await addressProblem("http://10.0.0.8/in", { allowLoopback: true, resolve: async () => [] })).toBe("not_https");
  });

  it("refuses to deliver to an endpoint whose address is no longer allowed", async () => {
    const { webhookId } = await createEndpoint(["job.queued"]);
    const [deliveryId] = await emitJobEvent("job.queued");
    const receiver = localReceiver(() => "unused");
    const [message] = webhookMessages([deliveryId!]);
    await consumeWebhooks({ ...SETTINGS, policy: { allowLoopback: false } }, db(), [message!]);
    expect(receiver.received).toEqual([]);
    expect(message!.acked).toBe(true);
    expect(await deliveryRow(deliveryId!)).toMatchObject({ status: "failed", lastError: "address refused: not_https" });
    await call("delete-webhook", { webhookId }, { cookie: admin.cookie });
  });
});

/** A queued job of the client's, and the event emitted for it (every subscribed endpoint's delivery ids). */
async function emitJobEvent(type: "job.queued" | "job.finished", queue = recordingWebhookQueue().queue) {
  const job = await env.DB.prepare(
    "INSERT INTO history (uniqueId, userId, siteName, vendorName, fileName, fileKey, pointsSpent) VALUES (?1, ?2, 'Site', 'Vendor', 'a.pdf', 'k', 0) RETURNING uniqueId",
  )
    .bind(`job-${crypto.randomUUID()}`, client.userId)
    .first<{ uniqueId: string }>();
  return emitWebhookEvent({ db: db(), queue }, type, job!.uniqueId);
}

describe("delivery", () => {
  it("reaches the local receiver once, with a valid signature and the same event id, under a queue retry", async () => {
    const { webhookId, secret } = await createEndpoint(["job.queued"]);
    const other = await createEndpoint(["payment.confirmed"]);
    const { queue, sent } = recordingWebhookQueue();
    // The real path: submit-job commits, then the event goes to every endpoint subscribed to job.queued.
    const { siteId } = await createJobSite({ price: 10 });
    const submitted = await callForm(
      "submit-job",
      { siteId: String(siteId), file: pdfFile() },
      { cookie: client.cookie, env: { ...env, WEBHOOK_QUEUE: queue } },
    );
    expect(submitted.status).toBe(200);
    expect(sent).toHaveLength(1);
    const { deliveryId } = sent[0]!;
    expect(await deliveryRow(deliveryId)).toMatchObject({ webhookId, eventType: "job.queued", status: "queued" });

    // The receiver fails the first time: the Queue retries with a delay, and the second attempt lands.
    const receiver = localReceiver(() => secret, [503]);
    const first = webhookMessages([deliveryId], 1);
    await consumeWebhooks(SETTINGS, db(), first);
    expect(first[0]!.retried).toEqual({ delaySeconds: 30 });
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "queued", attempts: 1, responseStatus: 503 });
    const second = webhookMessages([deliveryId], 2);
    await consumeWebhooks(SETTINGS, db(), second);
    expect(second[0]!.acked).toBe(true);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: "delivered", attempts: 2, responseStatus: 200 });
    // The Queue handing the message out again (at least once) posts nothing more.
    await consumeWebhooks(SETTINGS, db(), webhookMessages([deliveryId], 3));

    expect(receiver.received).toHaveLength(2);
    expect(receiver.received.every((r) => r.verified.ok)).toBe(true);
    const [a, b] = receiver.received.map(
      (r) => JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown> },
    );
    expect(a!.id).toMatch(/^evt_/);
    expect(b!.id).toBe(a!.id);
    expect(receiver.handled).toEqual(new Set([a!.id]));
    expect(receiver.received[0]!.headers.get("x-portal-event-id")).toBe(a!.id);
    expect(a).toMatchObject({
      type: "job.queued",
      data: { uniqueId: submitted.body.history.fileData.uniqueId, siteId, status: 0 },
    });
    // Ids and states only: nobody's email, name, file or credentials.
    const text = receiver.received[0]!.body;
    expect(text).not.toContain(client.email);
    expect(text).not.toMatch(/a\.pdf|essay|vendor|secret|password/i);
    // The endpoint not subscribed to it got nothing.
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE webhookId = ?1").bind(other.webhookId).first(),
    ).toEqual({ n: 0 });
  });

  it("carries a payment's reference, status and amounts, and logs nothing for an event nobody subscribed to", async () => {
    const { webhookId } = await createEndpoint(["payment.refunded"]);
    const referenceId = crypto.randomUUID().replaceAll("-", "");
    await env.DB.prepare(
      "INSERT INTO payments (referenceId, userId, amount, currency, status, lines, expiresAt) VALUES (?1, ?2, 1990, 'USD', 'pending', '[]', ?3)",
    )
      .bind(referenceId, client.userId, new Date(Date.now() + 86_400_000).toISOString())
      .run();
    expect(await emitWebhookEvent({ db: db(), queue: undefined }, "payment.confirmed", referenceId)).toEqual([]);
    const [deliveryId] = await emitWebhookEvent({ db: db(), queue: undefined }, "payment.refunded", referenceId);
    const row = await deliveryRow(deliveryId!);
    expect(row).toMatchObject({ webhookId, eventType: "payment.refunded" });
    expect(JSON.parse(String(row!.payload))).toMatchObject({
      type: "payment.refunded",
      data: { referenceId, status: "pending", amount: 1990, currency: "USD", refundedAmount: 0, paidAt: null },
    });
    await call("delete-webhook", { webhookId }, { cookie: admin.cookie });
  });

  it("tells of a refund made in Stripe's dashboard once, when its event settles it, not again on a replay", async () => {
    const { webhookId } = await createEndpoint(["payment.refunded"]);
    const { queue, sent } = recordingWebhookQueue();
    const card = await paidCard();
    const { refund } = await dashboardRefund(card.paymentIntent, 10);
    const stripe = { env: { ...stripeEnv(), WEBHOOK_QUEUE: queue } };
    expect((await postEvent("refund.created", refund, stripe)).status).toBe(200);
    expect((await postEvent("refund.created", refund, stripe)).status).toBe(200);
    expect(sent).toHaveLength(1);
    const row = await deliveryRow(sent[0]!.deliveryId);
    expect(row).toMatchObject({ webhookId, eventType: "payment.refunded" });
    expect(JSON.parse(String(row!.payload))).toMatchObject({ data: { referenceId: card.referenceId } });
  });

  it("turns an endpoint off after a day of failures and mails the admins once; the dead-letter queue gives up", async () => {
    const { webhookId, secret } = await createEndpoint(["job.finished"]);
    const [deliveryId] = await emitJobEvent("job.finished");
    localReceiver(() => secret, [500, 500, 500]);
    await consumeWebhooks(SETTINGS, db(), webhookMessages([deliveryId!]));
    const since = await env.DB.prepare("SELECT failingSince FROM webhooks WHERE webhookId = ?1")
      .bind(webhookId)
      .first<{ failingSince: string }>();
    expect(since!.failingSince).not.toBeNull();

    const aDayLater = Date.parse(since!.failingSince) + FAILING_DAY_MS + 1000;
    const late = webhookMessages([deliveryId!], 2);
    await consumeWebhooks({ ...SETTINGS, now: () => aDayLater }, db(), late);
    expect(late[0]!.acked).toBe(true);
    // (Signed a day later than the receiver's clock, it is refused as stale: a failure as any other.)
    expect(await deliveryRow(deliveryId!)).toMatchObject({ status: "failed", lastError: "answered 400" });
    const endpoint = await env.DB.prepare("SELECT active, disabledAt FROM webhooks WHERE webhookId = ?1").bind(webhookId).first();
    expect(endpoint).toMatchObject({ active: 0, disabledAt: new Date(aDayLater).toISOString() });
    const mails = await env.DB.prepare("SELECT toEmail, mailBody FROM outbox WHERE mailKind = 'webhook-disabled'").all<{
      toEmail: string;
      mailBody: string;
    }>();
    expect(mails.results.map((m) => m.toEmail)).toContain(admin.email);
    expect(mails.results.find((m) => m.toEmail === admin.email)!.mailBody).toContain(RECEIVER_URL);

    // Turned off, its queued events are not sent; resending to it is refused until it is on again.
    const [next] = await emitJobEvent("job.finished");
    expect(next).toBeUndefined();
    const resend = await call("resend-webhook-delivery", { deliveryId }, { cookie: admin.cookie });
    expect(resend.status).toBe(409);

    // Turned on again: its run of failures starts afresh, and a resend queues the same event.
    await call(
      "update-webhook",
      { webhookId, url: RECEIVER_URL, events: ["job.finished"], active: true },
      { cookie: admin.cookie },
    );
    const { queue, sent } = recordingWebhookQueue();
    const resent = await call(
      "resend-webhook-delivery",
      { deliveryId },
      { cookie: admin.cookie, env: { ...env, WEBHOOK_QUEUE: queue } },
    );
    expect(resent.status).toBe(200);
    expect(resent.body.delivery).toMatchObject({ deliveryId, status: "queued", lastError: null });
    expect(sent).toEqual([{ deliveryId }]);

    // Past max_retries, the dead-letter queue marks it failed.
    const buried = webhookMessages([deliveryId!], 11);
    await buryWebhooks(db(), buried);
    expect(buried[0]!.acked).toBe(true);
    expect(await deliveryRow(deliveryId!)).toMatchObject({ status: "failed" });

    const log = await call("search-webhook-delivery", { webhookId }, { cookie: admin.cookie });
    expect(log.body.data).toEqual([
      expect.objectContaining({ deliveryId, url: RECEIVER_URL, eventType: "job.finished", status: "failed" }),
    ]);
    expect((await call("resend-webhook-delivery", { deliveryId: 999_999 }, { cookie: admin.cookie })).status).toBe(404);
  });
});

describe("the receiver's check (verifyWebhook)", () => {
  const secret = "whsec_test";
  const body = JSON.stringify({
    id: "evt_1",
    type: "job.queued",
    createdAt: "2026-12-01T00:00:00.000Z",
    data: { uniqueId: "j" },
  });
  const now = 1_800_000_000;

  it("accepts a signed event once, and detects a forged body, a wrong secret, a replay outside and inside the window", async () => {
    const header = await signatureHeader(secret, body, now);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    const handled = new Set<string>();
    const seen = (id: string) => handled.has(id);
    const first = await verifyWebhook(header, body, secret, { nowSeconds: now + 2, seen });
    expect(first).toMatchObject({ ok: true, event: { id: "evt_1" } });
    handled.add("evt_1");

    expect(await verifyWebhook(header, body.replace('"j"', '"k"'), secret, { nowSeconds: now })).toEqual({
      ok: false,
      problem: "mismatch",
    });
    expect(await verifyWebhook(header, body, "whsec_other", { nowSeconds: now })).toEqual({ ok: false, problem: "mismatch" });
    expect(await verifyWebhook(header.replace("t=1800000000", "t=1800000001"), body, secret, { nowSeconds: now })).toEqual({
      ok: false,
      problem: "mismatch",
    });
    expect(await verifyWebhook(null, body, secret, { nowSeconds: now })).toEqual({ ok: false, problem: "missing" });
    expect(await verifyWebhook("v1=abc", body, secret, { nowSeconds: now })).toEqual({ ok: false, problem: "malformed" });
    // Recorded and sent again ten minutes later: outside the five-minute window.
    expect(await verifyWebhook(header, body, secret, { nowSeconds: now + 600, seen })).toEqual({ ok: false, problem: "stale" });
    // Sent again within the window: the id was handled already.
    expect(await verifyWebhook(header, body, secret, { nowSeconds: now + 60, seen })).toEqual({ ok: false, problem: "replayed" });
  });
});
