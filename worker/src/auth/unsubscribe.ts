import { MAIL_PREFERENCES, type MailPreference } from "../contract/notifications";
import { base64url, constantTimeEqual, hmacSha256 } from "./crypto";

/**
 * The signed token of a one-click unsubscribe link (RFC 8058): who, and which kind of mail, signed with
 * an HMAC-SHA256 key derived from the session pepper for this purpose only. It never expires (a mail
 * read months later must still work) and does one harmless thing: turn that kind of mail off.
 */

const PURPOSE = "edge-portal unsubscribe v1";

async function signature(pepper: string, userId: number, preference: MailPreference): Promise<string> {
  const key = await hmacSha256(pepper, PURPOSE);
  return base64url((await hmacSha256(key as Uint8Array<ArrayBuffer>, `${userId}.${preference}`)).slice(0, 16));
}

export async function unsubscribeToken(pepper: string, userId: number, preference: MailPreference): Promise<string> {
  return `${userId}.${preference}.${await signature(pepper, userId, preference)}`;
}

/** The user and preference a token names, or null when it is not one this deployment signed. */
export async function readUnsubscribeToken(
  pepper: string,
  token: string,
): Promise<{ userId: number; preference: MailPreference } | null> {
  const [id, preference, signed, ...rest] = token.split(".");
  if (rest.length > 0 || !id || !/^[1-9]\d{0,15}$/.test(id) || !signed) return null;
  if (!(MAIL_PREFERENCES as readonly string[]).includes(preference ?? "")) return null;
  const userId = Number(id);
  const expected = await signature(pepper, userId, preference as MailPreference);
  return constantTimeEqual(signed, expected) ? { userId, preference: preference as MailPreference } : null;
}
