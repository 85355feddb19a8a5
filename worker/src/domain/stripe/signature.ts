import { constantTimeEqual, toHex } from "../../auth/crypto";

/** How far a signature's timestamp may be from now, either way (replays and clock skew). */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

const encoder = new TextEncoder();

/** HMAC-SHA256 of `"<t>." + body` as lowercase hex, over the body's exact bytes. */
export async function signPayload(secret: string, timestamp: number, body: Uint8Array): Promise<string> {
  const prefix = encoder.encode(`${timestamp}.`);
  const message = new Uint8Array(prefix.byteLength + body.byteLength);
  message.set(prefix, 0);
  message.set(body, prefix.byteLength);
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toHex(await crypto.subtle.sign("HMAC", key, message));
}

/** More v1 values than a secret rotation needs: the header is not from a real sender. */
const MAX_SIGNATURES = 8;

export type SignatureProblem = "missing" | "malformed" | "stale" | "mismatch";

/**
 * Checks a `t=<unix>,v1=<hex>[,v1=<hex>…]` header against the raw body: the scheme of our gateway's
 * `X-Signature` and of Stripe's `Stripe-Signature`. The body is valid when any v1 matches, because a
 * sender rolling its secret signs with the old and the new one for a while; other schemes (Stripe's
 * v0) are ignored. Answers null when valid, else why not. An empty secret never validates anything.
 */
export async function checkSignature(
  header: string | null,
  body: Uint8Array | null,
  secret: string | undefined,
  nowSeconds: number,
): Promise<SignatureProblem | null> {
  if (!header || !body || !secret) return "missing";
  let t: string | undefined;
  const signatures: string[] = [];
  for (const piece of header.split(",")) {
    const at = piece.indexOf("=");
    if (at <= 0) continue;
    const [name, value] = [piece.slice(0, at).trim(), piece.slice(at + 1).trim()];
    if (name === "t") t = value;
    else if (name === "v1") signatures.push(value);
  }
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0 || signatures.length > MAX_SIGNATURES) return "malformed";
  if (!signatures.every((v1) => /^[0-9a-fA-F]{64}$/.test(v1))) return "malformed";
  const timestamp = Number(t);
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return "stale";
  const expected = await signPayload(secret, timestamp, body);
  // Every candidate is compared, so the time taken says nothing about which one matched.
  const matches = signatures.map((v1) => constantTimeEqual(expected, v1.toLowerCase()));
  return matches.includes(true) ? null : "mismatch";
}
