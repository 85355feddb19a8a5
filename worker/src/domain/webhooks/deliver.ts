import { unseal } from "../../auth/secretbox";
import { bindingOf, changes, runBatch, type DB } from "../../db";
import type { Portal } from "../context";
import type { Language } from "../../errors/language";
import { formatDate, mailTexts, renderMail } from "../outbox/mails";
import { queueMail } from "../outbox/queue";
import { retryDelaySeconds } from "../outbox/consumer";
import { addressProblem, type AddressPolicy } from "./address";
import type { WebhookQueueMessage } from "./events";
import { SIGNATURE_HEADER, signatureHeader } from "./signature";

/** What delivering needs: the keys that unseal secrets, where it may deliver, the portal the admins' mail names. */
export interface DeliverySettings {
  secretKeys: string;
  policy: AddressPolicy;
  portal: Portal;
  /** Now, in ms (tests move it). */
  now?: () => number;
}

export type WebhookMessage = Pick<Message<WebhookQueueMessage>, "body" | "attempts" | "ack" | "retry">;

/** A day of failures, and nothing delivered in it, turns an endpoint off. */
export const FAILING_DAY_MS = 24 * 3_600_000;
/** A receiver has this long to answer. */
const DELIVERY_TIMEOUT_MS = 10_000;
export const WEBHOOKS_PAGE = "/apps/settings/webhooks";

type Outcome = "done" | "retry";

/**
 * The consumer of the webhook queue: posts each delivery, signed, to its endpoint. A 2xx answer marks
 * it delivered; anything else (an error status, a redirect, a timeout) is retried by the Queue with a
 * growing delay, until max_retries sends it to the dead-letter queue (buryWebhooks). A delivery already
 * made, or whose endpoint is gone or off, is acknowledged unsent: a message the Queue hands out twice
 * posts once.
 */
export async function consumeWebhooks(settings: DeliverySettings, db: DB, messages: readonly WebhookMessage[]): Promise<void> {
  await Promise.all(
    messages.map(async (message) => {
      const outcome = await deliver(settings, db, message.body.deliveryId).catch((error: unknown) => {
        console.error("webhook delivery failed", String(error));
        return "retry" as const;
      });
      if (outcome === "retry") message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      else message.ack();
    }),
  );
}

async function deliver(settings: DeliverySettings, db: DB, deliveryId: number): Promise<Outcome> {
  const row = await db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhooks as w", "w.webhookId", "d.webhookId")
    .select([
      "d.deliveryId",
      "d.webhookId",
      "d.eventId",
      "d.eventType",
      "d.payload",
      "d.status",
      "w.url",
      "w.active",
      "w.secretSealed",
    ])
    .where("d.deliveryId", "=", deliveryId)
    .executeTakeFirst();
  if (!row || row.status !== "queued") return "done";
  if (row.active !== 1) return giveUp(db, deliveryId, "the endpoint is turned off");
  const problem = await addressProblem(row.url, settings.policy);
  if (problem) return giveUp(db, deliveryId, `address refused: ${problem}`);

  const now = settings.now?.() ?? Date.now();
  const secret = await unseal(row.secretSealed, settings.secretKeys);
  let status: number | null = null;
  let error: string | null = null;
  try {
    const response = await fetch(row.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "EdgePortal-Webhooks/1",
        [SIGNATURE_HEADER]: await signatureHeader(secret, row.payload, Math.floor(now / 1000)),
        "x-portal-event": row.eventType,
        "x-portal-event-id": row.eventId,
      },
      body: row.payload,
      // A redirect is a failure: following it would leave the address that was checked.
      redirect: "manual",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
    if (!response.ok) error = `answered ${response.status}`;
  } catch (thrown) {
    error = String(thrown).slice(0, 300);
  }
  const nowIso = new Date(now).toISOString();
  if (error === null) {
    await runBatch(bindingOf(db), [
      db
        .updateTable("webhook_deliveries")
        .set((eb) => ({
          status: "delivered",
          attempts: eb("attempts", "+", 1),
          responseStatus: status,
          lastError: null,
          deliveredAt: nowIso,
        }))
        .where("deliveryId", "=", deliveryId),
      db.updateTable("webhooks").set({ failingSince: null }).where("webhookId", "=", row.webhookId),
    ]);
    return "done";
  }
  return failed(settings, db, { ...row, status, error, now });
}

