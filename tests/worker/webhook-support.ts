import { vi } from "vitest";
import type { WebhookMessage } from "../../worker/src/domain/webhooks/deliver";
import type { WebhookQueueMessage } from "../../worker/src/domain/webhooks/events";
import { verifyWebhook, type VerifyOutcome } from "../../worker/src/domain/webhooks/signature";

/** The address the local receiver stands at (WEBHOOK_ALLOW_LOOPBACK is "true" in the worker tests). */
export const RECEIVER_URL = "http://127.0.0.1:9911/hooks";

/** A queue message as the consumer sees it, recording how it was settled. */
export interface TestWebhookMessage extends WebhookMessage {
  acked: boolean;
  retried: { delaySeconds?: number } | null;
}

export function webhookMessages(deliveryIds: readonly number[], attempts = 1): TestWebhookMessage[] {
  return deliveryIds.map((deliveryId) => {
    const message: TestWebhookMessage = {
      body: { deliveryId },
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

/** A Queue binding that records what the producer sends. */
export function recordingWebhookQueue() {
  const sent: WebhookQueueMessage[] = [];
  const queue = {
    send: async (body: WebhookQueueMessage) => void sent.push(body),
    sendBatch: async (messages: Iterable<{ body: WebhookQueueMessage }>) => {
      for (const m of messages) sent.push(m.body);
    },
  } as unknown as Queue<WebhookQueueMessage>;
  return { queue, sent };
}

/** One request the receiver got, and what verifying it said. */
export interface Received {
  url: string;
  headers: Headers;
  body: string;
  verified: VerifyOutcome;
}

/**
 * A receiver standing in for fetch at RECEIVER_URL, as a real one should be written: it verifies each
 * request with verifyWebhook against the endpoint's secret and handles each event id once. `answers`
 * gives the status of each valid new request in turn (then 200).
 */
export function localReceiver(secret: () => string, answers: number[] = []) {
  const received: Received[] = [];
  const handled = new Set<string>();
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith(RECEIVER_URL)) throw new Error(`unexpected fetch ${url}`);
    const headers = new Headers(init?.headers);
    const body = String(init?.body);
    const verified = await verifyWebhook(headers.get("x-portal-signature"), body, secret(), { seen: (id) => handled.has(id) });
    received.push({ url, headers, body, verified });
    // A forged or stale request is refused; one already handled is answered 200 and not handled again.
    if (!verified.ok) return new Response(null, { status: verified.problem === "replayed" ? 200 : 400 });
    const status = answers.shift() ?? 200;
    if (status === 200) handled.add(verified.event.id);
    return new Response(null, { status });
  });
  return { received, handled, spy };
}
