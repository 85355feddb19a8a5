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

export type SignatureProblem = "missing" | "malformed" | "stale" | "mismatch";

/**
 * Checks `X-Signature: t=<unix>,v1=<hex>` against the raw body. Answers null when valid, else why not.
 * An empty secret never validates anything.
 */
export async function checkSignature(
  header: string | null,
  body: Uint8Array | null,
  secret: string,
  nowSeconds: number,
): Promise<SignatureProblem | null> {
  if (!header || !body || !secret) return "missing";
  const parts = new Map<string, string>();
  for (const piece of header.split(",")) {
    const at = piece.indexOf("=");
    if (at > 0) parts.set(piece.slice(0, at).trim(), piece.slice(at + 1).trim());
  }
  const t = parts.get("t");
  const v1 = parts.get("v1");
  if (!t || !v1 || !/^\d{1,12}$/.test(t) || !/^[0-9a-fA-F]{64}$/.test(v1)) return "malformed";
  const timestamp = Number(t);
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return "stale";
  const expected = await signPayload(secret, timestamp, body);
  return constantTimeEqual(expected, v1.toLowerCase()) ? null : "mismatch";
}