/** A delivery that will not be sent (its endpoint is off, or points where the Worker may not go). */
async function giveUp(db: DB, deliveryId: number, why: string): Promise<Outcome> {
  await db
    .updateTable("webhook_deliveries")
    .set({ status: "failed", lastError: why })
    .where("deliveryId", "=", deliveryId)
    .where("status", "=", "queued")
    .execute();
  return "done";
}

/**
 * A failed attempt: logged, and the endpoint's failingSince set if this starts a run of failures. Once
 * that run has lasted a day, the endpoint is turned off (once: the statement that does it mails the
 * admins only if it changed the row) and the delivery is given up; otherwise the Queue retries it.
 */
async function failed(
  settings: DeliverySettings,
  db: DB,
  attempt: { deliveryId: number; webhookId: number; url: string; status: number | null; error: string; now: number },
): Promise<Outcome> {
  const nowIso = new Date(attempt.now).toISOString();
  const [, endpoint] = await runBatch<{ failingSince: string }>(bindingOf(db), [
    db
      .updateTable("webhook_deliveries")
      .set((eb) => ({ attempts: eb("attempts", "+", 1), responseStatus: attempt.status, lastError: attempt.error }))
      .where("deliveryId", "=", attempt.deliveryId),
    db
      .updateTable("webhooks")
      .set((eb) => ({ failingSince: eb.fn.coalesce("failingSince", eb.val(nowIso)) }))
      .where("webhookId", "=", attempt.webhookId)
      .returning("failingSince"),
  ]);
  const since = endpoint?.results[0]?.failingSince;
  if (!since || attempt.now - Date.parse(since) < FAILING_DAY_MS) return "retry";
  await disable(settings, db, attempt.webhookId, attempt.url, since, nowIso);
  return giveUp(db, attempt.deliveryId, attempt.error);
}

/** Turns the endpoint off and mails every admin (those whose role manages all), in their language. */
async function disable(settings: DeliverySettings, db: DB, webhookId: number, url: string, since: string, nowIso: string) {
  const admins = await db
    .selectFrom("users as u")
    .innerJoin("roles as r", "r.roleName", "u.userRole")
    .select(["u.userEmail", "u.userName", "u.mailLanguage"])
    .where("u.deletedAt", "is", null)
    .where("u.userIsActive", "=", 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("role_rules as g")
          .select("g.roleId")
          .whereRef("g.roleId", "=", "r.roleId")
          .where("g.inverted", "=", 0)
          .where("g.action", "=", "manage")
          .where("g.subject", "=", "all"),
      ),
    )
    .limit(100)
    .execute();
  const [turnedOff] = await runBatch(bindingOf(db), [
    db.updateTable("webhooks").set({ active: 0, disabledAt: nowIso }).where("webhookId", "=", webhookId).where("active", "=", 1),
  ]);
  if (changes(turnedOff) === 0) return;
  const page = `${settings.portal.origin}${WEBHOOKS_PAGE}`;
  const mails = admins.map((admin) => {
    const language = admin.mailLanguage as Language;
    const content = mailTexts(language).webhookDisabled({
      name: admin.userName,
      site: settings.portal.siteName,
      endpoint: url,
      since: formatDate(language, since),
      url: page,
    });
    return queueMail(db, { to: admin.userEmail, kind: "webhook-disabled", ...renderMail(language, content) });
  });
  if (mails.length > 0) await runBatch(bindingOf(db), mails);
}

/**
 * The consumer of the dead-letter queue: a delivery whose message failed max_retries times is given up
 * (the log shows it failed; an admin may resend it).
 */
export async function buryWebhooks(db: DB, messages: readonly WebhookMessage[]): Promise<void> {
  const ids = [...new Set(messages.map((m) => m.body.deliveryId))];
  if (ids.length > 0) {
    await db
      .updateTable("webhook_deliveries")
      .set({ status: "failed" })
      .where("deliveryId", "in", ids)
      .where("status", "=", "queued")
      .execute();
  }
  for (const message of messages) message.ack();
}
