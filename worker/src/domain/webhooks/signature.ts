import { checkSignature, signPayload, SIGNATURE_TOLERANCE_SECONDS, type SignatureProblem } from "../stripe/signature";

/**
 * How outbound webhook events are signed and checked (decision 0024): Stripe's scheme, the one our own
 * gateway and Stripe use towards us (domain/stripe/signature.ts). Only WebCrypto: a receiver in Node,
 * Deno or a Worker may import this file as it is (scripts/agent-example.ts does).
 */
export const SIGNATURE_HEADER = "X-Portal-Signature";
export { SIGNATURE_TOLERANCE_SECONDS };

const encoder = new TextEncoder();

/** The X-Portal-Signature value for `body` sent at `nowSeconds`: `t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`. */
export async function signatureHeader(secret: string, body: string, nowSeconds: number): Promise<string> {
  return `t=${nowSeconds},v1=${await signPayload(secret, nowSeconds, encoder.encode(body))}`;
}

/** An event as every endpoint receives it: its id (the same on a retry or resend), its type, when, and its data. */
export interface WebhookEventBody {
  id: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

export type VerifyOutcome = { ok: true; event: WebhookEventBody } | { ok: false; problem: SignatureProblem | "replayed" };

/**
 * The receiver's check of one request: the signature over the raw body (before parsing it), a
 * timestamp within SIGNATURE_TOLERANCE_SECONDS of the receiver's clock, and an event id not handled
 * before. A forged body or signature is "mismatch"; a recorded request sent again later is "stale";
 * one sent again within the window is caught by `seen` (the receiver's store of handled ids), as a
 * retry of the same event is. Record the id only once the event is handled.
 */
export async function verifyWebhook(
  header: string | null,
  body: string,
  secret: string,
  options: { nowSeconds?: number; seen?: (eventId: string) => boolean | Promise<boolean> } = {},
): Promise<VerifyOutcome> {
  const nowSeconds = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const problem = await checkSignature(header, encoder.encode(body), secret, nowSeconds);
  if (problem) return { ok: false, problem };
  const event = JSON.parse(body) as WebhookEventBody;
  if (options.seen && (await options.seen(event.id))) return { ok: false, problem: "replayed" };
  return { ok: true, event };
}
